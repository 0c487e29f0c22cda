import { defineNamedRecords } from '../../resources/named-records.ts';

export const brands = defineNamedRecords({
  key: 'brands',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/brands/brands.ts'),
      import('../../../generated/zod/brands/brands.zod.ts'),
    ]);
    return {
      list: api.listBrands,
      listKey: api.getListBrandsQueryKey,
      get: api.getBrand,
      detailKey: api.getGetBrandQueryKey,
      history: api.getBrandHistory,
      historyKey: api.getGetBrandHistoryQueryKey,
      search: api.searchBrands,
      create: api.createBrand,
      update: api.updateBrand,
      remove: api.deleteBrand,
      restore: api.restoreBrand,
      forceDelete: api.forceDeleteBrand,
      createSchema: schemas.CreateBrandBody,
      updateSchema: schemas.UpdateBrandBody,
    };
  },
});
