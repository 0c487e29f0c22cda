import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.ts';

// On PostgreSQL the server's statements are prepared by name, once per connection (server/db/prepared-statements.ts).
// The same text must answer with new values each time, and a table changed under a prepared `SELECT *` must not
// keep failing once it has.

const url = process.env.TEST_DATABASE_URL;
const schema = `t_prepared_${Date.now().toString(36)}`;

describe.skipIf(!url)('PostgreSQL statements prepared by name', () => {
  const admin = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(
      `create schema ${schema}; create table ${schema}.shelves (id integer primary key, name text);
       insert into ${schema}.shelves values (1, 'one'), (2, 'two')`,
    );
  });

  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('answers each call with its own values, on every connection, and recovers from a changed table', async () => {
    const db = connectDatabase({ kind: 'postgres', url: url ?? '', searchPath: schema, maxConnections: 3 });
    try {
      const read = (id: number) => sql<{ name: string }>`select * from shelves where id = ${id}`.execute(db);
      const names = await Promise.all([1, 2, 1, 2, 1, 2].map(async (id) => (await read(id)).rows[0]?.name));
      expect(names).toEqual(['one', 'two', 'one', 'two', 'one', 'two']);
      const prepared = await sql<{ count: number }>`
        select count(*)::int as count from pg_prepared_statements where statement like '%from shelves%'`.execute(db);
      expect(prepared.rows[0]?.count).toBe(1);

      await admin.query(`alter table ${schema}.shelves add column aisle integer`);
      const settled = async () => {
        for (let attempt = 0; attempt < 10; attempt++) {
          const answer = await read(2).catch(() => null);
          if (answer) return answer.rows[0];
        }
        return null;
      };
      expect(await settled()).toEqual({ id: 2, name: 'two', aisle: null });
      const again = await Promise.all([1, 2, 1].map(async (id) => (await read(id)).rows[0]?.name));
      expect(again).toEqual(['one', 'two', 'one']);
    } finally {
      await db.destroy();
    }
  });
});
