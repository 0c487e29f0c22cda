import { defineResource } from '../../resources/resource.ts';

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
    return {
      list: api.listPermissions,
      listKey: api.getListPermissionsQueryKey,
      get: api.getPermission,
      detailKey: api.getGetPermissionQueryKey,
      search: api.searchPermissions,
    };
  },
});
