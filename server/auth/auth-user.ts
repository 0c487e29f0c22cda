import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { permissionNamesOf } from './identity.ts';

export async function homeLocationName(
  db: Kysely<Database>,
  userable: { userable_type: 'branch' | 'warehouse' | null; userable_id: number | null },
): Promise<string | null> {
  if (userable.userable_type === null || userable.userable_id === null) return null;
  const table = userable.userable_type === 'branch' ? 'branches' : 'warehouses';
  const location = await db.selectFrom(table).select('name').where('id', '=', userable.userable_id).executeTakeFirst();
  return location?.name ?? null;
}

export async function roleNamesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .select('roles.name')
    .where('role_user.user_id', '=', userId)
    .where('roles.deleted_at', 'is', null)
    .orderBy('roles.name')
    .execute();
  return rows.map((row) => row.name);
}

// The body of GET /api/auth/user and of a successful sign-in.
export async function authUserOf(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [userableFrom, roleNames, permissionNames] = await Promise.all([
    homeLocationName(db, user),
    roleNamesOf(db, userId),
    permissionNamesOf(db, userId),
  ]);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      userable_from: userableFrom,
      userable_type: userableFrom === null ? null : user.userable_type,
      userable_id: userableFrom === null ? null : user.userable_id,
      role_names: roleNames,
      permission_names: permissionNames,
      must_change_password: user.must_change_password === 1,
    },
  };
}
