import { CompiledQuery, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { runReused } from '../db/reused-query.ts';
import type { TaxClassColumn } from '../db/tables/philippine-sales.ts';
import { unknownChoice } from '../domain/input-messages.ts';
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
  if (!row) throw fieldError(field, unknownChoice(field));
}

// The tables whose rows each belong to one business.
type TenantTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; business_id: number } ? T : never;
}[keyof Database];

// A record of the business by id, standing or voided, for the caller to say what it reads of it: another business's
// is not found. The table is named at run time, through the engine's untyped view; the answer is typed for it.
export function ownById<T extends TenantTable>(
  context: PostingContext,
  table: T,
  id: number,
): SelectQueryBuilder<Database, T, Record<never, never>> {
  return dynamic(context.trx)
    .selectFrom(table as string)
    .where('id', '=', id)
    .where('business_id', '=', context.businessId) as unknown as SelectQueryBuilder<Database, T, Record<never, never>>;
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
  if (!row) throw fieldError(field, unknownChoice(field));
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
  brand_id: number | null;
  // The abbreviation of its unit, as the sale's facts read it (requireSaleFacts), for the e-invoice's lines.
  unit?: string;
};

type ItemRow = {
  id: number;
  name: string;
  is_inventory_tracked: number | boolean;
  is_lot_tracked: number | boolean;
  tax_class: TaxClassColumn;
  item_type_id: number;
  brand_id: number | null;
};

// Checks every line's item at once and answers whether each is stock-tracked (services are not) and kept by lot,
// and what a sale's VAT needs of it. `known`: the items as requireSaleFacts read them, only to be checked.
export async function requireLineItems(
  context: PostingContext,
  itemIds: readonly number[],
  known?: ReadonlyMap<number, ItemFacts>,
): Promise<Map<number, ItemFacts>> {
  const unique = [...new Set(itemIds)];
  const rows =
    known || unique.length === 0
      ? []
      : await runReused(
          context.trx,
          `line items ${unique.length}`,
          [context.businessId, ...unique] as const,
          ([business, ...ids]) =>
            context.trx
              .selectFrom('items')
              .select(['id', 'name', 'is_inventory_tracked', 'is_lot_tracked', 'tax_class', 'item_type_id', 'brand_id'])
              .where('business_id', '=', business)
              .where('deleted_at', 'is', null)
              .where('id', 'in', ids),
        );
  const found = known ? new Map(known) : new Map(rows.map((row) => [row.id, itemFacts(row)]));
  const errors: FieldErrors = {};
  itemIds.forEach((itemId, index) => {
    if (!found.has(itemId)) errors[`lines.${index}.item_id`] = [unknownChoice(`lines.${index}.item_id`)];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return found;
}

function itemFacts(row: ItemRow): ItemFacts {
  return {
    id: row.id,
    name: row.name,
    is_inventory_tracked: Number(row.is_inventory_tracked) === 1,
    is_lot_tracked: Number(row.is_inventory_tracked) === 1 && Number(row.is_lot_tracked) === 1,
    tax_class: row.tax_class,
    item_type_id: row.item_type_id,
    brand_id: row.brand_id === null ? null : Number(row.brand_id),
  };
}

// A standing warranty term as stored (its lists are JSON arrays of ids; docs/domain/eye-care.md, Warranties).
export type WarrantyTermRow = { months: number; item_type_ids: string; brand_ids: string };

export type SaleFacts = {
  items: ReadonlyMap<number, ItemFacts>;
  vatRegistered: boolean;
  // The business's standing warranty terms, when asked for.
  warrantyTerms: WarrantyTermRow[];
};

type SaleFactRow = Omit<ItemRow, 'id' | 'name' | 'tax_class' | 'item_type_id' | 'brand_id'> & {
  kind: number;
  reference: number | null;
  id: number | null;
  name: string | null;
  tax_class: TaxClassColumn | null;
  item_type_id: number | null;
  brand_id: number | null;
  unit: string | null;
};

// What a sale's posting reads before it writes, in one statement (a UNION ALL): its references checked as
// requireActive checks each (the first invalid refused, in the order given), the active items among `itemIds` (for
// requireLineItems to check, as `known`, with their units for the e-invoice), whether the business charges VAT (for
// applyVat) and, with `warrantyTerms`, the business's standing warranty terms (an invoice's lines keep their
// warranty's end). Each statement in a posting's transaction is a cost of its own on PostgreSQL
// (docs/PERFORMANCE.md, What moved the numbers).
export async function requireSaleFacts(
  context: PostingContext,
  references: readonly (readonly [table: ReferencedTable, id: number, field: string])[],
  itemIds: readonly number[],
  options: { warrantyTerms?: boolean } = {},
): Promise<SaleFacts> {
  const parameters: unknown[] = [];
  const postgres = context.dialect === 'postgres';
  const value = (parameter: unknown) => {
    parameters.push(parameter);
    return postgres ? `$${parameters.length}` : '?';
  };
  const unique = [...new Set(itemIds)];
  // The items first: PostgreSQL types a UNION's nulls from the branches before them.
  const parts = [
    `SELECT 0 AS "kind", NULL AS "reference", "items"."id", "items"."name", "items"."is_inventory_tracked",
      "items"."is_lot_tracked", "items"."tax_class", "items"."item_type_id", "items"."brand_id",
      "unit_of_measurements"."abbreviation" AS "unit" FROM "items"
      LEFT JOIN "unit_of_measurements" ON "unit_of_measurements"."id" = "items"."unit_of_measurement_id"
      WHERE "items"."business_id" = ${value(context.businessId)} AND "items"."deleted_at" IS NULL
      AND "items"."id" IN (${[...unique, 0].map(value).join(', ')})`,
    ...references.map(([table, id], index) => {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`Cannot check ${table}.`);
      return `SELECT 1, ${index}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM "${table}" WHERE "id" = ${value(id)}
        AND "business_id" = ${value(context.businessId)} AND "deleted_at" IS NULL`;
    }),
    `SELECT 2, "is_vat_registered", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM "businesses"
      WHERE "id" = ${value(context.businessId)}`,
    // A term's months in the reference column, its lists of types and brands in the text columns.
    ...(options.warrantyTerms
      ? [
          `SELECT 3, "months", NULL, "item_type_ids", NULL, NULL, "brand_ids", NULL, NULL, NULL FROM "warranty_terms"
            WHERE "business_id" = ${value(context.businessId)} AND "deleted_at" IS NULL`,
        ]
      : []),
  ];
  const { rows } = await context.trx.executeQuery<SaleFactRow>(
    CompiledQuery.raw(parts.join(' UNION ALL '), parameters),
  );
  const active = new Set(rows.filter((row) => Number(row.kind) === 1).map((row) => Number(row.reference)));
  const missing = references.find((_, index) => !active.has(index));
  if (missing) throw fieldError(missing[2], unknownChoice(missing[2]));
  const business = rows.find((row) => Number(row.kind) === 2);
  if (!business) throw new Error(`No business ${context.businessId}.`);
  const items = new Map<number, ItemFacts>();
  for (const row of rows) {
    if (Number(row.kind) !== 0 || row.id === null) continue;
    items.set(Number(row.id), {
      ...itemFacts({
        ...row,
        id: Number(row.id),
        name: row.name ?? '',
        tax_class: row.tax_class as TaxClassColumn,
        item_type_id: Number(row.item_type_id),
      }),
      unit: row.unit ?? '',
    });
  }
  const warrantyTerms = rows
    .filter((row) => Number(row.kind) === 3)
    .map((row) => ({
      months: Number(row.reference),
      item_type_ids: row.name ?? '[]',
      brand_ids: row.tax_class ?? '[]',
    }));
  return { items, vatRegistered: Number(business.reference) === 1, warrantyTerms };
}

// The rows of `table` at the place (every row when the place is null); a table without warehouses has none at a
// warehouse.
export function placedAt(table: string, place: Location | null, hasWarehouse = true) {
  if (place === null) return sql<boolean>`1 = 1`;
  if (place.branch_id !== null) return sql<boolean>`${sql.ref(`${table}.branch_id`)} = ${place.branch_id}`;
  if (!hasWarehouse) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`${table}.warehouse_id`)} = ${place.warehouse_id}`;
}
