import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from './database.ts';
import { runReused } from './reused-query.ts';

type Untyped = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Inserts rows with a statement built and compiled once per table, columns, number of rows and returned columns
 * (runReused): a posting writes rows of the same shape every time, and building a many-column insert took longer
 * than running it. Rows that leave a column out (to take its default) go through Kysely's builder as usual.
 */
export async function insertReused<
  T extends keyof Database & string,
  R extends keyof Selectable<Database[T]> & string = never,
>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  returning: readonly R[] = [],
): Promise<Pick<Selectable<Database[T]>, R>[]> {
  type Returned = Pick<Selectable<Database[T]>, R>;
  if (rows.length === 0) return [];
  const records = rows as readonly Record<string, unknown>[];
  const columns = Object.keys(records[0] ?? {});
  const untyped = db as unknown as Untyped;
  const sameShape = records.every(
    (record) =>
      Object.keys(record).length === columns.length && columns.every((column) => record[column] !== undefined),
  );
  if (!sameShape) {
    const query = untyped.insertInto(table).values(records as Record<string, unknown>[]);
    if (returning.length === 0) {
      await query.execute();
      return [];
    }
    return (await query.returning(returning).execute()) as Returned[];
  }
  const values = records.flatMap((record) => columns.map((column) => record[column]));
  return runReused<Returned, unknown[]>(
    db,
    `insert into ${table} (${columns.join(', ')}) ${records.length} rows returning ${returning.join(', ')}`,
    values,
    (standIns) => {
      const query = untyped
        .insertInto(table)
        .values(
          records.map((_, row) =>
            Object.fromEntries(columns.map((column, index) => [column, standIns[row * columns.length + index]])),
          ),
        );
      return (returning.length === 0 ? query : query.returning(returning)) as never;
    },
  );
}
