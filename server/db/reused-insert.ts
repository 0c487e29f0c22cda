import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';
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

type Header<T extends keyof Database & string> = { table: T; row: Insertable<Database[T]> };
type Lines<T extends keyof Database & string, R extends string> = {
  table: T;
  // The lines' column that names their header.
  headerColumn: string;
  rows: readonly Record<string, unknown>[];
  returning: readonly R[];
};

/**
 * Inserts a header and its lines, the lines taking the header's new id in `headerColumn`, and answers that id and
 * the lines' `returning` columns. On PostgreSQL in one statement (the header's INSERT in a WITH): each statement in
 * a posting's transaction is a round trip there (docs/PERFORMANCE.md, What moved the numbers). SQLite, in process, runs the two.
 */
export async function insertHeaderAndLines<
  H extends keyof Database & string,
  L extends keyof Database & string,
  R extends keyof Selectable<Database[L]> & string,
>(
  db: Kysely<Database>,
  header: Header<H>,
  lines: Lines<L, R>,
): Promise<{ id: number; lines: Pick<Selectable<Database[L]>, R>[] }> {
  type Returned = Pick<Selectable<Database[L]>, R>;
  const headerRecord = header.row as Record<string, unknown>;
  const headerColumns = Object.keys(headerRecord);
  const lineColumns = Object.keys(lines.rows[0] ?? {});
  const complete = (record: Record<string, unknown>, columns: readonly string[]) =>
    Object.keys(record).length === columns.length && columns.every((column) => record[column] !== undefined);
  const together =
    dialectOf(db) === 'postgres' &&
    lines.rows.length > 0 &&
    complete(headerRecord, headerColumns) &&
    lines.rows.every((row) => complete(row, lineColumns));
  if (!together) {
    const [inserted] = await insertReused(db, header.table, [header.row], ['id' as never]);
    const id = Number((inserted as { id: number } | undefined)?.id);
    const rows = lines.rows.map((row) => ({ ...row, [lines.headerColumn]: id }));
    return { id, lines: await insertReused(db, lines.table, rows as never, lines.returning) };
  }
  const values = [
    ...headerColumns.map((column) => headerRecord[column]),
    ...lines.rows.flatMap((row) => lineColumns.map((column) => row[column])),
  ];
  const found = await runReused<Returned & { header_id: number }, unknown[]>(
    db,
    `insert into ${header.table} (${headerColumns.join(', ')}) with ${lines.rows.length} ${lines.table} (${lineColumns.join(', ')}) returning ${lines.returning.join(', ')}`,
    values,
    (standIns) => {
      const lineStandIns = standIns.slice(headerColumns.length);
      const untyped = db as unknown as Untyped;
      return untyped
        .with('header', (within) =>
          within
            .insertInto(header.table)
            .values(Object.fromEntries(headerColumns.map((column, index) => [column, standIns[index]])))
            .returning('id'),
        )
        .insertInto(lines.table)
        .values(
          lines.rows.map((_, row) => ({
            ...Object.fromEntries(
              lineColumns.map((column, index) => [column, lineStandIns[row * lineColumns.length + index]]),
            ),
            [lines.headerColumn]: sql`(SELECT "id" FROM "header")`,
          })) as never,
        )
        .returning([...lines.returning, sql<number>`${sql.ref(lines.headerColumn)}`.as('header_id')]) as never;
    },
  );
  const id = Number(found[0]?.header_id);
  return { id, lines: found.map(({ header_id: _, ...line }) => line as unknown as Returned) };
}
