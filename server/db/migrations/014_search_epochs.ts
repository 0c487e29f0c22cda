import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// A process may keep what a search of a table found while that table's row in `search_epochs` stands still
// (server/resources/engine/search-cache.ts). On SQLite the search index's triggers move it, in the writing
// transaction, on every insert, delete and change of a searched column or of `deleted_at`; marking every recorded
// index as stale makes the next start rebuild them with those triggers. PostgreSQL keeps no epochs: there a bump
// of one row per table would make concurrent postings queue (or deadlock) on it, so its searches always run.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_epochs')
    .addColumn('table_name', 'text', (column) => column.primaryKey())
    .addColumn('epoch', 'bigint', (column) => column.notNull())
    .execute();
  if (dialectOf(db) === 'sqlite') await sql`UPDATE search_indexes SET columns = ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_epochs').execute();
}
