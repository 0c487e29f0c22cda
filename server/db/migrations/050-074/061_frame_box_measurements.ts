import type { Kysely } from 'kysely';

// A frame's box measurements beside its eye size (A) and bridge (DBL): B, the lens height, and ED, the effective
// diameter, in whole millimetres as the maker prints them (docs/domain/eye-care.md, Optical attributes of items), so
// that choosing the frame on a job order fills all four and the lab ticket prints them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('frame_b', 'integer').execute();
  await db.schema.alterTable('items').addColumn('frame_ed', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['frame_ed', 'frame_b']) await db.schema.alterTable('items').dropColumn(column).execute();
}
