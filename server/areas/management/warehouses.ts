import * as contract from '../../../generated/zod/warehouses/warehouses.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';
import { locationColumns } from './location-columns.ts';

export const warehousesResource: Resource<'warehouses'> = {
  prefix: 'warehouses',
  singular: 'warehouse',
  table: 'warehouses',
  scope: 'business',
  schemas: contractSchemas(contract, 'Warehouse', 'Warehouses'),
  searchColumns: ['code', 'name', 'address', 'phone'],
  conditions: { usable: usableLocations('warehouse') },
  unique: ['code'],
  async present(_ctx, rows) {
    return rows.map(locationColumns);
  },
};
