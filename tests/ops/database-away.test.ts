import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { permissions, resources } from '../../server/areas/index.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { seedPermissions } from '../../server/auth/seed-permissions.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensureSearchIndexes, searchIndexesOf } from '../../server/engine/search/search-index.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { createTestApi, TestClient, testPassword, testPasswordCost } from '../support/test-api.ts';

// What a cashier sees while the database is away: a 503 asking to retry in a few seconds (never a 500), a server
// that stays up, and the shop working again on its own once the database is back.

const waitMessage = 'The database cannot be reached at the moment. Please try again in a few seconds.';

describe('SQLite, the file unavailable', () => {
  it('answers 503 with Retry-After while another connection holds the file locked, and works once it lets go', async () => {
    const api = await createTestApi();
    try {
      const businessId = await api.createBusiness('Locked Optical');
      await api.createUser({ email: 'clerk@locked.test', permissions: ['create-brands'], businessIds: [businessId] });
      const clerk = await api.signIn('clerk@locked.test');
      clerk.businessId = businessId;
      // Another process (a backup tool, a second server) holds the write lock longer than the busy timeout.
      const other = api.connectAgain();
      await sql`begin exclusive`.execute(other);
      const refused = await clerk.post('/api/brands', { name: 'Ray-Ban' });
      await sql`commit`.execute(other);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json).toEqual({ message: waitMessage });

      const saved = await clerk.post('/api/brands', { name: 'Ray-Ban' });
      expect(saved.status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('answers 503 with Retry-After when the database file is read-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spectacle-read-only-'));
    const path = join(dir, 'spectacle.db');
    const setup = connectDatabase({ kind: 'sqlite', path });
    await migrateToLatest(setup);
    const now = new Date().toISOString();
    await seedPermissions(setup, now, permissions);
    await setup
      .insertInto('users')
      .values({
        name: 'Clerk',
        email: 'clerk@read-only.test',
        password_hash: await hashPassword(testPassword, testPasswordCost),
        must_change_password: 0,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })
      .execute();
    // What the server writes at start (its search indexes) is written while the file still may be.
    await ensureSearchIndexes(setup, searchIndexesOf(resources));
    await setup.destroy();
    // The owner cannot write it (a restored backup with the wrong mode); root ignores the mode, not immutability.
    chmodSync(path, 0o444);
    const immutable = process.getuid?.() === 0 && spawnSync('chattr', ['+i', path]).status === 0;
    const db = connectDatabase({ kind: 'sqlite', path });
    try {
      const app = await buildApp({ db, passwordCost: testPasswordCost });
      const client = new TestClient(app);
      await client.get('/api/csrf-cookie');
      // Signing in writes the session: it cannot be saved, and the clerk is told to try again, not shown a 500.
      const answer = await client.post('/login', { email: 'clerk@read-only.test', password: testPassword });
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json).toEqual({ message: waitMessage });
      await app.close();
    } finally {
      await db.destroy();
      if (immutable) spawnSync('chattr', ['-i', path]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// PostgreSQL's side needs a server of its own to terminate and lock out: a scratch database this file creates and
// drops, so that no other test run ever finds `test` refusing connections.
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('PostgreSQL, the database away', () => {
  const database = `spectacle_away_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const applicationName = `${database}_server`;
  let dir = '';
  let admin: pg.Client;
  let server: ServerProcess | null = null;

  const terminateServerBackends = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2', [
      database,
      applicationName,
    ]);
  const serverBackends = async () =>
    (
      await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2',
        [database, applicationName],
      )
    ).rows[0].n as number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spectacle-away-'));
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    url.searchParams.set('application_name', applicationName);
    server = await startServerProcess(join(dir, 'unused.db'), { DATABASE_URL: url.toString(), SEED: 'none' });
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    try {
      await admin.query(`alter database ${database} allow_connections true`);
      await admin.query(`drop database if exists ${database} with (force)`);
    } finally {
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // A request that reads the database on every call and needs no user: a session cookie the server must look up
  // (and does not find: 401). Its answers, repeated 200 ms apart until one is not a 503 or `tries` run out.
  const lookUpSession = async () => {
    const response = await fetch(`${server?.base}/api/auth/user`, {
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: 'spectacle_session=no-such-session' },
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
  };
  async function untilAnswered(tries: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const { status } = await lookUpSession();
      statuses.push(status);
      if (status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return statuses;
  }

  it('lives through its idle connections being terminated and carries on with new ones', async () => {
    if (!server) throw new Error('no server');
    // Several requests at once leave several idle connections in the pool.
    const answers = await Promise.all(Array.from({ length: 6 }, lookUpSession));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await serverBackends()).toBeGreaterThan(0);

    await terminateServerBackends();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode).toBeNull();
    const statuses = await untilAnswered(10);
    expect(statuses.at(-1)).toBe(401);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
  });

  it('answers 503 with Retry-After while connections are refused, and recovers by itself', async () => {
    if (!server) throw new Error('no server');
    try {
      await admin.query(`alter database ${database} allow_connections false`);
      await terminateServerBackends();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await lookUpSession();
      expect(refused).toEqual({ status: 503, retryAfter: '5', json: { message: waitMessage } });
      expect(server.child.exitCode).toBeNull();
    } finally {
      await admin.query(`alter database ${database} allow_connections true`);
    }
    const statuses = await untilAnswered(25);
    expect(statuses.at(-1)).toBe(401);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
  });
});
