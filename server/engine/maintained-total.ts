import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { countedTables } from '../db/migrations/000-024/003_list_totals.ts';
import { deferredCountTables } from '../db/migrations/000-024/010_search_and_stock_totals.ts';

const counted = new Set<string>([...countedTables, ...deferredCountTables]);

// Past this many unfolded changes a reader folds them into `record_counts`, so that adding them up stays cheap.
const foldAfter = 500;

export function hasMaintainedTotal(table: string): boolean {
  return counted.has(table);
}

type Totals = { active: number; trashed: number; changes: number };

// The total of an unfiltered list, read from the trigger-kept counts instead of counting the rows: the counter
// row plus the changes not yet folded into it (stocks on PostgreSQL), in one statement, so one snapshot.
export async function maintainedTotal(
  db: Kysely<Database>,
  businessId: number,
  table: string,
  trashed: { with_trashed: 0 | 1; only_trashed: 0 | 1 },
): Promise<number> {
  const result = await sql<Totals>`
    SELECT
      COALESCE((SELECT active FROM record_counts WHERE business_id = ${businessId} AND table_name = ${table}), 0)
        + COALESCE(changed.active, 0) AS active,
      COALESCE((SELECT trashed FROM record_counts WHERE business_id = ${businessId} AND table_name = ${table}), 0)
        + COALESCE(changed.trashed, 0) AS trashed,
      changed.changes
    FROM (SELECT SUM(active) AS active, SUM(trashed) AS trashed, COUNT(*) AS changes FROM record_count_changes
      WHERE business_id = ${businessId} AND table_name = ${table}) AS changed`.execute(db);
  const counts = result.rows[0];
  if (!counts) return 0;
  if (Number(counts.changes) > foldAfter) await foldCountChanges(db, businessId, table);
  if (trashed.only_trashed === 1) return Number(counts.trashed);
  if (trashed.with_trashed === 1) return Number(counts.active) + Number(counts.trashed);
  return Number(counts.active);
}

// Moves the committed changes into the counter row in one short transaction of its own, which holds no other
// lock, so it cannot deadlock with a posting; a fold already under way for the same list is left to finish it.
export async function foldCountChanges(db: Kysely<Database>, businessId: number, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtext(${`record_count_changes ${businessId} ${table}`})) AS locked`.execute(
      trx,
    );
    if (!lock.rows[0]?.locked) return;
    await sql`
      WITH moved AS (
        DELETE FROM record_count_changes WHERE business_id = ${businessId} AND table_name = ${table}
        RETURNING active, trashed)
      INSERT INTO record_counts (business_id, table_name, active, trashed)
      SELECT ${businessId}, ${table}, COALESCE(SUM(active), 0), COALESCE(SUM(trashed), 0) FROM moved
      ON CONFLICT (business_id, table_name) DO UPDATE
      SET active = record_counts.active + excluded.active, trashed = record_counts.trashed + excluded.trashed`.execute(
      trx,
    );
  });
}
