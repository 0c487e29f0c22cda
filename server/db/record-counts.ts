import { type Kysely, sql } from 'kysely';

// Row counts that list totals read instead of counting (migrations 003 and 010; docs/PERFORMANCE.md): a business's
// active and trashed rows of one table, kept whole in record_counts and, where many postings write at once, as
// change rows in record_count_changes that readers add. Released migrations call these, so they never change:
// another way of counting is another function.
export function countColumns<T extends string>(db: Kysely<unknown>, table: T) {
  return db.schema
    .createTable(table)
    .addColumn('business_id', 'integer', (column) => column.notNull())
    .addColumn('table_name', 'text', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull())
    .addColumn('trashed', 'integer', (column) => column.notNull());
}

// The rows a table already holds, counted once when its counting starts.
export async function countExistingRows(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`
    INSERT INTO record_counts (business_id, table_name, active, trashed)
    SELECT business_id, ${table},
      SUM(CASE WHEN deleted_at IS NULL THEN 1 ELSE 0 END),
      SUM(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END)
    FROM ${sql.table(table)} GROUP BY business_id`.execute(db);
}

// On SQLite, triggers keep record_counts as rows are written.
export async function createSqliteCountTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  const name = sql.lit(table);
  await sql`
    CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)} BEGIN
      INSERT INTO record_counts (business_id, table_name, active, trashed)
      VALUES (NEW.business_id, ${name}, NEW.deleted_at IS NULL, NEW.deleted_at IS NOT NULL)
      ON CONFLICT (business_id, table_name) DO UPDATE
      SET active = active + excluded.active, trashed = trashed + excluded.trashed;
    END`.execute(db);
  await sql`
    CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)} BEGIN
      UPDATE record_counts
      SET active = active - (OLD.deleted_at IS NULL), trashed = trashed - (OLD.deleted_at IS NOT NULL)
      WHERE business_id = OLD.business_id AND table_name = ${name};
    END`.execute(db);
  await sql`
    CREATE TRIGGER ${sql.raw(`${table}_count_trash`)} AFTER UPDATE OF deleted_at ON ${sql.table(table)}
    WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
      UPDATE record_counts
      SET active = active + (NEW.deleted_at IS NULL) - (OLD.deleted_at IS NULL),
        trashed = trashed + (NEW.deleted_at IS NOT NULL) - (OLD.deleted_at IS NOT NULL)
      WHERE business_id = NEW.business_id AND table_name = ${name};
    END`.execute(db);
}
