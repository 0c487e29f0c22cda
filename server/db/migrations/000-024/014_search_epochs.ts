import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// A process may keep what a search of a table found while that table's search epoch stands still
// (server/engine/search/search-cache.ts). The search index's triggers (server/engine/search/search-index.ts)
// move it in the writing transaction on every insert, delete and change of a searched column or of `deleted_at`.
// SQLite writes one transaction at a time, so its triggers add to the table's row in `search_epochs` directly. On
// PostgreSQL that row would make concurrent postings queue on it, or deadlock with the stock rows they lock, so
// each writing statement appends a row to `search_epoch_changes` instead, which locks nothing: the epoch is the
// counter plus the changes not yet folded into it (as stocks' totals are kept, migration 010). Marking every
// recorded index as stale makes the next start rebuild them with these triggers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_epochs')
    .addColumn('table_name', 'text', (column) => column.primaryKey())
    .addColumn('epoch', 'bigint', (column) => column.notNull())
    .execute();
  if (dialectOf(db) === 'postgres') {
    await db.schema
      .createTable('search_epoch_changes')
      .addColumn('table_name', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('search_epoch_changes_table_index')
      .on('search_epoch_changes')
      .column('table_name')
      .execute();
    await sql`
      CREATE FUNCTION search_epoch_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_epoch_changes (table_name) VALUES (TG_TABLE_NAME);
        RETURN NULL;
      END $$`.execute(db);
  }
  await sql`UPDATE search_indexes SET columns = ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropTable('search_epoch_changes').execute();
    await sql`DROP FUNCTION search_epoch_change() CASCADE`.execute(db);
  }
  await db.schema.dropTable('search_epochs').execute();
}
