import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clusterFolder,
  clustersAvailable,
  clusterUrl,
  initCluster,
  makeStandby,
  startCluster,
  stopCluster,
} from '../../scripts/pg-cluster.ts';
import { buildApp } from '../../server/app.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { replicaReports } from '../../server/db/reports-source.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import { demoSignIn } from '../../server/demo/master-data.ts';
import { TestClient, testPasswordCost } from '../support/test-api.ts';

// The owner's reports and CSV exports read from a streaming replica (REPORTS_DATABASE_URL): a primary and a
// standby made here in a scratch folder (initdb, then pg_basebackup -R), on ports of their own, since the shared
// server takes no replication connections. What a user notices: a report from a lagging replica says how old its
// figures are, and a replica that is away never stops a report.

const port = 20_000 + Math.floor(Math.random() * 20_000);
const standbyPort = port + 1;
let dir = '';
const primaryDir = () => join(dir, 'primary');
const standbyDir = () => join(dir, 'standby');

describe.skipIf(!clustersAvailable)('reports from a streaming replica', () => {
  let primary: ReturnType<typeof connectDatabase>;
  let replica: ReturnType<typeof connectDatabase>;
  let client: TestClient;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = clusterFolder(mkdtempSync(join(tmpdir(), 'spectacle-replica-')));
    initCluster(primaryDir());
    const primaryCluster = startCluster(primaryDir(), port);
    makeStandby(primaryCluster, standbyDir());
    startCluster(standbyDir(), standbyPort);

    primary = connectDatabase({ kind: 'postgres', url: primaryCluster.url });
    await migrateToLatest(primary);
    await seedDatabase(primary, { demo: true, passwordCost: testPasswordCost, now: new Date() });
    replica = connectDatabase({ kind: 'postgres', url: clusterUrl(standbyPort), maxConnections: 2 });
    app = await buildApp({
      db: primary,
      passwordCost: testPasswordCost,
      reports: replicaReports(primary, replica, { awayMs: 60_000 }),
    });
    client = new TestClient(app);
    await client.get('/api/csrf-cookie');
    expect((await client.post('/login', { email: demoSignIn.emails[0], password: demoSignIn.password })).status).toBe(
      200,
    );
    const businesses = await client.get('/api/businesses');
    client.businessId = (businesses.json as { data: { id: number }[] }).data[0]?.id ?? null;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await replica?.destroy().catch(() => undefined);
    await primary?.destroy();
    for (const data of [standbyDir(), primaryDir()]) stopCluster(data);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const brandNames = async () => {
    const answer = await client.get('/api/brands?per_page=100', { headers: { accept: 'text/csv' } });
    expect(answer.status).toBe(200);
    return { csv: answer.raw.body, figuresAt: answer.headers['x-figures-at'] };
  };

  it('reads a caught-up replica without a word, and says how old the figures of a lagging one are', async () => {
    // Caught up: what the primary just wrote is in the export, and nothing says the figures are old.
    expect((await client.post('/api/brands', { name: 'Lindberg' })).status).toBe(201);
    await waitFor(async () => (await brandNames()).csv.includes('Lindberg'));
    expect((await brandNames()).figuresAt).toBeUndefined();
    const caughtUp = await client.get('/api/reports/stock-valuation');
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.json).not.toHaveProperty('figures_at');

    // The replica stops replaying: the export no longer has what the primary writes, and after 5 seconds behind it
    // every report and export says when its figures hold to.
    await sql`select pg_wal_replay_pause()`.execute(replica);
    try {
      expect((await client.post('/api/brands', { name: 'Silhouette' })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const behind = await brandNames();
      expect(behind.csv).not.toContain('Silhouette');
      expect(Date.parse(String(behind.figuresAt))).toBeLessThan(Date.now() - 5_000);
      const report = await client.get('/api/reports/stock-valuation');
      expect(report.status).toBe(200);
      expect((report.json as { figures_at?: string }).figures_at).toBe(behind.figuresAt);
    } finally {
      await sql`select pg_wal_replay_resume()`.execute(replica);
    }
    await waitFor(async () => (await brandNames()).csv.includes('Silhouette'));
    expect((await brandNames()).figuresAt).toBeUndefined();
  }, 60_000);

  it('reads the primary while the replica is away', async () => {
    stopCluster(standbyDir());
    expect((await client.post('/api/brands', { name: 'Oakley Away' })).status).toBe(201);
    const away = await brandNames();
    expect(away.csv).toContain('Oakley Away');
    expect(away.figuresAt).toBeUndefined();
    const report = await client.get('/api/reports/payables-aging');
    expect(report.status).toBe(200);
    expect(report.json).not.toHaveProperty('figures_at');
  }, 60_000);
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the replica did not catch up within 10 seconds');
}
