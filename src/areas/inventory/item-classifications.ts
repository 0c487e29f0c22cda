import { defineNamedRecords } from '../../resources/named-records.ts';

export const itemClassifications = defineNamedRecords({
  key: 'item-classifications',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/item-classifications/item-classifications.ts'),
      import('../../../generated/zod/item-classifications/item-classifications.zod.ts'),
    ]);
    return {
      list: api.listItemClassifications,
      listKey: api.getListItemClassificationsQueryKey,
      get: api.getItemClassification,
      detailKey: api.getGetItemClassificationQueryKey,
      history: api.getItemClassificationHistory,
      historyKey: api.getGetItemClassificationHistoryQueryKey,
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
