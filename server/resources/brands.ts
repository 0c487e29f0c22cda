import {
  CreateBrandBody,
  ListBrandsQueryParams,
  SearchBrandsQueryParams,
  UpdateBrandBody,
} from '../../generated/zod/brands/brands.zod.ts';
import { auditColumns } from './engine/dynamic.ts';
import type { Resource } from './engine/resource.ts';

export const brandsResource: Resource<'brands'> = {
  prefix: 'brands',
  singular: 'brand',
  table: 'brands',
  scope: 'business',
  schemas: {
    list: ListBrandsQueryParams,
    search: SearchBrandsQueryParams,
    create: CreateBrandBody,
    update: UpdateBrandBody,
  },
  searchColumns: ['name', 'description'],
  unique: ['name'],
  async present(_ctx, rows) {
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      name: row.name,
      description: row.description,
    }));
  },
};
