import type { Selectable } from 'kysely';
import type { WarehousesTable } from '../../db/tables/master-data.ts';
import { auditColumns } from '../../engine/dynamic.ts';

// Branches and warehouses are both places that hold stock (docs/domain/management.md), answered with the same
// columns; a branch adds its email.
export function locationColumns(row: Selectable<WarehousesTable>) {
  const { business_id, code, name, address, phone } = row;
  return { ...auditColumns(row), business_id, code, name, address, phone };
}
