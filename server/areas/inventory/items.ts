import type { z } from 'zod';
import {
  CreateItemBody,
  ListItemsQueryParams,
  SearchItemsQueryParams,
  UpdateItemBody,
} from '../../../generated/zod/items/items.zod.ts';
import { runReused } from '../../db/reused-query.ts';
import { hasAtMostDecimals } from '../../domain/money.ts';
import { fromThousandths, toThousandths } from '../../domain/quantity.ts';
import { type FieldErrors, unprocessable } from '../../domain/refusal.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';
import { checkLotTracking } from './item-lot-tracking.ts';
import {
  checkVariant,
  opticalColumns,
  opticalKind,
  presentOptical,
  withoutOpticalFields,
} from './optical-attributes.ts';

type ItemCreate = z.output<typeof CreateItemBody>;
type ItemUpdate = z.output<typeof UpdateItemBody>;
type ItemInput = ItemCreate | ItemUpdate;
type Tier = { quantity: number; discount_percent: number };
type TierKind = 'purchase' | 'sale';

function checkQuantities(input: ItemInput): void {
  const errors: FieldErrors = {};
  if (input.reorder_level != null && !hasAtMostDecimals(input.reorder_level, 3)) {
    errors.reorder_level = ['The reorder level may have at most 3 decimals.'];
  }
  for (const kind of ['purchase_discounts', 'sale_discounts'] as const) {
    const tiers = input[kind] ?? [];
    const seen = new Set<number>();
    tiers.forEach((tier, index) => {
      if (!hasAtMostDecimals(tier.quantity, 3)) errors[`${kind}.${index}.quantity`] = ['At most 3 decimals.'];
      else if (seen.has(toThousandths(tier.quantity))) {
        errors[`${kind}.${index}.quantity`] = ['Each tier needs its own quantity.'];
      }
      seen.add(toThousandths(tier.quantity));
    });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

function itemColumns(input: ItemInput): Record<string, unknown> {
  checkQuantities(input);
  const { purchase_discounts, sale_discounts, reorder_level, is_inventory_tracked, is_lot_tracked, ...columns } =
    withoutOpticalFields(input);
  return {
    ...columns,
    ...opticalColumns(input),
    ...(reorder_level === undefined
      ? {}
      : { reorder_level: reorder_level === null ? null : toThousandths(reorder_level) }),
    ...(is_inventory_tracked === undefined ? {} : { is_inventory_tracked: is_inventory_tracked ? 1 : 0 }),
    ...(is_lot_tracked === undefined ? {} : { is_lot_tracked: is_lot_tracked ? 1 : 0 }),
  };
}

async function replaceTiers(ctx: ResourceContext, itemId: number, kind: TierKind, tiers: readonly Tier[] | undefined) {
  if (tiers === undefined) return;
  await ctx.db.deleteFrom('item_discount_tiers').where('item_id', '=', itemId).where('kind', '=', kind).execute();
  if (tiers.length === 0) return;
  await ctx.db
    .insertInto('item_discount_tiers')
    .values(
      tiers.map((tier) => ({
        business_id: ctx.businessId ?? 0,
        item_id: itemId,
        kind,
        quantity: toThousandths(tier.quantity),
        discount_percent: tier.discount_percent,
      })),
    )
    .execute();
}

// Frames, lenses, contact lenses, solutions, accessories and services, with their quantity discount tiers.
export const itemsResource: Resource<'items', ItemCreate, ItemUpdate> = {
  prefix: 'items',
  singular: 'item',
  table: 'items',
  scope: 'business',
  schemas: {
    list: ListItemsQueryParams,
    search: SearchItemsQueryParams,
    create: CreateItemBody,
    update: UpdateItemBody,
  },
  searchColumns: [
    'code',
    'barcode',
    'name',
    'description',
    'frame_model',
    'frame_color',
    'frame_material',
    'frame_shape',
    'lens_material',
    'coatings',
  ],
  unique: ['code', 'barcode'],
  references: {
    brand_id: 'brands',
    item_type_id: 'item_types',
    item_classification_id: 'item_classifications',
    unit_of_measurement_id: 'unit_of_measurements',
    variant_of_item_id: 'items',
  },
  conditions: {
    without_variants: (rows, value) => (value === 1 ? rows.where('variant_of_item_id', 'is', null) : rows),
  },
  toColumns: itemColumns,
  async check(ctx, merged, existing) {
    await checkVariant(ctx.db, ctx.businessId ?? 0, {
      id: existing?.id,
      variant_of_item_id: merged.variant_of_item_id as number | null,
      sphere: merged.sphere as number | null,
      cylinder: merged.cylinder as number | null,
      add_power: merged.add_power as number | null,
    });
    await checkLotTracking(ctx, merged, existing);
  },
  async create(ctx, input) {
    const id = await insertRecord(ctx, itemsResource, itemColumns(input));
    await replaceTiers(ctx, id, 'purchase', input.purchase_discounts);
    await replaceTiers(ctx, id, 'sale', input.sale_discounts);
    return id;
  },
  async update(ctx, existing, input) {
    await updateColumns(ctx, 'items', existing.id, itemColumns(input));
    await replaceTiers(ctx, existing.id, 'purchase', input.purchase_discounts);
    await replaceTiers(ctx, existing.id, 'sale', input.sale_discounts);
  },
  async forceDelete(ctx, existing) {
    await ctx.db.deleteFrom('item_discount_tiers').where('item_id', '=', existing.id).execute();
    await ctx.db.deleteFrom('items').where('id', '=', existing.id).execute();
  },
  async present(ctx, rows) {
    const ids = rows.map((row) => row.id);
    const [names, tiers] = await Promise.all([
      namesIn(ctx.db, {
        brands: { table: 'brands', ids: rows.map((row) => row.brand_id) },
        types: { table: 'item_types', ids: rows.map((row) => row.item_type_id) },
        kinds: { table: 'item_types', ids: rows.map((row) => row.item_type_id), column: 'optical_kind' },
        classifications: { table: 'item_classifications', ids: rows.map((row) => row.item_classification_id) },
        units: { table: 'unit_of_measurements', ids: rows.map((row) => row.unit_of_measurement_id) },
        families: { table: 'items', ids: rows.map((row) => row.variant_of_item_id) },
      }),
      ids.length === 0
        ? Promise.resolve([])
        : runReused(ctx.db, `discount tiers of ${ids.length} items`, ids, (standIns) =>
            ctx.db.selectFrom('item_discount_tiers').selectAll().where('item_id', 'in', standIns).orderBy('quantity'),
          ),
    ]);
    const tiersOf = (itemId: number, kind: TierKind) =>
      tiers
        .filter((tier) => tier.item_id === itemId && tier.kind === kind)
        .map((tier) => ({ quantity: fromThousandths(tier.quantity), discount_percent: tier.discount_percent }));
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      code: row.code,
      barcode: row.barcode,
      name: row.name,
      description: row.description,
      brand_id: row.brand_id,
      item_type_id: row.item_type_id,
      item_classification_id: row.item_classification_id,
      unit_of_measurement_id: row.unit_of_measurement_id,
      is_inventory_tracked: row.is_inventory_tracked === 1,
      is_lot_tracked: Number(row.is_lot_tracked) === 1,
      tax_class: row.tax_class,
      reorder_level: row.reorder_level === null ? null : fromThousandths(row.reorder_level),
      purchase_discounts: tiersOf(row.id, 'purchase'),
      sale_discounts: tiersOf(row.id, 'sale'),
      brand_name: nameOf(names.brands, row.brand_id),
      item_type_name: nameOf(names.types, row.item_type_id),
      item_classification_name: nameOf(names.classifications, row.item_classification_id),
      unit_of_measurement_name: nameOf(names.units, row.unit_of_measurement_id),
      ...presentOptical(row),
      optical_kind: opticalKind(nameOf(names.kinds, row.item_type_id)),
      variant_of_item_name: nameOf(names.families, row.variant_of_item_id),
    }));
  },
};
