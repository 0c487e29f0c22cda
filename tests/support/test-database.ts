import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

// `connectAgain` opens another connection to the same database, as another server process would.
export type TestDatabase = {
  db: Kysely<Database>;
  connectAgain: () => Kysely<Database>;
  destroy: () => Promise<void>;
};

// A fresh, migrated database per test file: a temporary SQLite file, or, in the test run's `postgres` project
// (vite.config.ts), a PostgreSQL schema of its own at TEST_DATABASE_URL. destroy() removes it.
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.SPECTACLE_TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'spectacle-test-'));
    const path = join(dir, 'test.db');
    const db = connectDatabase({ kind: 'sqlite', path });
    await migrateToLatest(db);
    const others: Kysely<Database>[] = [];
    return {
      db,
      connectAgain: () => {
        const other = connectDatabase({ kind: 'sqlite', path });
        others.push(other);
        return other;
      },
      destroy: async () => {
        for (const other of others) await other.destroy();
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = connectDatabase({ kind: 'postgres', url, searchPath: schema, maxConnections: 4 });
  const others: Kysely<Database>[] = [];
  const connectAgain = () => {
    const other = connectDatabase({ kind: 'postgres', url, searchPath: schema, maxConnections: 2 });
    others.push(other);
    return other;
  };
  const destroy = async () => {
    for (const other of others) await other.destroy();
    await db.destroy();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop schema ${schema} cascade`);
    await dropper.end();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { db, connectAgain, destroy };
}
