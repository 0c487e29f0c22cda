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

// Demo shops' databases as three releases wrote them: their migrations, their demo data and their stock movements.
// Each later release must open them, migrate them forward, lose nothing, and end with the schema a new shop gets.
const releases = [
  {
    // Commit 92bc120: 1,356 stock movements, before returns, counts and the cash drawer.
    fixture: 'release-2026-11-24.db.gz',
    tables: [] as string[],
  },
  {
    // Commit 698917b: 1,364 stock movements, with credit and debit memos, counts, cash sessions and Z-readings.
    fixture: 'release-2026-11-26.db.gz',
    tables: ['credit_memos', 'debit_memos', 'stock_adjustments', 'stock_counts', 'cash_sessions', 'z_readings'],
  },
  {
    // Commit fc4d514: 1,364 stock movements, the last release before closed books, terminals and deposits.
    fixture: 'release-2026-11-29.db.gz',
    tables: ['credit_memos', 'debit_memos', 'stock_adjustments', 'stock_counts', 'cash_sessions', 'z_readings'],
  },
];
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
];

const counts = (file: string, tables: readonly string[]): Record<string, number> => {
  const db = new Sqlite(file, { readonly: true });
  try {
    return Object.fromEntries(
      tables.map((table) => [table, (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
};

// Every table, index and trigger as SQLite keeps its definition, white space folded: the same migrations run on an
// old database and on a new one must leave the same text, so a helper that a released migration calls and that
// later changed what it builds shows here.
const schemaOf = (file: string): Record<string, string> => {
  const db = new Sqlite(file, { readonly: true });
  try {
    const rows = db
      .prepare(`select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%'`)
      .all() as { type: string; name: string; sql: string }[];
    return Object.fromEntries(rows.map((row) => [`${row.type} ${row.name}`, row.sql.replace(/\s+/g, ' ')]));
  } finally {
    db.close();
  }
};

// What a server's start does to a database: migrate, seed (on a shop that has users only the permission catalogue
// is refreshed) and build its search indexes.
async function start(file: string, check: (client: TestClient) => Promise<void> = async () => undefined) {
  const db = connectDatabase({ kind: 'sqlite', path: file });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
    const app = await buildApp({ db, passwordCost: testPasswordCost });
    try {
      await check(new TestClient(app));
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
  }
}

let dir: string;
let freshSchema: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spectacle-upgrade-'));
  const fresh = join(dir, 'fresh.db');
  await start(fresh);
  freshSchema = schemaOf(fresh);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(releases)('a database written by the release of $fixture', ({ fixture, tables }) => {
  it("migrates forward, keeps every row, serves its demo shop, and ends with a new shop's schema", {
    timeout: 120_000,
  }, async () => {
    const path = join(dir, fixture.replace('.gz', ''));
    writeFileSync(path, gunzipSync(readFileSync(new URL(`../fixtures/${fixture}`, import.meta.url))));
    const kept = [...keptTables, ...tables];
    const before = counts(path, kept);
    await start(path, async (client) => {
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
    });
    expect(counts(path, kept)).toEqual(before);
    expect(backupProblems(path)).toEqual([]);
    expect(schemaOf(path)).toEqual(freshSchema);
  });
});
