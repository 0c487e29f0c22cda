import { nameAndDescription, nameAndDescriptionFields } from '../../resources/named-records.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const roles = defineResource({
  key: 'roles',
  title: 'name',
  columns: nameAndDescription,
  viewFields: [
    ...nameAndDescription,
    { field: 'permission_names', label: 'Permissions', kind: 'list' },
    ...recordTimestamps,
  ],
  formFields: nameAndDescriptionFields,
  extraActions: [{ action: 'assign-permissions', label: 'Assign Permissions' }],
  load: async () => {
    const api = await import('../../../generated/hooks/roles/roles.ts');
    const schemas = () => import('../../../generated/zod/roles/roles.zod.ts');
    return standardOperations({ one: 'Role', many: 'Roles' }, api, schemas);
  },
});
