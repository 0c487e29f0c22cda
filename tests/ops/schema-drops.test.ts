import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest, migrations } from '../../server/db/migrate.ts';

// A PostgreSQL database that other processes share: schemas of other tenants, tests or benches come and go while
// a server starts. Starting (migrating) and reading the own schema's tables must not fail because another schema
// was dropped meanwhile, and must not see another schema's tables.

const url = process.env.TEST_DATABASE_URL;
const prefix = `t_drops_${Date.now().toString(36)}`;

describe.skipIf(!url)('PostgreSQL, other schemas dropped while a server starts', () => {
  const admin = new pg.Client({ connectionString: url });
  const own = `${prefix}_own`;
  const kept = `${prefix}_kept`;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(
      `create schema ${own}; create schema ${kept}; create table ${kept}.items (id serial primary key)`,
    );
  });

  afterAll(async () => {
    await admin.query(`drop schema if exists ${own} cascade; drop schema if exists ${kept} cascade`);
    await admin.end();
  });

  it('migrates and lists its own tables while other schemas are dropped', async () => {
    const db = connectDatabase({ kind: 'postgres', url: url ?? '', searchPath: own, maxConnections: 4 });
    try {
      const others = Array.from({ length: 40 }, (_, index) => `${prefix}_other_${index}`);
      for (const other of others) {
        const tables = Array.from(
          { length: 30 },
          (_, table) => `create table ${other}.t${table} (id serial primary key, name text);`,
        );
        await admin.query(`create schema ${other}; ${tables.join(' ')}`);
      }
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      const dropping = (async () => {
        for (const other of others) await dropper.query(`drop schema ${other} cascade`);
        await dropper.end();
      })();
      const reads = (async () => {
        await migrateToLatest(db);
        for (let read = 0; read < 60; read++) await db.introspection.getTables();
      })();
      await Promise.all([dropping, reads]);

      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['items', 'kysely_migration']));
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from kysely_migration`.execute(db);
      expect(rows[0]?.count).toBe(Object.keys(await migrations()).length);
    } finally {
      await db.destroy();
    }
  });
});
