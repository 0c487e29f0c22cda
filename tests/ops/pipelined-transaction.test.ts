import { randomUUID } from 'node:crypto';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import {
  asLastStatement,
  type SentAhead,
  sendAhead,
  withNextStatement,
} from '../../server/db/pipelined-transaction.ts';

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

  it('answers reads sent ahead with their own rows, read where they stood among the statements', async () => {
    const [before, after, within] = await db.transaction().execute(async (trx) => {
      const counted = await sendAhead(
        trx,
        sql<{ rows: number }>`SELECT count(*)::int AS rows FROM entries`.compile(trx),
      );
      await insert(trx, 'eleventh');
      const again = await sendAhead(trx, sql<{ rows: number }>`SELECT count(*)::int AS rows FROM entries`.compile(trx));
      // Still held: asking for its rows sends it.
      return [await counted.rows(), await again.rows(), await names()];
    });
    expect(after[0]?.rows).toBe((before[0]?.rows ?? 0) + 1);
    // Another connection does not see the transaction's insert until it commits.
    expect(within).not.toContain('eleventh');
    expect((await names()).slice(-1)).toEqual(['eleventh']);
  });

  const refuseAny = (rows: unknown[]) => {
    if (rows.length > 0) throw new Error('closed');
  };
  const checkedRead = (trx: Kysely<Database>, name: string) =>
    sendAhead(trx, sql`SELECT name FROM entries WHERE name = ${name}`.compile(trx), refuseAny);

  it("fails the statement a checked read went with by the check's refusal, and keeps nothing", async () => {
    const error = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'twelfth');
        await checkedRead(trx, 'first');
        await insert(trx, 'thirteenth');
      }),
    );
    expect(error?.message).toBe('closed');
    // A read whose check passes lets the transaction go on.
    await db.transaction().execute(async (trx) => {
      await checkedRead(trx, 'no such entry');
      await insert(trx, 'fourteenth');
    });
    expect((await names()).slice(-2)).toEqual(['eleventh', 'fourteenth']);
  });

  it('never commits while a checked read is unanswered, at a COMMIT or at a last statement', async () => {
    const atCommit = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'fifteenth');
        await checkedRead(trx, 'first');
      }),
    );
    expect(atCommit?.message).toBe('closed');
    const atLast = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'sixteenth');
        await checkedRead(trx, 'first');
        await asLastStatement(sql`INSERT INTO entries (name) VALUES ('seventeenth')`).execute(trx);
      }),
    );
    expect(atLast?.message).toBe('closed');
    expect((await names()).slice(-1)).toEqual(['fourteenth']);
  });

  it('drops a read still held when its transaction rolls back, and the connection serves the next one', async () => {
    const held: { read?: SentAhead<unknown> } = {};
    const error = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'eighteenth');
        held.read = await sendAhead(trx, sql`SELECT name FROM entries`.compile(trx));
        throw new Error('refused');
      }),
    );
    expect(error?.message).toBe('refused');
    await expect(held.read?.rows()).rejects.toThrow(/never sent/);
    await db.transaction().execute((trx) => insert(trx, 'nineteenth'));
    expect((await names()).slice(-2)).toEqual(['fourteenth', 'nineteenth']);
  });

  it('checks a read sent ahead at once on a connection that does not pipeline', async () => {
    const plain = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: testUrl, options: `-c search_path=${schema}`, max: 1 }),
      }),
    });
    try {
      const error = await fails(
        plain.transaction().execute(async (trx) => {
          await checkedRead(trx, 'first');
          await insert(trx, 'never kept');
        }),
      );
      expect(error?.message).toBe('closed');
      const rows = await plain.transaction().execute(async (trx) => (await checkedRead(trx, 'first x')).rows());
      expect(rows).toEqual([]);
    } finally {
      await plain.destroy();
    }
    expect(await names()).not.toContain('never kept');
  });

  it('sends a write held for the next statement before it, and fails that statement or the COMMIT by it', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await insertWithNext(trx, 'twentieth');
      return (await sql<{ name: string }>`SELECT name FROM entries WHERE name = 'twentieth'`.execute(trx)).rows;
    });
    expect(seen).toEqual([{ name: 'twentieth' }]);
    // Held until the COMMIT, then committed with it.
    await db.transaction().execute((trx) => insertWithNext(trx, 'twenty-first'));
    const atNext = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'twenty-second');
        await insertWithNext(trx, 'first');
        await sql`SELECT 1`.execute(trx);
      }),
    );
    expect(atNext?.code).toBe('23505');
    const atCommit = await fails(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'twenty-third');
        await insertWithNext(trx, 'first');
      }),
    );
    expect(atCommit?.code).toBe('23505');
    expect((await names()).slice(-3)).toEqual(['nineteenth', 'twentieth', 'twenty-first']);
    await db.transaction().execute((trx) => insert(trx, 'twenty-fourth'));
    expect((await names()).slice(-1)).toEqual(['twenty-fourth']);
  });
});
