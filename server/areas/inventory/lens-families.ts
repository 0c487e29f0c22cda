import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { GenerateItemPowersBody, GetItemPowerGridQueryParams } from '../../../generated/zod/items/items.zod.ts';
import type { Database } from '../../db/database.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import {
  countSteps,
  fromHundredths,
  type Hundredths,
  isPowerStep,
  type LensPower,
  powerLabel,
  powerSteps,
  toHundredths,
} from '../../domain/lens-power.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, type FieldErrors, notFound, unprocessable } from '../../domain/refusal.ts';
import type { ResourceContext, Row } from '../../engine/resource.ts';
import { appendHistory } from '../../history/record-history.ts';
import { hiddenStock, isHidden } from '../../ledger/stock/blind-counts.ts';
import { notStockedMessage, variantOfPower } from './lens-variants.ts';

// Lens families (docs/domain/eye-care.md, Lenses by power): a stock lens is one item per power, a variant of its family
// item. This file generates a family's variants, reads its stock at one location as a grid of powers, and finds the
// variant for one eye's prescription.

export type GeneratePowers = z.output<typeof GenerateItemPowersBody>;
export type PowerGridQuery = z.output<typeof GetItemPowerGridQueryParams>;

// Enough for any real stock range (sphere -10..+6 × cylinder 0..-4 is 1,105 powers), small enough for one request.
export const maxPowersAtOnce = 2000;
const codeLength = 50;
const nameLength = 255;
const insertBatch = 100;

type Family = Row<'items'>;

const key = (power: LensPower) => `${power.sphere}/${power.cylinder}/${power.add ?? ''}`;

function checkRanges(body: GeneratePowers): { spheres: Hundredths[]; cylinders: Hundredths[]; add: Hundredths | null } {
  const errors: FieldErrors = {};
  const labels = {
    sphere_from: 'sphere from',
    sphere_to: 'sphere to',
    cylinder_from: 'cylinder from',
    cylinder_to: 'cylinder to',
    add: 'add',
  } as const;
  for (const field of ['sphere_from', 'sphere_to', 'cylinder_from', 'cylinder_to', 'add'] as const) {
    const value = body[field];
    if (value != null && !isPowerStep(value)) errors[field] = [`The ${labels[field]} must be in steps of 0.25.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const sphereFrom = toHundredths(body.sphere_from) ?? 0;
  const sphereTo = toHundredths(body.sphere_to) ?? 0;
  const cylinderFrom = toHundredths(body.cylinder_from) ?? 0;
  const cylinderTo = toHundredths(body.cylinder_to) ?? 0;
  if (sphereTo < sphereFrom) throw unprocessable({ sphere_to: ['The sphere to must not be below the sphere from.'] });
  const count = countSteps(sphereFrom, sphereTo) * countSteps(cylinderFrom, cylinderTo);
  if (count > maxPowersAtOnce) {
    throw unprocessable({
      sphere_to: [
        `At most ${maxPowersAtOnce.toLocaleString('en-US')} powers at once; these ranges make ${count.toLocaleString('en-US')}. Generate them in parts.`,
      ],
    });
  }
  return {
    spheres: powerSteps(sphereFrom, sphereTo),
    cylinders: powerSteps(Math.max(cylinderFrom, cylinderTo), Math.min(cylinderFrom, cylinderTo)),
    add: body.add == null ? null : toHundredths(body.add),
  };
}

async function familyOf(ctx: ResourceContext, id: number): Promise<Family> {
  const family = await ctx.db
    .selectFrom('items')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', ctx.businessId ?? 0)
    .executeTakeFirst();
  if (!family) throw notFound(`No item with id ${id}.`);
  return family;
}

// Every power of the ranges that the family lacks becomes a variant; those it has (active or deleted, whose
// codes still count) are skipped.
export async function generatePowers(
  ctx: ResourceContext,
  familyId: number,
  body: GeneratePowers,
): Promise<{ created: number; skipped: number }> {
  const family = await familyOf(ctx, familyId);
  if (family.deleted_at !== null) throw conflict('Restore the lens family before generating its powers.');
  if (family.variant_of_item_id !== null) {
    throw unprocessable({
      variant_of_item_id: ['This item is a variant of a lens family; generate the powers on the family.'],
    });
  }
  const { spheres, cylinders, add } = checkRanges(body);
  const existing = await ctx.db
    .selectFrom('items')
    .select(['sphere', 'cylinder', 'add_power'])
    .where('business_id', '=', family.business_id)
    .where('variant_of_item_id', '=', family.id)
    .execute();
  const had = new Set(
    existing.map((row) =>
      key({
        sphere: Number(row.sphere),
        cylinder: Number(row.cylinder ?? 0),
        add: row.add_power === null ? null : Number(row.add_power),
      }),
    ),
  );
  const wanted = spheres.flatMap((sphere) => cylinders.map((cylinder): LensPower => ({ sphere, cylinder, add })));
  const missing = wanted.filter((power) => !had.has(key(power)));
  const variants = missing.map((power) => ({
    power,
    code: `${family.code} ${powerLabel(power)}`,
    name: `${family.name} ${powerLabel(power)}`,
  }));
  const tooLong = variants.find((variant) => variant.code.length > codeLength || variant.name.length > nameLength);
  if (tooLong) {
    const [what, text] = tooLong.code.length > codeLength ? ['code', tooLong.code] : ['name', tooLong.name];
    throw unprocessable({
      sphere_from: [`The variant ${what} "${text}" would be too long; shorten the family's ${what}.`],
    });
  }
  await refuseTakenCodes(
    ctx.db,
    family.business_id,
    variants.map((variant) => variant.code),
  );
  const copied = {
    business_id: family.business_id,
    description: null,
    barcode: null,
    brand_id: family.brand_id,
    item_type_id: family.item_type_id,
    item_classification_id: family.item_classification_id,
    unit_of_measurement_id: family.unit_of_measurement_id,
    is_inventory_tracked: family.is_inventory_tracked,
    is_lot_tracked: family.is_lot_tracked,
    tax_class: family.tax_class,
    reorder_level: family.reorder_level,
    lens_index: family.lens_index,
    lens_design: family.lens_design,
    lens_material: family.lens_material,
    coatings: family.coatings,
    modality: family.modality,
    pack_size: family.pack_size,
    base_curve: family.base_curve,
    diameter: family.diameter,
    variant_of_item_id: family.id,
    created_at: ctx.now,
    updated_at: ctx.now,
    created_by: ctx.identity.userId,
    updated_by: ctx.identity.userId,
  };
  const prices = await familyPrices(ctx.db, family);
  for (let start = 0; start < variants.length; start += insertBatch) {
    const batch = variants.slice(start, start + insertBatch);
    const inserted = await ctx.db
      .insertInto('items')
      .values(
        batch.map((variant) => ({
          ...copied,
          code: variant.code,
          name: variant.name,
          sphere: variant.power.sphere,
          cylinder: variant.power.cylinder,
          add_power: variant.power.add,
        })),
      )
      .returning(['id', 'code', 'name', 'sphere', 'cylinder', 'add_power'])
      .execute();
    await copyPrices(
      ctx,
      prices,
      inserted.map((row) => row.id),
    );
    for (const row of inserted) {
      await appendHistory(
        ctx.db,
        { businessId: family.business_id, resource: 'items', recordId: row.id },
        { userId: ctx.identity.userId, at: ctx.now },
        'created',
        {
          code: [null, row.code],
          name: [null, row.name],
          variant_of_item_id: [null, family.id],
          sphere: [null, fromHundredths(Number(row.sphere))],
          cylinder: [null, fromHundredths(Number(row.cylinder))],
          add: [null, row.add_power === null ? null : fromHundredths(Number(row.add_power))],
        },
      );
    }
  }
  return { created: variants.length, skipped: wanted.length - variants.length };
}

type FamilyPrices = {
  sale: { branch_id: number | null; unit_price: number; effective_date: string }[];
  purchase: { contact_id: number; unit_cost: number; effective_date: string }[];
};

// A new variant starts with its family's price lists, so that lines pick up a price at once; a power that costs
// more gets its own price later like any item.
async function familyPrices(db: Kysely<Database>, family: Family): Promise<FamilyPrices> {
  const [sale, purchase] = await Promise.all([
    db
      .selectFrom('sale_item_prices')
      .select(['branch_id', 'unit_price', 'effective_date'])
      .where('business_id', '=', family.business_id)
      .where('item_id', '=', family.id)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('purchase_item_prices')
      .select(['contact_id', 'unit_cost', 'effective_date'])
      .where('business_id', '=', family.business_id)
      .where('item_id', '=', family.id)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  return { sale, purchase };
}

async function copyPrices(ctx: ResourceContext, prices: FamilyPrices, itemIds: readonly number[]): Promise<void> {
  const audit = {
    business_id: ctx.businessId ?? 0,
    created_at: ctx.now,
    updated_at: ctx.now,
    created_by: ctx.identity.userId,
    updated_by: ctx.identity.userId,
  };
  const sale = itemIds.flatMap((itemId) => prices.sale.map((price) => ({ ...audit, ...price, item_id: itemId })));
  const purchase = itemIds.flatMap((itemId) =>
    prices.purchase.map((price) => ({ ...audit, ...price, item_id: itemId })),
  );
  for (let start = 0; start < sale.length; start += insertBatch) {
    await ctx.db
      .insertInto('sale_item_prices')
      .values(sale.slice(start, start + insertBatch))
      .execute();
  }
  for (let start = 0; start < purchase.length; start += insertBatch) {
    await ctx.db
      .insertInto('purchase_item_prices')
      .values(purchase.slice(start, start + insertBatch))
      .execute();
  }
}

async function refuseTakenCodes(db: Kysely<Database>, businessId: number, codes: readonly string[]): Promise<void> {
  for (let start = 0; start < codes.length; start += 500) {
    const taken = await db
      .selectFrom('items')
      .select('code')
      .where('business_id', '=', businessId)
      .where('code', 'in', codes.slice(start, start + 500))
      .executeTakeFirst();
    if (taken) throw conflict(`The code ${taken.code} is already used by another item.`);
  }
}

// The family and the location of a grid, both of this business, checked in one round trip.
async function gridLocation(ctx: ResourceContext, familyId: number, query: PowerGridQuery): Promise<Location> {
  const location = locationOf(query.branch_id, query.warehouse_id);
  if (!location) {
    const message =
      query.branch_id != null ? 'Choose a branch or a warehouse, not both.' : 'Choose a branch or a warehouse.';
    throw unprocessable({ branch_id: [message] });
  }
  const [table, field, id] =
    location.branch_id !== null
      ? (['branches', 'branch_id', location.branch_id] as const)
      : (['warehouses', 'warehouse_id', location.warehouse_id] as const);
  const businessId = ctx.businessId ?? 0;
  const found = await sql<{ family_id: number | null; place_id: number | null }>`
    SELECT (SELECT id FROM items WHERE id = ${familyId} AND business_id = ${businessId}) AS family_id,
      (SELECT id FROM ${sql.table(table)} WHERE id = ${id} AND business_id = ${businessId}) AS place_id`.execute(
    ctx.db,
  );
  const [row] = found.rows;
  if (row?.family_id == null) throw notFound(`No item with id ${familyId}.`);
  if (row.place_id == null) throw unprocessable({ [field]: [unknownChoice(field)] });
  return location;
}

export type PowerGridCell = {
  sphere: number;
  cylinder: number;
  item_id: number;
  quantity_on_hand: number | null;
  quantity_in_transit: number;
  below_reorder: boolean | null;
};

// Two queries: the family and location checked, then the family's active variants with their stock row at the
// location, if any.
export async function powerGrid(
  ctx: ResourceContext,
  familyId: number,
  query: PowerGridQuery,
): Promise<{ spheres: number[]; cylinders: number[]; cells: PowerGridCell[] }> {
  const location = await gridLocation(ctx, familyId, query);
  const businessId = ctx.businessId ?? 0;
  const counting = isHidden(await hiddenStock(ctx.db, ctx.businessId, ctx.identity), location);
  const add = query.add == null ? null : toHundredths(query.add);
  const rows = await ctx.db
    .selectFrom('items')
    .leftJoin('stocks', (join) =>
      join
        .onRef('stocks.item_id', '=', 'items.id')
        .on('stocks.business_id', '=', businessId)
        .on('stocks.location_key', '=', locationKey(location)),
    )
    .select([
      'items.id',
      'items.sphere',
      'items.cylinder',
      'items.reorder_level',
      'stocks.quantity_on_hand',
      'stocks.quantity_in_transit',
    ])
    .where('items.business_id', '=', businessId)
    .where('items.variant_of_item_id', '=', familyId)
    .where('items.deleted_at', 'is', null)
    .$if(add !== null, (narrowed) => narrowed.where('items.add_power', '=', add))
    .execute();
  const cells = rows
    .filter((row) => row.sphere !== null)
    .map((row) => {
      const onHand = Number(row.quantity_on_hand ?? 0);
      return {
        sphere: fromHundredths(Number(row.sphere)),
        cylinder: fromHundredths(Number(row.cylinder ?? 0)),
        item_id: row.id,
        quantity_on_hand: counting ? null : fromThousandths(onHand),
        quantity_in_transit: fromThousandths(Number(row.quantity_in_transit ?? 0)),
        below_reorder: counting ? null : row.reorder_level !== null && onHand <= Number(row.reorder_level),
      };
    })
    .sort((a, b) => a.sphere - b.sphere || b.cylinder - a.cylinder);
  return {
    spheres: [...new Set(cells.map((cell) => cell.sphere))].sort((a, b) => a - b),
    cylinders: [...new Set(cells.map((cell) => cell.cylinder))].sort((a, b) => b - a),
    cells,
  };
}

// The family's active variant of one eye's power (a plus cylinder read in minus form), or a 404 that says the
// power is not stocked.
export async function variantForPower(
  ctx: ResourceContext,
  familyId: number,
  power: { sphere: number; cylinder?: number | null; add?: number | null },
): Promise<number> {
  await familyOf(ctx, familyId);
  const errors: FieldErrors = {};
  for (const field of ['sphere', 'cylinder', 'add'] as const) {
    const value = power[field];
    if (value != null && !isPowerStep(value)) errors[field] = [`The ${field} must be in steps of 0.25.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const variantId = await variantOfPower(ctx.db, ctx.businessId ?? 0, familyId, {
    sphere: toHundredths(power.sphere) ?? 0,
    cylinder: power.cylinder == null ? null : toHundredths(power.cylinder),
    add: power.add == null ? null : toHundredths(power.add),
  });
  if (variantId === null) throw notFound(notStockedMessage);
  return variantId;
}
