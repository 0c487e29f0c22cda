import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { runReused } from '../db/reused-query.ts';
import type { TaxClassColumn } from '../db/tables/philippine-sales.ts';
import { type Location, locationOf } from '../domain/location.ts';
import { type FieldErrors, fieldError, notFound, unprocessable } from '../domain/refusal.ts';
import { dynamic } from '../engine/dynamic.ts';
import type { DocumentTable } from './document-lifecycle.ts';
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

// Several references checked as requireActive does, in one statement (a posting's round trips are its cost on
// PostgreSQL, docs/PERFORMANCE.md); the first invalid one, in the order given, is refused.
export async function requireAllActive(
  context: PostingContext,
  references: readonly (readonly [table: ReferencedTable, id: number, field: string])[],
): Promise<void> {
  const values = references.flatMap(([, id]) => [id, context.businessId]);
  const found = await runReused(
    context.trx,
    `active ${references.map(([table]) => table).join(', ')}`,
    values,
    (standIns) => {
      const [first, ...rest] = references.map(([table], index) =>
        dynamic(context.trx)
          .selectFrom(table)
          .select(sql<number>`${sql.lit(index)}`.as('reference'))
          .where('id', '=', standIns[index * 2])
          .where('business_id', '=', standIns[index * 2 + 1])
          .where('deleted_at', 'is', null),
      );
      if (!first) throw new Error('No references to check.');
      return rest.reduce((union, next) => union.unionAll(next), first);
    },
  );
  const active = new Set(found.map((row) => Number(row.reference)));
  const missing = references.find((_, index) => !active.has(index));
  if (missing) throw fieldError(missing[2], `The selected ${missing[2]} is invalid.`);
}

const documentById = (context: PostingContext, table: DocumentTable, id: number) =>
  context.trx.selectFrom(table).selectAll().where('id', '=', id).where('business_id', '=', context.businessId);

// The records a posting reads by id only while they stand: the business's own, not deleted (or voided).
type StandingTable = ReferencedTable | DocumentTable | 'prescriptions' | 'discount_programs';

// A standing record of the business by id, for the caller to say what it reads of it.
export function standingById<T extends StandingTable>(
  context: PostingContext,
  table: T,
  id: number,
): SelectQueryBuilder<Database, T, Record<never, never>> {
  return context.trx
    .selectFrom(table as StandingTable)
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null) as unknown as SelectQueryBuilder<Database, T, Record<never, never>>;
}

// A document that a new one follows or settles (the order a receipt fills, the invoice a payment pays) is refused
// the same way: another business's, or a voided one, is as if it did not exist.
export async function requireDocument<T extends DocumentTable>(
  context: PostingContext,
  table: T,
  id: number,
  field: string,
): Promise<Selectable<Database[T]>> {
  const row = await documentById(context, table, id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw fieldError(field, `The selected ${field} is invalid.`);
  return row as Selectable<Database[T]>;
}

// The document an edit or a posting works on, voided or not: another business's is not found (404).
export async function findDocument<T extends DocumentTable>(
  context: PostingContext,
  table: T,
  id: number,
): Promise<Selectable<Database[T]>> {
  const row = await documentById(context, table, id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Selectable<Database[T]>;
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
