import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';
import { withNextStatement } from './pipelined-transaction.ts';

type Kept = { query: CompiledQuery; slots: readonly number[] };

// Shapes include row counts (a page of 15, an invoice of 5 lines), so their number grows with use: past this
// many the least recently compiled is dropped and compiled again when next asked for.
const capacity = 1_000;
const kept = new Map<string, Kept>();
const marker = '\u0000slot:';

/**
 * Runs a query of a fixed shape, built and compiled once per dialect and `shape`, with new `values`. Kysely
 * builds and compiles every query anew, and for the small queries of every request (a record by its id) that
 * costs more than running them. `build` receives a stand-in for each value, to use where the value goes; `shape`
 * must name everything else the built query depends on (its table, say). `sentWithNext`: a write whose answer
 * nobody reads, sent on PostgreSQL with the statement after it (db/pipelined-transaction.ts); it answers no rows.
 */
export async function runReused<Row, Values extends readonly unknown[]>(
  db: Kysely<Database>,
  shape: string,
  values: Values,
  build: (standIns: Values) => Compilable<Row>,
  options: { sentWithNext?: boolean } = {},
): Promise<Row[]> {
  const query = reusedQuery(db, shape, values, build);
  const sql = options.sentWithNext ? withNextStatement(query.sql) : query.sql;
  const result = await db.executeQuery<Row>({ ...query, sql });
  return result.rows;
}

// The query `runReused` runs, with `values` in place, to run some other way (sent ahead, say).
export function reusedQuery<Row, Values extends readonly unknown[]>(
  db: Kysely<Database>,
  shape: string,
  values: Values,
  build: (standIns: Values) => Compilable<Row>,
): CompiledQuery<Row> {
  const name = `${dialectOf(db)}\u0000${shape}`;
  let entry = kept.get(name);
  if (!entry) {
    // Typed as the values they stand for: the builder only passes them on as parameters.
    const standIns = values.map((_, index) => `${marker}${index}`) as unknown as Values;
    const query = build(standIns).compile();
    const slots = query.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(marker) ? Number(parameter.slice(marker.length)) : -1,
    );
    if (slots.includes(-1)) throw new Error(`The query "${shape}" has a parameter that is not one of its values.`);
    entry = { query, slots };
    kept.set(name, entry);
    if (kept.size > capacity) kept.delete(kept.keys().next().value ?? name);
  }
  const { query, slots } = entry;
  return { ...(query as CompiledQuery<Row>), parameters: slots.map((slot) => values[slot]) };
}
