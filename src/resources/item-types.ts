import { defineResource } from './resource.ts';

export const itemTypes = defineResource({
  key: 'item-types',
  singular: 'Item Type',
  plural: 'Item Types',
  group: 'inventory',
  linked: true,
  screens: 'full',
  title: 'name',
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'description', label: 'Description' },
    { field: 'created_at', label: 'Created', kind: 'timestamp' },
    { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../generated/hooks/item-types/item-types.ts'),
      import('../../generated/zod/item-types/item-types.zod.ts'),
    ]);
    return {
      list: api.listItemTypes,
      listKey: api.getListItemTypesQueryKey,
      get: api.getItemType,
      detailKey: api.getGetItemTypeQueryKey,
      search: api.searchItemTypes,
      create: api.createItemType,
      update: api.updateItemType,
      remove: api.deleteItemType,
      restore: api.restoreItemType,
      forceDelete: api.forceDeleteItemType,
      createSchema: schemas.CreateItemTypeBody,
      updateSchema: schemas.UpdateItemTypeBody,
    };
  },
});
