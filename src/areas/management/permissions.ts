import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const permissions = defineResource({
  key: 'permissions',
  title: 'name',
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'group', label: 'Group' },
    { field: 'action', label: 'Action' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'group', label: 'Group' },
    { field: 'action', label: 'Action' },
  ],
  formFields: [],
  load: async () => {
    const api = await import('../../../generated/hooks/permissions/permissions.ts');
    return standardOperations({ one: 'Permission', many: 'Permissions' }, api);
  },
});
