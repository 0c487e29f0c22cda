import {
  CreateWarehouseBody,
  ListWarehousesQueryParams,
  SearchWarehousesQueryParams,
  UpdateWarehouseBody,
} from '../../../generated/zod/warehouses/warehouses.zod.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';
import { locationColumns } from './location-columns.ts';

export const warehousesResource: Resource<'warehouses'> = {
  prefix: 'warehouses',
  singular: 'warehouse',
  table: 'warehouses',
  scope: 'business',
  schemas: {
    list: ListWarehousesQueryParams,
    search: SearchWarehousesQueryParams,
    create: CreateWarehouseBody,
    update: UpdateWarehouseBody,
  },
  searchColumns: ['code', 'name', 'address', 'phone'],
  conditions: { usable: usableLocations('warehouse') },
  unique: ['code'],
  async present(_ctx, rows) {
    return rows.map(locationColumns);
  },
};
