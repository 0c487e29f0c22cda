import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

export const fullAccessPermission = 'full-access-and-permssions';

// Who is asking: loaded once per request from the session's user.
export type Identity = {
  userId: number;
  sessionId: string;
  permissions: ReadonlySet<string>;
  fullAccess: boolean;
  businessIds: readonly number[];
};

export async function loadIdentity(db: Kysely<Database>, userId: number, sessionId: string): Promise<Identity | null> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const [permissions, memberships] = await Promise.all([
    permissionNamesOf(db, userId),
    db.selectFrom('business_user').select('business_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    userId,
    sessionId,
    permissions: new Set(permissions),
    fullAccess: permissions.includes(fullAccessPermission),
    businessIds: memberships.map((membership) => membership.business_id),
  };
}

export async function permissionNamesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .innerJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('permissions.name')
    .distinct()
    .where('role_user.user_id', '=', userId)
    .where('roles.deleted_at', 'is', null)
    .orderBy('permissions.name')
    .execute();
  return rows.map((row) => row.name);
}

export function holdsAny(identity: Identity, permissions: readonly string[]): boolean {
  return identity.fullAccess || permissions.some((permission) => identity.permissions.has(permission));
}
