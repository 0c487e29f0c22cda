import {
  CreateBrandBody,
  ListBrandsQueryParams,
  SearchBrandsQueryParams,
  UpdateBrandBody,
} from '../../../generated/zod/brands/brands.zod.ts';
import { presentNamed } from '../../engine/named-records.ts';
import type { Resource } from '../../engine/resource.ts';

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
  present: (_ctx, rows) => presentNamed(rows),
};
