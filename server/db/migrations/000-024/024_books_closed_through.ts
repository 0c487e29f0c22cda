import type { Kysely } from 'kysely';

// The date through which a business's books are closed (docs/domain/management.md, Closing the books): empty at
// first, so that an upgraded business works on as before until its owner closes a month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('books_closed_through', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('books_closed_through').execute();
}
