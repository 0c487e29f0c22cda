import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { CataloguedPermission } from './permission-catalogue.ts';

// The permission list is part of the product, not demo data: every database gets the missing ones. The catalogue
// is the areas' (`permissions` of server/areas/index.ts), which name their reports.
export async function seedPermissions(
  db: Kysely<Database>,
  now: string,
  catalogue: readonly CataloguedPermission[],
): Promise<void> {
  const existing = new Set((await db.selectFrom('permissions').select('name').execute()).map((row) => row.name));
  const missing = catalogue.filter((permission) => !existing.has(permission.name));
  if (missing.length === 0) return;
  await db
    .insertInto('permissions')
    .values(
      missing.map((permission) => ({
        ...permission,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })),
    )
    .execute();
}
