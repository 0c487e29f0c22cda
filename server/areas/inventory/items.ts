import type { z } from 'zod';
import * as contract from '../../../generated/zod/items/items.zod.ts';
import { runReused } from '../../db/reused-query.ts';
import { powerSearchText } from '../../domain/lens-power.ts';
import { hasAtMostDecimals } from '../../domain/money.ts';
import { fromThousandths, toThousandths } from '../../domain/quantity.ts';
import { type FieldErrors, unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import { childRows, childRowsColumn, referencedColumn, referencedText } from '../../engine/read-one.ts';
import type { Resource, ResourceContext, Row } from '../../engine/resource.ts';
import { checkLotTracking } from './item-lot-tracking.ts';
import {
  checkVariant,
  opticalColumns,
  opticalKind,
  presentedHundredths,
  presentedLensIndex,
  withoutOpticalFields,
} from './optical-attributes.ts';

type ItemCreate = z.output<typeof contract.CreateItemBody>;
type ItemUpdate = z.output<typeof contract.UpdateItemBody>;
type ItemInput = ItemCreate | ItemUpdate;
type Tier = { quantity: number; discount_percent: number };
type TierKind = 'purchase' | 'sale';
type StoredTier = { id: number; kind: string; quantity: number; discount_percent: number };

// The order a list reads tiers in (by quantity), for tiers read in no order.
const byQuantity = (a: StoredTier, b: StoredTier) => a.quantity - b.quantity || a.id - b.id;

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

// What an item shows of the records it refers to, and its tiers in order of quantity, however they were read.
type ItemReferences = {
  brand: string | null;
  type: string | null;
  kind: string | null;
  classification: string | null;
  unit: string | null;
  family: string | null;
  tiers: readonly StoredTier[];
};

function tiersOf(tiers: readonly StoredTier[], kind: TierKind): Tier[] {
  return tiers
    .filter((tier) => tier.kind === kind)
    .map((tier) => ({ quantity: fromThousandths(tier.quantity), discount_percent: tier.discount_percent }));
}

// One object literal, its fields in the contract's order: spreading the audit and optical parts into it built
// two objects more per item and copied them, a measurable part of reading one (docs/PERFORMANCE.md).
function presentItem(row: Row<'items'>, references: ItemReferences) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
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
    purchase_discounts: tiersOf(references.tiers, 'purchase'),
    sale_discounts: tiersOf(references.tiers, 'sale'),
    brand_name: references.brand,
    item_type_name: references.type,
    item_classification_name: references.classification,
    unit_of_measurement_name: references.unit,
    frame_model: row.frame_model,
    frame_color: row.frame_color,
    eye_size: row.eye_size,
    bridge: row.bridge,
    frame_b: row.frame_b,
    frame_ed: row.frame_ed,
    temple_length: row.temple_length,
    frame_material: row.frame_material,
    frame_shape: row.frame_shape,
    lens_index: presentedLensIndex(row.lens_index),
    lens_design: row.lens_design,
    lens_material: row.lens_material,
    coatings: row.coatings,
    modality: row.modality,
    pack_size: row.pack_size,
    base_curve: presentedHundredths(row.base_curve),
    diameter: presentedHundredths(row.diameter),
    variant_of_item_id: row.variant_of_item_id,
    sphere: presentedHundredths(row.sphere),
    cylinder: presentedHundredths(row.cylinder),
    add: presentedHundredths(row.add_power),
    optical_kind: opticalKind(references.kind),
    variant_of_item_name: references.family,
  };
}

// Frames, lenses, contact lenses, solutions, accessories and services, with their quantity discount tiers.
export const itemsResource: Resource<'items', ItemCreate, ItemUpdate> = {
  prefix: 'items',
  singular: 'item',
  table: 'items',
  scope: 'business',
  schemas: contractSchemas(contract, 'Item', 'Items'),
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
  searchText: powerSearchText,
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
    return rows.map((row) =>
      presentItem(row, {
        brand: nameOf(names.brands, row.brand_id),
        type: nameOf(names.types, row.item_type_id),
        kind: nameOf(names.kinds, row.item_type_id),
        classification: nameOf(names.classifications, row.item_classification_id),
        unit: nameOf(names.units, row.unit_of_measurement_id),
        family: nameOf(names.families, row.variant_of_item_id),
        tiers: tiers.filter((tier) => tier.item_id === row.id),
      }),
    );
  },
  one: {
    columns: (dialect) => [
      referencedColumn('brand_name', 'items', 'brand_id', 'brands'),
      referencedColumn('item_type_name', 'items', 'item_type_id', 'item_types'),
      referencedColumn('item_type_optical_kind', 'items', 'item_type_id', 'item_types', 'optical_kind'),
      referencedColumn('item_classification_name', 'items', 'item_classification_id', 'item_classifications'),
      referencedColumn('unit_of_measurement_name', 'items', 'unit_of_measurement_id', 'unit_of_measurements'),
      referencedColumn('variant_of_item_name', 'items', 'variant_of_item_id', 'items'),
      childRowsColumn(dialect, 'discount_tiers', 'items', {
        table: 'item_discount_tiers',
        fields: ['id', 'kind', 'quantity', 'discount_percent'],
        // The business first: the tiers' index is by business and item.
        on: { business_id: 'business_id', item_id: 'id' },
      }),
    ],
    present: (_ctx, row) =>
      presentItem(row, {
        brand: referencedText(row.brand_name),
        type: referencedText(row.item_type_name),
        kind: referencedText(row.item_type_optical_kind),
        classification: referencedText(row.item_classification_name),
        unit: referencedText(row.unit_of_measurement_name),
        family: referencedText(row.variant_of_item_name),
        tiers: childRows<StoredTier>(row.discount_tiers).sort(byQuantity),
      }),
  },
};
