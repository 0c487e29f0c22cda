import * as contract from '../../../generated/zod/roles/roles.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';

// Roles are global; their permissions are set on the assign-permissions screen (PUT /api/roles/{id}/permissions).
export const rolesResource: Resource<'roles'> = {
  prefix: 'roles',
  singular: 'role',
  table: 'roles',
  scope: 'global',
  schemas: contractSchemas(contract, 'Role', 'Roles'),
  searchColumns: ['name', 'description'],
  unique: ['name'],
  // A role still held by users stays (the users' foreign keys refuse), its permission links go with it.
  async forceDelete(ctx, existing) {
    await ctx.db.deleteFrom('role_permission').where('role_id', '=', existing.id).execute();
    await ctx.db.deleteFrom('roles').where('id', '=', existing.id).execute();
  },
  async present(ctx, rows) {
    const ids = rows.map((row) => row.id);
    const links =
      ids.length === 0
        ? []
        : await ctx.db
            .selectFrom('role_permission')
            .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
            .select(['role_permission.role_id', 'permissions.id', 'permissions.name'])
            .where('role_permission.role_id', 'in', ids)
            .orderBy('permissions.id')
            .execute();
    return rows.map((row) => {
      const own = links.filter((link) => link.role_id === row.id);
      return {
        ...auditColumns(row),
        name: row.name,
        description: row.description,
        permission_ids: own.map((link) => link.id),
        permission_names: own.map((link) => link.name),
      };
    });
  },
};
