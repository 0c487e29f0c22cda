import {
  CreateItemClassificationBody,
  ListItemClassificationsQueryParams,
  SearchItemClassificationsQueryParams,
  UpdateItemClassificationBody,
} from '../../../generated/zod/item-classifications/item-classifications.zod.ts';
import { presentNamed } from '../../engine/named-records.ts';
import type { Resource } from '../../engine/resource.ts';

export const itemClassificationsResource: Resource<'item_classifications'> = {
  prefix: 'item-classifications',
  singular: 'item classification',
  table: 'item_classifications',
  scope: 'business',
  schemas: {
    list: ListItemClassificationsQueryParams,
    search: SearchItemClassificationsQueryParams,
    create: CreateItemClassificationBody,
    update: UpdateItemClassificationBody,
  },
  searchColumns: ['name', 'description'],
  unique: ['name'],
  present: (_ctx, rows) => presentNamed(rows),
};
