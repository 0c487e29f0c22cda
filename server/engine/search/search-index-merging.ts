import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { writeGateOf } from '../../db/write-gate.ts';
import { searchEpochOf } from './search-cache.ts';
import { ftsTable } from './search-index.ts';

// On SQLite every writing transaction adds a segment to the FTS5 index of each searched table it writes, and a
// search seeks each trigram in every segment: 2,000 item changes left 17 segments and a never-kept search at a
// million items at twice the cost of one merged segment (docs/PERFORMANCE.md, What moved the numbers). Merging them all at once
// (`optimize`) takes seconds under the write lock, so it is done only at start. In between, a process merges the
// indexes written since it last looked in small steps: FTS5's incremental `merge`, with `usermerge` 2 (set at start,
// server/engine/search/search-index.ts), folds any two segments of one level, so each level keeps at most one and the big
// segment is rewritten only when a level below grows as large.

// How often a process looks whether an index was written since it last found it merged.
const everyMs = 5_000;
// Pages of merged data one step writes: a few milliseconds under the write lock at a million items.
const pagesPerStep = 64;
// How long one look goes on merging, a step at a time with other requests answered between steps.
const budgetMs = 50;

/** Looks every few seconds, in the background, until the returned function is called; nothing on PostgreSQL. */
export function keepSearchIndexesMerged(db: Kysely<Database>, tables: readonly string[]): () => void {
  if (dialectOf(db) !== 'sqlite' || tables.length === 0) return () => undefined;
  const merged = new Map<string, number>();
  let looking = false;
  const timer = setInterval(() => {
    // A long import holds the file: merging can wait for the next look.
    if (looking || writeGateOf(db).held) return;
    looking = true;
    mergeWrittenSearchIndexes(db, tables, merged)
      // A busy file or a database closed meanwhile: the next look tries again.
      .catch(() => undefined)
      .finally(() => {
        looking = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Merges each table's index written since `merged` recorded its search epoch (engine/search-cache.ts) until a step
 * finds nothing to merge, for at most `budget` ms in all; true when every index is merged. `merged` is the caller's
 * memory of each table's epoch when its index was last found merged.
 */
export async function mergeWrittenSearchIndexes(
  db: Kysely<Database>,
  tables: readonly string[],
  merged: Map<string, number>,
  budget = budgetMs,
): Promise<boolean> {
  const started = performance.now();
  for (const table of tables) {
    // Read before merging: a write during the steps moves it, and the next look merges again.
    const epoch = await searchEpochOf(db, table);
    if (merged.get(table) === epoch) continue;
    for (;;) {
      if (performance.now() - started > budget) return false;
      if (!(await mergeStep(db, table))) break;
    }
    merged.set(table, epoch);
  }
  return true;
}

// One step of FTS5's incremental merge; true when it merged anything. FTS5 keeps the index's list of segments (its
// structure record) at id 10 of the `_data` table; a step that finds nothing to merge leaves it as it was.
async function mergeStep(db: Kysely<Database>, table: string): Promise<boolean> {
  const fts = sql.table(ftsTable(table));
  const structure = sql<{ block: Uint8Array }>`
    SELECT block FROM ${sql.table(`${ftsTable(table)}_data`)} WHERE id = 10`;
  const before = (await structure.execute(db)).rows[0]?.block;
  await sql`INSERT INTO ${fts} (${fts}, rank) VALUES ('merge', ${pagesPerStep})`.execute(db);
  const after = (await structure.execute(db)).rows[0]?.block;
  return !sameBytes(before, after);
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}
