import * as filter from '../../resources/filters.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const columns: readonly Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'Email' },
  { field: 'userable_from', label: 'Home Location' },
  { field: 'role_names', label: 'Roles', kind: 'list' },
];

export const users = defineResource({
  key: 'users',
  title: 'name',
  filters: [filter.relation('role_id', 'Role', 'roles')],
  columns,
  viewFields: [
    ...columns,
    { field: 'must_change_password', label: 'Must Change Password', kind: 'boolean' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'email', label: 'Email', kind: 'email', required: true },
    { name: 'password', label: 'Password', kind: 'password', required: true, createOnly: true },
    { name: 'security_pin', label: 'Security PIN (6 digits)', kind: 'password', createOnly: true },
    { name: 'userable', label: 'Home Location', kind: 'home-location', labelField: 'userable_from' },
    { name: 'business_ids', label: 'Businesses', kind: 'relations', resource: 'businesses' },
    { name: 'role_ids', label: 'Roles', kind: 'relations', resource: 'roles' },
  ],
  resettable: true,
  extraActions: [{ action: 'assign-roles', label: 'Assign Roles' }],
  load: async () => {
    const api = await import('../../../generated/hooks/users/users.ts');
    const schemas = () => import('../../../generated/zod/users/users.zod.ts');
    return {
      ...standardOperations({ one: 'User', many: 'Users' }, api, schemas),
      resetPassword: api.resetUserPassword,
      resetSecurityPin: api.resetUserSecurityPin,
    };
  },
});
