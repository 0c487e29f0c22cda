import { defineNamedRecords } from '../../resources/named-records.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const brands = defineNamedRecords({
  key: 'brands',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/brands/brands.ts'),
      import('../../../generated/zod/brands/brands.zod.ts'),
    ]);
    return standardOperations({ one: 'Brand', many: 'Brands' }, api, schemas);
  },
});
