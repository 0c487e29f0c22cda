import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CloseBusinessBooksBody } from '../../../generated/zod/businesses/businesses.zod.ts';
import { AssignRolePermissionsBody } from '../../../generated/zod/roles/roles.zod.ts';
import {
  AssignUserRolesBody,
  ResetUserPasswordBody,
  ResetUserSecurityPinBody,
} from '../../../generated/zod/users/users.zod.ts';
import { closeBooksPermission } from '../../auth/identity.ts';
import { hashPassword, randomToken, type ScryptCost } from '../../auth/password.ts';
import { endAllSessionsOf } from '../../auth/sessions.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { businessDate } from '../../domain/business-date.ts';
import { fieldError } from '../../domain/refusal.ts';
import { presentedRow, recordChange } from '../../engine/history.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { recordId, resourceContext } from '../../engine/routes.ts';
import { parseInput } from '../../http/validation.ts';
import { businessesResource, presentBusinesses } from './businesses.ts';
import { rolesResource } from './roles.ts';
import { replaceRoles, usersResource } from './users.ts';

export type ManagementRouteOptions = { db: Kysely<Database>; now: () => Date; passwordCost: ScryptCost };

const updateUsers = { access: { kind: 'user' as const, permissions: ['update-users'] } };
const updateRoles = { access: { kind: 'user' as const, permissions: ['update-roles'] } };
const closeBooks = { access: { kind: 'user' as const, permissions: [closeBooksPermission] } };

// The management calls beside plain CRUD: the business pickers, closing the books, password and pin resets, and
// role assignment.
export function registerManagementRoutes(app: FastifyInstance, options: ManagementRouteOptions): void {
  const context = (request: Parameters<typeof resourceContext>[0]) => resourceContext(request, options);

  const businessList = async (request: Parameters<typeof resourceContext>[0]) => {
    const ctx = context(request);
    let query = ctx.db.selectFrom('businesses').selectAll().where('deleted_at', 'is', null);
    if (!ctx.identity.fullAccess) query = query.where('id', 'in', [...ctx.identity.businessIds, 0]);
    const rows = await query.orderBy('id', 'asc').execute();
    return { businesses: await presentBusinesses(rows) };
  };
  app.get('/api/businesses/get-all-businesses', businessList);
  app.get('/api/businesses/retrieve-all-businesses', businessList);

  // docs/domain/management.md, Closing the books: forward only, never past today, so that a report as of a closed
  // day never changes again. Another business's id answers 404 (businessesResource shows only the user's).
  app.post('/api/businesses/:id/close-books', { config: closeBooks }, async (request) => {
    const { through } = parseInput(CloseBusinessBooksBody, request.body);
    const ctx = context(request);
    const id = recordId(request);
    await findRecord(businessesResource, ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const inner = { ...ctx, db: trx };
      const existing = await trx
        .selectFrom('businesses')
        .selectAll()
        .where('id', '=', id)
        .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate())
        .executeTakeFirstOrThrow();
      const today = businessDate(new Date(ctx.now));
      if (through > today) throw fieldError('through', `The books close through today (${today}) at the latest.`);
      const closed = existing.books_closed_through;
      if (closed !== null && through < closed) {
        throw fieldError('through', `The books are already closed through ${closed}; they close forward only.`);
      }
      const before = await presentedRow(businessesResource, inner, existing);
      await trx
        .updateTable('businesses')
        .set({ books_closed_through: through, updated_at: ctx.now, updated_by: ctx.identity.userId })
        .where('id', '=', id)
        .execute();
      const business = await presentOne(businessesResource, inner, id);
      await recordChange(businessesResource, inner, id, 'updated', before, business);
      return business;
    });
  });

  // The temporary password is shown once; the user must choose a new one, and its open sessions end now.
  app.post('/api/users/reset-password', { config: updateUsers }, async (request) => {
    const { id } = parseInput(ResetUserPasswordBody, request.body);
    const ctx = context(request);
    await findRecord(usersResource, ctx, id);
    const temporaryPassword = randomToken(9);
    await ctx.db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(temporaryPassword, options.passwordCost),
        must_change_password: 1,
        updated_at: ctx.now,
        updated_by: ctx.identity.userId,
      })
      .where('id', '=', id)
      .execute();
    await endAllSessionsOf(ctx.db, id);
    return { id, temporary_password: temporaryPassword };
  });

  app.post('/api/users/reset-security-pin', { config: updateUsers }, async (request) => {
    const { id } = parseInput(ResetUserSecurityPinBody, request.body);
    const ctx = context(request);
    await findRecord(usersResource, ctx, id);
    const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await ctx.db
      .updateTable('users')
      .set({
        security_pin_hash: await hashPassword(pin, options.passwordCost),
        updated_at: ctx.now,
        updated_by: ctx.identity.userId,
      })
      .where('id', '=', id)
      .execute();
    return { id, security_pin: pin };
  });

  app.put('/api/users/:id/roles', { config: updateUsers }, async (request) => {
    const { role_ids: roleIds } = parseInput(AssignUserRolesBody, request.body);
    const ctx = context(request);
    const id = recordId(request);
    const existing = await findRecord(usersResource, ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const inner = { ...ctx, db: trx };
      const found =
        roleIds.length === 0 ? [] : await trx.selectFrom('roles').select('id').where('id', 'in', roleIds).execute();
      if (found.length !== roleIds.length) throw fieldError('role_ids', 'Choose the roles from the list.');
      const before = await presentedRow(usersResource, inner, existing);
      await replaceRoles(inner, id, roleIds);
      const user = await presentOne(usersResource, inner, id);
      await recordChange(usersResource, inner, id, 'updated', before, user);
      return user;
    });
  });

  app.put('/api/roles/:id/permissions', { config: updateRoles }, async (request) => {
    const { permission_ids: permissionIds } = parseInput(AssignRolePermissionsBody, request.body);
    const ctx = context(request);
    const id = recordId(request);
    const existing = await findRecord(rolesResource, ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const inner = { ...ctx, db: trx };
      const before = await presentedRow(rolesResource, inner, existing);
      const found =
        permissionIds.length === 0
          ? []
          : await trx.selectFrom('permissions').select('id').where('id', 'in', permissionIds).execute();
      if (found.length !== permissionIds.length) {
        throw fieldError('permission_ids', 'Choose the permissions from the list.');
      }
      await trx.deleteFrom('role_permission').where('role_id', '=', id).execute();
      if (permissionIds.length > 0) {
        await trx
          .insertInto('role_permission')
          .values(permissionIds.map((permissionId) => ({ role_id: id, permission_id: permissionId })))
          .execute();
      }
      const role = await presentOne(rolesResource, inner, id);
      await recordChange(rolesResource, inner, id, 'updated', before, role);
      return role;
    });
  });
}
