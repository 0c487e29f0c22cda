import { defineNamedRecords } from './named-records.ts';

export const itemTypes = defineNamedRecords({
  key: 'item-types',
  singular: 'Item Type',
  plural: 'Item Types',
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
      history: api.getItemTypeHistory,
      historyKey: api.getGetItemTypeHistoryQueryKey,
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
