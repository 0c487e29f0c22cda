import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';
import { countColumns, countExistingRows, createSqliteCountTriggers } from '../../record-counts.ts';

// Two speed-ups of the lists.
//
// Search: the resources' search indexes are built at start from their declared columns
// (server/engine/search/search-index.ts); this migration gives them what they stand on: PostgreSQL's pg_trgm
// extension, created once for the whole database in `public` (every schema's indexes name its operator class
// there), and `search_indexes`, the record of which columns each table's index covers.
//
// Stock totals: the stocks list is counted like the other lists (003_list_totals), but a posting creates stock
// rows while it holds other stock rows locked, so on PostgreSQL it must not lock a counter row too (two postings
// would each hold what the other waits for). There each new or trashed stock row appends a change row instead,
// which locks nothing; the reader adds them up and folds them into `record_counts` now and then. SQLite has one
// writer at a time, so its triggers update `record_counts` directly.
export const deferredCountTables = ['stocks'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    // Test files migrate their own schemas at the same time: one creates the extension, the others wait and see it.
    await sql`SELECT pg_advisory_xact_lock(hashtext('spectacle: create extension pg_trgm'))`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
  }
  await db.schema
    .createTable('search_indexes')
    .addColumn('table_name', 'text', (column) => column.primaryKey())
    .addColumn('columns', 'text', (column) => column.notNull())
    .execute();

  await countColumns(db, 'record_count_changes').execute();
  await db.schema
    .createIndex('record_count_changes_index')
    .on('record_count_changes')
    .columns(['business_id', 'table_name'])
    .execute();
  for (const table of deferredCountTables) {
    if (postgres) await createPostgresTriggers(db, table);
    else await createSqliteCountTriggers(db, table);
    await countExistingRows(db, table);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION record_count_changes_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO record_count_changes (business_id, table_name, active, trashed)
        VALUES (NEW.business_id, TG_TABLE_NAME, (NEW.deleted_at IS NULL)::int, (NEW.deleted_at IS NOT NULL)::int);
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO record_count_changes (business_id, table_name, active, trashed)
        VALUES (OLD.business_id, TG_TABLE_NAME, -(OLD.deleted_at IS NULL)::int, -(OLD.deleted_at IS NOT NULL)::int);
      ELSIF (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) THEN
        INSERT INTO record_count_changes (business_id, table_name, active, trashed)
        VALUES (NEW.business_id, TG_TABLE_NAME,
          (NEW.deleted_at IS NULL)::int - (OLD.deleted_at IS NULL)::int,
          (NEW.deleted_at IS NOT NULL)::int - (OLD.deleted_at IS NOT NULL)::int);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ${sql.raw(`${table}_record_count_change`)}
    AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON ${sql.table(table)}
    FOR EACH ROW EXECUTE FUNCTION record_count_changes_track()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const table of deferredCountTables) {
    if (postgres) await sql`DROP TRIGGER ${sql.raw(`${table}_record_count_change`)} ON ${sql.table(table)}`.execute(db);
    else
      for (const suffix of ['insert', 'delete', 'trash'])
        await sql`DROP TRIGGER ${sql.raw(`${table}_count_${suffix}`)}`.execute(db);
    await sql`DELETE FROM record_counts WHERE table_name = ${table}`.execute(db);
  }
  if (postgres) await sql`DROP FUNCTION record_count_changes_track()`.execute(db);
  await db.schema.dropTable('record_count_changes').execute();
  await db.schema.dropTable('search_indexes').execute();
}
