import { defineResource } from './resource.ts';

export const brands = defineResource({
  key: 'brands',
  singular: 'Brand',
  plural: 'Brands',
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
      import('../../generated/hooks/brands/brands.ts'),
      import('../../generated/zod/brands/brands.zod.ts'),
    ]);
    return {
      list: api.listBrands,
      listKey: api.getListBrandsQueryKey,
      get: api.getBrand,
      detailKey: api.getGetBrandQueryKey,
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
