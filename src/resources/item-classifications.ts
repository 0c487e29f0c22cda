import { defineResource } from './resource.ts';

export const itemClassifications = defineResource({
  key: 'item-classifications',
  singular: 'Item Classification',
  plural: 'Item Classifications',
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
      import('../../generated/hooks/item-classifications/item-classifications.ts'),
      import('../../generated/zod/item-classifications/item-classifications.zod.ts'),
    ]);
    return {
      list: api.listItemClassifications,
      listKey: api.getListItemClassificationsQueryKey,
      get: api.getItemClassification,
      detailKey: api.getGetItemClassificationQueryKey,
      search: api.searchItemClassifications,
      create: api.createItemClassification,
      update: api.updateItemClassification,
      remove: api.deleteItemClassification,
      restore: api.restoreItemClassification,
      forceDelete: api.forceDeleteItemClassification,
      createSchema: schemas.CreateItemClassificationBody,
      updateSchema: schemas.UpdateItemClassificationBody,
    };
  },
});
