import { sql } from 'kysely';
import { runReused } from '../db/reused-query.ts';
import type { TaxClassColumn } from '../db/tables/philippine-sales.ts';
import { type Location, locationOf } from '../domain/location.ts';
import { type FieldErrors, fieldError, unprocessable } from '../domain/refusal.ts';
import type { PostingContext } from './posting-context.ts';

type ReferencedTable = 'contacts' | 'items' | 'branches' | 'warehouses';

// A reference to another business's record, or to a soft-deleted one, is refused as if it did not exist.
export async function requireActive(
  context: PostingContext,
  table: ReferencedTable,
  id: number,
  field: string,
): Promise<void> {
  const [row] = await runReused(
    context.trx,
    `active ${table}`,
    [id, context.businessId] as const,
    ([record, business]) =>
      context.trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', record)
        .where('business_id', '=', business)
        .where('deleted_at', 'is', null),
  );
  if (!row) throw fieldError(field, `The selected ${field} is invalid.`);
}

export async function requireLocation(
  context: PostingContext,
  branchId: number | null | undefined,
  warehouseId: number | null | undefined,
  prefix = '',
): Promise<Location> {
  const location = locationOf(branchId, warehouseId);
  if (!location) {
    throw unprocessable({
      [`${prefix}branch_id`]: ['Choose either a branch or a warehouse.'],
      [`${prefix}warehouse_id`]: ['Choose either a branch or a warehouse.'],
    });
  }
  if (location.branch_id !== null) await requireActive(context, 'branches', location.branch_id, `${prefix}branch_id`);
  else await requireActive(context, 'warehouses', location.warehouse_id, `${prefix}warehouse_id`);
  return location;
}

export type ItemFacts = {
  id: number;
  name: string;
  is_inventory_tracked: boolean;
  is_lot_tracked: boolean;
  tax_class: TaxClassColumn;
  item_type_id: number;
};

// Checks every line's item at once and answers whether each is stock-tracked (services are not) and kept by lot,
// and what a sale's VAT needs of it.
export async function requireLineItems(
  context: PostingContext,
  itemIds: readonly number[],
): Promise<Map<number, ItemFacts>> {
  const unique = [...new Set(itemIds)];
  const rows =
    unique.length === 0
      ? []
      : await runReused(
          context.trx,
          `line items ${unique.length}`,
          [context.businessId, ...unique] as const,
          ([business, ...ids]) =>
            context.trx
              .selectFrom('items')
              .select(['id', 'name', 'is_inventory_tracked', 'is_lot_tracked', 'tax_class', 'item_type_id'])
              .where('business_id', '=', business)
              .where('deleted_at', 'is', null)
              .where('id', 'in', ids),
        );
  const found = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        is_inventory_tracked: Number(row.is_inventory_tracked) === 1,
        is_lot_tracked: Number(row.is_inventory_tracked) === 1 && Number(row.is_lot_tracked) === 1,
        tax_class: row.tax_class,
        item_type_id: row.item_type_id,
      },
    ]),
  );
  const errors: FieldErrors = {};
  itemIds.forEach((itemId, index) => {
    if (!found.has(itemId)) errors[`lines.${index}.item_id`] = [`The selected lines.${index}.item_id is invalid.`];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return found;
}

// The rows of `table` at the place (every row when the place is null); a table without warehouses has none at a
// warehouse.
export function placedAt(table: string, place: Location | null, hasWarehouse = true) {
  if (place === null) return sql<boolean>`1 = 1`;
  if (place.branch_id !== null) return sql<boolean>`${sql.ref(`${table}.branch_id`)} = ${place.branch_id}`;
  if (!hasWarehouse) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`${table}.warehouse_id`)} = ${place.warehouse_id}`;
}
