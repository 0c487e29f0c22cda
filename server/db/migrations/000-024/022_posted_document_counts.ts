import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';
import { countedDocuments } from './003_list_totals.ts';

// The documents that postings create (003's counted documents) while others of the same business are under way.
// On PostgreSQL each created one upserted its business's counter row in `record_counts`, whose row lock then held
// every other posting of the business until the first committed: all invoices of a shop queued there from their
// INSERT to their COMMIT, most of the posting (docs/PERFORMANCE.md, What moved the numbers). They now append a change row, as
// stocks do (migration 010), which locks nothing; the reader adds the changes to the counter and folds them in past
// 500. SQLite writes one transaction at a time and keeps its triggers.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of countedDocuments) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_record_count`)} ON ${sql.table(table)}`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_record_count_change`)}
      AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION record_count_changes_track()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of countedDocuments) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_record_count_change`)} ON ${sql.table(table)}`.execute(db);
    await sql`
      WITH moved AS (DELETE FROM record_count_changes WHERE table_name = ${table} RETURNING business_id, active, trashed)
      INSERT INTO record_counts (business_id, table_name, active, trashed)
      SELECT business_id, ${table}, SUM(active), SUM(trashed) FROM moved GROUP BY business_id
      ON CONFLICT (business_id, table_name) DO UPDATE
      SET active = record_counts.active + excluded.active, trashed = record_counts.trashed + excluded.trashed`.execute(
      db,
    );
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_record_count`)}
      AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION record_counts_track()`.execute(db);
  }
}
