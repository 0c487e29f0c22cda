import type Sqlite from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.ts';

// `plucked`: statements answering their first column alone (better-sqlite3's `pluck` is a mode of the statement).
type Connection = {
  sqlite: Sqlite.Database;
  statements: Map<string, Sqlite.Statement>;
  plucked: Map<string, Sqlite.Statement>;
};

const connections = new WeakMap<Kysely<Database>, Connection>();

// What a read answers when it cannot run at once: a transaction is open on the connection, or it is not SQLite.
export const notAtOnce: unique symbol = Symbol('not at once');

/**
 * Lets reads on a SQLite connection run at once, past Kysely's executor. Kysely takes its connection lock and
 * runs its plugins and promises around every query, and on the read of one record that cost more than SQLite
 * answering it. `inTransaction` is asked first: while a transaction is open on the connection (a write awaiting
 * between its statements), a read must wait for it as Kysely makes it, or it would see rows not yet committed.
 * The few statements read this way are prepared once and held here, outside the statement cache, whose
 * least-recently-used bookkeeping cost more than the epoch's read itself.
 */
export function allowDirectReads(db: Kysely<Database>, sqlite: Sqlite.Database): void {
  connections.set(db, { sqlite, statements: new Map(), plucked: new Map() });
}

// The first row of a read (undefined for none), at once where the connection allows it, otherwise `notAtOnce`.
export function firstRowAtOnce<Row>(
  db: Kysely<Database>,
  sql: string,
  parameters: readonly unknown[],
): Row | undefined | typeof notAtOnce {
  const connection = connections.get(db);
  if (connection === undefined || connection.sqlite.inTransaction) return notAtOnce;
  let statement = connection.statements.get(sql);
  if (statement === undefined) {
    statement = connection.sqlite.prepare(sql);
    connection.statements.set(sql, statement);
  }
  return statement.get(parameters) as Row | undefined;
}

// The first column of every row of a read, at once where the connection allows it, otherwise `notAtOnce`: a search's
// ids come as one array of numbers, not an object per row.
export function firstColumnAtOnce<Value>(
  db: Kysely<Database>,
  sql: string,
  parameters: readonly unknown[],
): Value[] | typeof notAtOnce {
  const connection = connections.get(db);
  if (connection === undefined || connection.sqlite.inTransaction) return notAtOnce;
  let statement = connection.plucked.get(sql);
  if (statement === undefined) {
    statement = connection.sqlite.prepare(sql).pluck();
    connection.plucked.set(sql, statement);
  }
  return statement.all(parameters) as Value[];
}

// The first row of a read: at once where the connection allows it, otherwise through Kysely.
export async function firstRow<Row>(db: Kysely<Database>, query: CompiledQuery): Promise<Row | undefined> {
  const row = firstRowAtOnce<Row>(db, query.sql, query.parameters);
  return row === notAtOnce ? (await db.executeQuery<Row>(query)).rows[0] : row;
}
