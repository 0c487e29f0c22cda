import * as contract from '../../../generated/zod/permissions/permissions.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';

// Read-only: the catalogue is seeded (auth/permission-catalogue.ts) and only assigned to roles.
export const permissionsResource: Resource<'permissions'> = {
  prefix: 'permissions',
  singular: 'permission',
  table: 'permissions',
  scope: 'global',
  schemas: contractSchemas(contract, 'Permission', 'Permissions'),
  searchColumns: ['name', 'group', 'action'],
  async present(_ctx, rows) {
    return rows.map((row) => ({ ...auditColumns(row), name: row.name, group: row.group, action: row.action }));
  },
};
