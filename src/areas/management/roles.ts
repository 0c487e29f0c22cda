import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const roles = defineResource({
  key: 'roles',
  title: 'name',
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
    { field: 'permission_names', label: 'Permissions', kind: 'list' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  extraActions: [{ action: 'assign-permissions', label: 'Assign Permissions' }],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/roles/roles.ts'),
      import('../../../generated/zod/roles/roles.zod.ts'),
    ]);
    return standardOperations({ one: 'Role', many: 'Roles' }, api, schemas);
  },
});
