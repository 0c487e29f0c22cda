import { defineNamedRecords } from '../../resources/named-records.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const itemClassifications = defineNamedRecords({
  key: 'item-classifications',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/item-classifications/item-classifications.ts'),
      import('../../../generated/zod/item-classifications/item-classifications.zod.ts'),
    ]);
    return standardOperations({ one: 'ItemClassification', many: 'ItemClassifications' }, api, schemas);
  },
});
