import {
  CreateWarehouseBody,
  ListWarehousesQueryParams,
  SearchWarehousesQueryParams,
  UpdateWarehouseBody,
} from '../../../generated/zod/warehouses/warehouses.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';

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
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      code: row.code,
      name: row.name,
      address: row.address,
      phone: row.phone,
    }));
  },
};
