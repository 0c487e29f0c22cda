import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { backupProblems } from '../../server/db/sqlite-backup.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import { demoSignIn } from '../../server/demo/master-data.ts';
import { TestClient, testPasswordCost } from '../support/test-api.ts';

// A demo shop's database as the release of 2026-11-24 (commit 92bc120) wrote it: its migrations, its demo data and
// its 1,356 stock movements. Each later release must open it, migrate it forward and lose nothing.
const fixture = new URL('../fixtures/release-2026-11-24.db.gz', import.meta.url);
const keptTables = [
  'businesses',
  'users',
  'contacts',
  'items',
  'stocks',
  'stock_movements',
  'invoices',
  'invoice_lines',
  'invoice_payments',
  'bills',
  'purchase_orders',
  'receive_orders',
  'stock_transfers',
  'prescriptions',
  'job_orders',
  'record_history',
] as const;

let dir: string;
let path: string;
let before: Record<string, number>;

const counts = (file: string): Record<string, number> => {
  const db = new Sqlite(file, { readonly: true });
  try {
    return Object.fromEntries(
      keptTables.map((table) => [table, (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spectacle-upgrade-'));
  path = join(dir, 'spectacle.db');
  writeFileSync(path, gunzipSync(readFileSync(fixture)));
  before = counts(path);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a database written by the previous release', () => {
  it('migrates forward, keeps every row, and serves its demo shop', async () => {
    const db = connectDatabase({ kind: 'sqlite', path });
    try {
      await migrateToLatest(db);
      // The server seeds at every start: on a shop that has users it only refreshes the permission catalogue.
      await seedDatabase(db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
      const app = await buildApp({ db, passwordCost: testPasswordCost });
      try {
        const client = new TestClient(app);
        await client.get('/api/csrf-cookie');
        const signIn = await client.post('/login', { email: demoSignIn.emails[0], password: demoSignIn.password });
        expect(signIn.status).toBe(200);
        const businesses = await client.get('/api/businesses');
        expect(businesses.status).toBe(200);
        client.businessId = (businesses.json as { data: { id: number }[] }).data[0]?.id ?? null;
        const invoices = await client.get('/api/invoices');
        expect(invoices.status).toBe(200);
        expect((invoices.json as { meta: { total: number } }).meta.total).toBe(before.invoices);
        const stocks = await client.get('/api/stocks');
        expect(stocks.status).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
    }
    expect(counts(path)).toEqual(before);
    expect(backupProblems(path)).toEqual([]);
  });
});
