import type { z } from 'zod';
import * as contract from '../../../generated/zod/users/users.zod.ts';
import { homeLocationName } from '../../auth/auth-user.ts';
import { hashPassword } from '../../auth/password.ts';
import { endAllSessionsOf } from '../../auth/sessions.ts';
import { conflict, type FieldErrors, unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';

type UserCreate = z.output<typeof contract.CreateUserBody>;
type UserUpdate = z.output<typeof contract.UpdateUserBody>;
type UserInput = UserCreate | UserUpdate;

export async function presentUsers(ctx: ResourceContext, rows: Parameters<typeof usersResource.present>[1]) {
  const ids = rows.map((row) => row.id);
  const [memberships, roles] = await Promise.all([
    ids.length === 0 ? [] : ctx.db.selectFrom('business_user').selectAll().where('user_id', 'in', ids).execute(),
    ids.length === 0
      ? []
      : ctx.db
          .selectFrom('role_user')
          .innerJoin('roles', 'roles.id', 'role_user.role_id')
          .select(['role_user.user_id', 'roles.id', 'roles.name'])
          .where('role_user.user_id', 'in', ids)
          .orderBy('roles.name')
          .execute(),
  ]);
  return Promise.all(
    rows.map(async (row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['name', 'email', 'userable_type', 'userable_id']),
      business_ids: memberships.filter((m) => m.user_id === row.id).map((m) => m.business_id),
      role_ids: roles.filter((role) => role.user_id === row.id).map((role) => role.id),
      userable_from: await homeLocationName(ctx.db, row),
      role_names: roles.filter((role) => role.user_id === row.id).map((role) => role.name),
      must_change_password: row.must_change_password === 1,
    })),
  );
}

function userColumns(input: UserInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.email !== undefined) columns.email = input.email.trim().toLowerCase();
  if (input.userable_type !== undefined) columns.userable_type = input.userable_type;
  if (input.userable_id !== undefined) columns.userable_id = input.userable_id;
  return columns;
}

// Memberships the caller may grant (its own businesses, or any for full access), existing roles, and a home
// location that is a branch or warehouse of one of the user's businesses.
async function checkLinks(ctx: ResourceContext, merged: Record<string, unknown>, input: UserInput): Promise<void> {
  const errors: FieldErrors = {};
  const businessIds = input.business_ids;
  if (businessIds) {
    const allowed = ctx.identity.fullAccess
      ? (await ctx.db.selectFrom('businesses').select('id').where('deleted_at', 'is', null).execute()).map((b) => b.id)
      : ctx.identity.businessIds;
    if (businessIds.some((id) => !allowed.includes(id))) errors.business_ids = ['Choose the businesses from the list.'];
  }
  if (input.role_ids && input.role_ids.length > 0) {
    const found = await ctx.db.selectFrom('roles').select('id').where('id', 'in', input.role_ids).execute();
    if (found.length !== input.role_ids.length) errors.role_ids = ['Choose the roles from the list.'];
  }
  const type = merged.userable_type ?? null;
  const id = merged.userable_id ?? null;
  if ((type === null) !== (id === null)) {
    errors.userable_id = ['Give both the home location type and id, or neither.'];
  } else if (type !== null && typeof id === 'number') {
    const table = type === 'branch' ? 'branches' : 'warehouses';
    const location = await ctx.db.selectFrom(table).select('business_id').where('id', '=', id).executeTakeFirst();
    const memberOf = businessIds ?? (ctx.businessId === null ? ctx.identity.businessIds : [ctx.businessId]);
    if (!location || (!ctx.identity.fullAccess && !memberOf.includes(location.business_id))) {
      errors.userable_id = ['Choose a home location from the list.'];
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

async function replaceLinks(ctx: ResourceContext, userId: number, input: UserInput): Promise<void> {
  if (input.business_ids) {
    await ctx.db.deleteFrom('business_user').where('user_id', '=', userId).execute();
    if (input.business_ids.length > 0) {
      await ctx.db
        .insertInto('business_user')
        .values(input.business_ids.map((businessId) => ({ business_id: businessId, user_id: userId })))
        .execute();
    }
  }
  if (input.role_ids) await replaceRoles(ctx, userId, input.role_ids);
}

export async function replaceRoles(ctx: ResourceContext, userId: number, roleIds: readonly number[]): Promise<void> {
  await ctx.db.deleteFrom('role_user').where('user_id', '=', userId).execute();
  if (roleIds.length === 0) return;
  await ctx.db
    .insertInto('role_user')
    .values(roleIds.map((roleId) => ({ role_id: roleId, user_id: userId })))
    .execute();
}

// Users are global records. A holder of full access sees every user; anyone else sees the users who share a
// business with them, and other users answer 404.
export const usersResource: Resource<'users', UserCreate, UserUpdate> = {
  prefix: 'users',
  singular: 'user',
  table: 'users',
  scope: 'global',
  schemas: contractSchemas(contract, 'User', 'Users'),
  searchColumns: ['name', 'email'],
  unique: ['email'],
  filters: {
    async role_id(value, ctx) {
      const rows = await ctx.db
        .selectFrom('role_user')
        .select('user_id')
        .where('role_id', '=', Number(value))
        .execute();
      return rows.map((row) => row.user_id);
    },
  },
  async visibleIds(ctx) {
    if (ctx.identity.fullAccess) return null;
    const rows = await ctx.db
      .selectFrom('business_user')
      .select('user_id')
      .distinct()
      .where('business_id', 'in', [...ctx.identity.businessIds, 0])
      .execute();
    return [...rows.map((row) => row.user_id), ctx.identity.userId];
  },
  toColumns: userColumns,
  async create(ctx, input) {
    const withBusiness =
      input.business_ids === undefined && ctx.businessId !== null
        ? { ...input, business_ids: [ctx.businessId] }
        : input;
    const columns = userColumns(withBusiness);
    await checkLinks(ctx, columns, withBusiness);
    const id = await insertRecord(ctx, usersResource, {
      ...columns,
      password_hash: await hashPassword(input.password, ctx.passwordCost),
      security_pin_hash: input.security_pin ? await hashPassword(input.security_pin, ctx.passwordCost) : null,
      // A password someone else chose is known to them: the user replaces it at the first sign-in.
      must_change_password: 1,
    });
    await replaceLinks(ctx, id, withBusiness);
    return id;
  },
  async update(ctx, existing, input) {
    const columns = userColumns(input);
    await checkLinks(ctx, { ...existing, ...columns }, input);
    if (input.password !== undefined) {
      columns.password_hash = await hashPassword(input.password, ctx.passwordCost);
      columns.must_change_password = existing.id === ctx.identity.userId ? 0 : 1;
    }
    if (input.security_pin !== undefined) {
      columns.security_pin_hash =
        input.security_pin === null ? null : await hashPassword(input.security_pin, ctx.passwordCost);
    }
    await updateColumns(ctx, 'users', existing.id, columns);
    await replaceLinks(ctx, existing.id, input);
  },
  async softDelete(ctx, existing) {
    if (existing.id === ctx.identity.userId) throw conflict('You cannot delete your own account.');
    await updateColumns(ctx, 'users', existing.id, { deleted_at: ctx.now });
    await endAllSessionsOf(ctx.db, existing.id);
  },
  async forceDelete(ctx, existing) {
    await ctx.db.deleteFrom('business_user').where('user_id', '=', existing.id).execute();
    await ctx.db.deleteFrom('role_user').where('user_id', '=', existing.id).execute();
    await endAllSessionsOf(ctx.db, existing.id);
    await ctx.db.deleteFrom('users').where('id', '=', existing.id).execute();
  },
  present: presentUsers,
};
