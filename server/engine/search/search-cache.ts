import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

// Which rows a search may return, by their trash state.
export type Trashed = 'active' | 'trashed' | 'all';

// `complete`: every match is in `ids`; otherwise they are the newest `ids.length` of more.
export type Matches = { ids: readonly number[]; complete: boolean };
// A search that read the table's search epoch (and its unfolded changes) in the same statement.
export type FoundWithEpoch = { ids: readonly number[]; epoch: number; changes: number };
type Kept = Matches & { epoch: number };
type Cache = { kept: Map<string, Kept>; keptIds: number; epochQueries: Map<string, CompiledQuery> };

// A few hundred searches of a few thousand matches each: megabytes, not more.
const capacity = 500;
const idCapacity = 2_000_000;

const caches = new WeakMap<Kysely<Database>, Cache>();

/**
 * The newest ids (at least `wanted` of them, or all there are) of a resource's rows in one business matching a
 * text, as `find` answers them, kept per process while the table's search epoch stands still. The epoch moves in
 * the transaction of every write a search could see (an insert, a delete, a change of a searched column or of
 * `deleted_at`: the search index's triggers, migration 014), whichever process or tool writes, so a kept answer
 * is always the one a search would give now. Checking costs one small read; a search costs a pass over the
 * matches it answers, so paging through a search, coming back to it, or many tills looking up the same frame
 * answer at the speed of an unsearched list. A kept answer shorter than `wanted` is searched again, further.
 */
export async function keptMatches(
  db: Kysely<Database>,
  table: string,
  key: { resource: string; businessId: number; trashed: Trashed; text: string },
  wanted: number,
  find: (limit: number) => Promise<readonly number[]>,
  // A search that reads the epoch itself, or answers null where it cannot.
  findWithEpoch?: (limit: number) => Promise<FoundWithEpoch | null>,
): Promise<Matches> {
  const search = async (): Promise<Matches> => {
    // One more than wanted tells whether there are more.
    const found = await find(wanted + 1);
    return { ids: Object.freeze(found), complete: found.length <= wanted };
  };
  // Inside a transaction its own writes are not yet everyone's: nothing is kept from there.
  if (db.isTransaction) return search();
  const cache = cacheOf(db);
  const name = [key.resource, key.businessId, key.trashed, key.text].join('\u0000');
  const hit = cache.kept.get(name);
  let matches: Matches;
  let epoch: number;
  // Nothing kept to check: the search may read the epoch itself, in its own snapshot, in the same round trip.
  const found = !hit && findWithEpoch ? await findWithEpoch(wanted + 1) : null;
  if (found) {
    if (found.changes > foldAfter) await foldEpochChanges(db, table);
    epoch = found.epoch;
    matches = { ids: Object.freeze(found.ids), complete: found.ids.length <= wanted };
  } else {
    // Read before searching: a write committed in between leaves the answer under the older epoch, so the next
    // request searches again rather than keep a stale answer.
    epoch = await epochOf(db, cache, table);
    if (hit) {
      cache.kept.delete(name);
      if (hit.epoch === epoch && (hit.complete || hit.ids.length > wanted)) {
        cache.kept.set(name, hit);
        return hit;
      }
      cache.keptIds -= hit.ids.length;
    }
    // Frozen: every request given these ids shares them.
    matches = await search();
  }
  if (matches.ids.length > idCapacity / 4) return matches;
  cache.kept.set(name, { ...matches, epoch });
  cache.keptIds += matches.ids.length;
  while (cache.kept.size > capacity || cache.keptIds > idCapacity) {
    const [oldest, dropped] = cache.kept.entries().next().value ?? [name, { ids: [] }];
    cache.kept.delete(oldest);
    cache.keptIds -= dropped.ids.length;
  }
  return matches;
}

function cacheOf(db: Kysely<Database>): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { kept: new Map(), keptIds: 0, epochQueries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

// Past this many unfolded changes a reader folds them into `search_epochs`, so that counting them stays cheap.
const foldAfter = 500;

/** The table's search epoch now: it moves with every write a search could see (search-index-merging.ts). */
export function searchEpochOf(db: Kysely<Database>, table: string): Promise<number> {
  return epochOf(db, cacheOf(db), table);
}

// A table no write has reached since its triggers were made has no row yet: epoch 0. On PostgreSQL the epoch is
// the counter plus the unfolded changes, read in one statement, so one snapshot (migration 014).
async function epochOf(db: Kysely<Database>, cache: Cache, table: string): Promise<number> {
  let query = cache.epochQueries.get(table);
  if (!query) {
    // Built once per table: building a query costs more than running this one.
    query =
      dialectOf(db) === 'postgres'
        ? CompiledQuery.raw(postgresEpochText('$1'), [table])
        : sql<EpochRow>`
            SELECT COALESCE((SELECT epoch FROM search_epochs WHERE table_name = ${table}), 0) AS epoch,
              0 AS changes`.compile(db);
    cache.epochQueries.set(table, query);
  }
  const row = (await db.executeQuery<EpochRow>(query)).rows[0];
  if (Number(row?.changes ?? 0) > foldAfter) await foldEpochChanges(db, table);
  return Number(row?.epoch ?? 0);
}

type EpochRow = { epoch: number | string; changes: number | string };

/**
 * PostgreSQL's epoch of a table's searches and its unfolded changes (`epoch`, `changes`), for a search to read with
 * it; `table` is the SQL naming the table (a parameter, or a literal in a statement written once per table).
 */
export function postgresEpochText(table: string): string {
  return `
    SELECT COALESCE((SELECT epoch FROM search_epochs WHERE table_name = ${table}), 0) + COUNT(*) AS epoch,
      COUNT(*) AS changes
    FROM search_epoch_changes WHERE table_name = ${table}`;
}

// Moves the committed changes into the counter in one short transaction of its own, holding no other lock, so
// it cannot deadlock with a posting; the epoch it leaves is the one it found. A fold already under way for the
// table is left to finish it.
async function foldEpochChanges(db: Kysely<Database>, table: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtext(${`search_epoch_changes ${table}`})) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return;
    await sql`
      WITH moved AS (DELETE FROM search_epoch_changes WHERE table_name = ${table} RETURNING 1)
      INSERT INTO search_epochs (table_name, epoch) SELECT ${table}, COUNT(*) FROM moved
      ON CONFLICT (table_name) DO UPDATE SET epoch = search_epochs.epoch + excluded.epoch`.execute(trx);
  });
}
