import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { asLastStatement, executeInTurn, withNextStatement } from '../../server/db/pipelined-transaction.ts';

// On PostgreSQL a transaction's BEGIN goes out with its first statement and its COMMIT with a statement marked as
// its last (server/db/pipelined-transaction.ts). What a transaction keeps must not change by it: everything when it
// commits, nothing when any statement fails or the work throws, and no statement ever runs outside it.

const testUrl = process.env.TEST_DATABASE_URL;
const schema = `pipelined_${randomUUID().slice(0, 8)}`;
let db: Kysely<Database>;
let other: pg.Client;

const insert = (trx: Kysely<Database>, name: string) =>
  sql`INSERT INTO ${sql.table('entries')} (name) VALUES (${name})`.execute(trx);
const names = async () =>
  (await other.query<{ name: string }>(`SELECT name FROM "${schema}".entries ORDER BY id`)).rows.map((row) => row.name);
// A write whose answer nobody reads, held and sent with the statement after it.
const insertWithNext = (trx: Kysely<Database>, name: string) =>
  trx.executeQuery(CompiledQuery.raw(withNextStatement('INSERT INTO entries (name) VALUES ($1)'), [name]));
const fails = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error & { code?: string },
  );

describe.skipIf(!testUrl)('a PostgreSQL transaction with its BEGIN and COMMIT sent with its statements', () => {
  beforeAll(async () => {
    other = new pg.Client({ connectionString: testUrl });
    await other.connect();
    await other.query(`CREATE SCHEMA "${schema}"`);
    await other.query(`CREATE TABLE "${schema}".entries (id serial PRIMARY KEY, name text NOT NULL UNIQUE)`);
    // One connection, so that whatever a transaction leaves behind on it meets the next one.
    db = connectDatabase({ kind: 'postgres', url: testUrl ?? '', searchPath: schema, maxConnections: 1 });
  });

  afterAll(async () => {
    await db?.destroy();
    await other?.query(`DROP SCHEMA "${schema}" CASCADE`);
    await other?.end();
  });

  it('keeps every statement when the last one commits, and answers that statement', async () => {
    const answer = await db.transaction().execute(async (trx) => {
      await insert(trx, 'first');
      const last = sql<{ name: string }>`INSERT INTO entries (name) VALUES ('second') RETURNING name`;
      return (await asLastStatement(last).execute(trx)).rows;
    });
    expect(answer).toEqual([{ name: 'second' }]);
    expect(await names()).toEqual(['first', 'second']);
  });

  it('keeps nothing when the last statement fails, and the connection serves the next transaction', async () => {
    const error = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'third');
        await asLastStatement(sql`INSERT INTO entries (name) VALUES ('first')`).execute(trx);
      }),
    );
    expect(error?.code).toBe('23505');
    expect(await names()).toEqual(['first', 'second']);
    await db.transaction().execute((trx) => insert(trx, 'fourth'));
    expect(await names()).toEqual(['first', 'second', 'fourth']);
  });

  it('keeps nothing of a transaction whose work throws after its first statements', async () => {
    const error = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'fifth');
        await insert(trx, 'sixth');
        throw new Error('refused');
      }),
    );
    expect(error?.message).toBe('refused');
    expect(await names()).toEqual(['first', 'second', 'fourth']);
  });

  it('keeps nothing when the first statement fails', async () => {
    const error = await fails(db.transaction().execute((trx) => insert(trx, 'first')));
    expect(error?.code).toBe('23505');
    await db.transaction().execute((trx) => insert(trx, 'seventh'));
    expect(await names()).toEqual(['first', 'second', 'fourth', 'seventh']);
  });

  it('refuses a statement after the last one instead of running it outside the transaction', async () => {
    const error = await fails(
      db.transaction().execute(async (trx) => {
        await asLastStatement(sql`INSERT INTO entries (name) VALUES ('eighth')`).execute(trx);
        await insert(trx, 'ninth');
      }),
    );
    expect(error?.message).toMatch(/after the one its transaction commits with/);
    // The statement marked last was sent with the COMMIT and is kept; the one after it never ran.
    await db.transaction().execute((trx) => insert(trx, 'tenth'));
    expect(await names()).toEqual(['first', 'second', 'fourth', 'seventh', 'eighth', 'tenth']);
  });

  it('runs statements sent together in turn, each answering its own rows', async () => {
    const answers = await db
      .transaction()
      .execute((trx) =>
        executeInTurn(trx, [
          sql`INSERT INTO entries (name) VALUES (${'eleventh'}) RETURNING name`,
          sql`SELECT name FROM entries WHERE name IN (${'eleventh'}, ${'first'}) ORDER BY id`,
          sql`SELECT count(*)::int AS rows FROM entries WHERE name = ${'twelfth'}`,
        ]),
      );
    expect(answers).toEqual([[{ name: 'eleventh' }], [{ name: 'first' }, { name: 'eleventh' }], [{ rows: 0 }]]);
    const error = await fails(
      db
        .transaction()
        .execute((trx) =>
          executeInTurn(trx, [
            sql`INSERT INTO entries (name) VALUES (${'twelfth'})`,
            sql`INSERT INTO entries (name) VALUES (${'first'})`,
            sql`INSERT INTO entries (name) VALUES (${'thirteenth'})`,
          ]),
        ),
    );
    expect(error?.code).toBe('23505');
    expect(await names()).toEqual(['first', 'second', 'fourth', 'seventh', 'eighth', 'tenth', 'eleventh']);
  });

  it('sends a write held for the next statement before it, and fails that statement or the COMMIT by it', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await insertWithNext(trx, 'fourteenth');
      return (await sql<{ name: string }>`SELECT name FROM entries WHERE name = 'fourteenth'`.execute(trx)).rows;
    });
    expect(seen).toEqual([{ name: 'fourteenth' }]);
    // Held until the COMMIT, then committed with it.
    await db.transaction().execute((trx) => insertWithNext(trx, 'fifteenth'));
    const atNext = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'sixteenth');
        await insertWithNext(trx, 'first');
        await sql`SELECT 1`.execute(trx);
      }),
    );
    expect(atNext?.code).toBe('23505');
    const atCommit = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'seventeenth');
        await insertWithNext(trx, 'first');
      }),
    );
    expect(atCommit?.code).toBe('23505');
    expect((await names()).slice(-3)).toEqual(['eleventh', 'fourteenth', 'fifteenth']);
    await db.transaction().execute((trx) => insert(trx, 'eighteenth'));
    expect((await names()).slice(-1)).toEqual(['eighteenth']);
  });
});
