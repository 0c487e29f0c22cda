import type { Kysely } from 'kysely';
import { generatePowers } from '../areas/inventory/lens-families.ts';
import { createStockTransfer } from '../areas/logistics/stock-transfers-posting.ts';
import { createReceiveOrder } from '../areas/purchasing/receive-orders-posting.ts';
import type { Database } from '../db/database.ts';
import type { LensDesign, Modality } from '../db/tables/optical-catalogue.ts';
import { businessDate } from '../domain/business-date.ts';
import { pesosToCentavos } from '../domain/money.ts';
import { demoContext, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// The optical catalogue of the demo shop (docs/domain/eye-care.md, Optical attributes of items): the frames' sizes
// and colours, the lenses' index and design, the contact lenses' fit; and a stock lens family, Hoya Hilux 1.50 single
// vision, generated over sphere -6.00..+4.00 × cylinder 0..-2.00 (369 powers) with stock spread over the grid at the
// Makati branch and the warehouse, received through the posting services, and a few powers on their way from the
// warehouse to the branch.

// code: model, colour, eye size (A), bridge (DBL), B, ED, temple, material, shape
const frames: Record<string, [string, string, number, number, number, number, number, string, string]> = {
  'RB-2140-901': ['RB2140 Original Wayfarer', 'Black', 50, 22, 42, 54, 150, 'Acetate', 'Wayfarer'],
  'RB-3025-L0205': ['RB3025 Aviator Classic', 'Gold', 58, 14, 50, 61, 135, 'Metal', 'Aviator'],
  'RB-5154-2000': ['RB5154 Clubmaster Optics', 'Black', 51, 21, 39, 53, 145, 'Acetate', 'Browline'],
  'RB-3447-029': ['RB3447 Round Metal', 'Gunmetal', 50, 21, 47, 52, 145, 'Metal', 'Round'],
  'RB-7047-5196': ['RB7047', 'Matte Black', 54, 17, 37, 56, 145, 'Acetate', 'Rectangle'],
  'RB-5228-2000': ['RB5228', 'Black', 53, 17, 39, 56, 140, 'Acetate', 'Square'],
  'OX-8046-0155': ['OX8046 Airdrop', 'Satin Black', 55, 18, 36, 57, 143, 'O Matter', 'Rectangle'],
  'OX-3227-0153': ['OX3227 Gauge 3.1', 'Satin Titanium', 53, 18, 34, 55, 140, 'Titanium', 'Rectangle'],
  'OX-8156-0154': ['OX8156 Holbrook RX', 'Satin Black', 54, 18, 40, 57, 137, 'O Matter', 'Square'],
  'OO-9208-01': ['OO9208 Radar EV Path', 'Polished Black', 38, 10, 30, 44, 128, 'O Matter', 'Shield'],
  'PR-17WS-1AB': ['PR 17WS Symbole', 'Black', 49, 20, 44, 54, 145, 'Acetate', 'Cat Eye'],
  'PR-16MV-1AB': ['PR 16MV Heritage', 'Black', 52, 19, 37, 55, 140, 'Acetate', 'Rectangle'],
  'GG-0061O-001': ['GG0061O', 'Black', 56, 17, 44, 60, 145, 'Acetate', 'Square'],
  'GG-0396O-002': ['GG0396O', 'Havana', 53, 18, 40, 56, 140, 'Acetate', 'Cat Eye'],
  'SP-FLX-101': ['Flex Kids', 'Blue', 44, 16, 30, 46, 125, 'TR90', 'Rectangle'],
  'SP-FLX-102': ['Flex Kids', 'Pink', 44, 16, 31, 46, 125, 'TR90', 'Oval'],
  'SP-TIT-201': ['Titanium Rimless', 'Silver', 52, 18, 36, 55, 140, 'Titanium', 'Rimless'],
  'SP-ACE-301': ['Acetate Round', 'Tortoise', 48, 21, 46, 50, 145, 'Acetate', 'Round'],
  'SP-ACE-302': ['Acetate Square', 'Black', 52, 19, 38, 55, 145, 'Acetate', 'Square'],
  'SP-MTL-401': ['Metal Half-Rim', 'Silver', 54, 17, 35, 57, 140, 'Stainless Steel', 'Half-Rim'],
};

// code: index, design, material, coatings
const lenses: Record<string, [number, LensDesign, string, string]> = {
  'ES-VRX-156': [1.56, 'progressive', 'High index', 'Crizal Sapphire anti-reflective'],
  'ES-VRC-150': [1.5, 'progressive', 'CR-39', 'Crizal Easy Pro anti-reflective'],
  'ES-CRZ-156': [1.56, 'single_vision', 'High index', 'Crizal Sapphire anti-reflective'],
  'ES-EYZ-160': [1.6, 'single_vision', 'High index', 'Blue light filter, anti-reflective'],
  'ES-TRN-156': [1.56, 'single_vision', 'High index', 'Transitions photochromic'],
  'HY-HLX-150': [1.5, 'single_vision', 'CR-39', 'Hard coat'],
  'HY-MYS-159': [1.59, 'single_vision', 'Polycarbonate', 'Myopia control, anti-reflective'],
  'HY-IDM-160': [1.6, 'progressive', 'High index', 'Hi-Vision LongLife anti-reflective'],
  'HY-BLC-156': [1.56, 'single_vision', 'High index', 'BlueControl blue light filter'],
  'ZS-SLP-160': [1.6, 'progressive', 'High index', 'DuraVision Platinum anti-reflective'],
  'ZS-DVB-160': [1.6, 'single_vision', 'High index', 'DuraVision BlueProtect'],
  'ZS-DRV-150': [1.5, 'single_vision', 'CR-39', 'DuraVision DriveSafe anti-reflective'],
  'ZS-OFF-150': [1.5, 'progressive', 'CR-39', 'DuraVision Platinum anti-reflective'],
  'ZS-PHO-160': [1.6, 'single_vision', 'High index', 'PhotoFusion X photochromic'],
};

// code: modality, pack size, base curve, diameter
const contacts: Record<string, [Modality, number, number, number]> = {
  'AC-OAS-6': ['two_week', 6, 8.4, 14],
  'AC-M1D-30': ['daily', 30, 8.5, 14.2],
  'AC-OAA-6': ['two_week', 6, 8.6, 14.5],
  'AC-DEF-30': ['daily', 30, 8.5, 14.2],
  'BL-SOF-6': ['monthly', 6, 8.6, 14.2],
  'BL-BIO-30': ['daily', 30, 8.6, 14.2],
  'BL-ULT-6': ['monthly', 6, 8.5, 14.2],
  'AL-DT1-30': ['daily', 30, 8.5, 14.1],
  'AL-AOA-6': ['monthly', 6, 8.6, 14.2],
  'AL-FLC-2': ['monthly', 2, 8.6, 14.5],
};

export const demoLensFamily = { code: 'HOYA-150-SV', name: 'Hoya Hilux 1.50 SV' };

// Most patients are mildly myopic with little astigmatism: stock is deepest there and thins out towards the
// edges of the grid, where some powers have none.
function pairsAt(sphere: number, cylinder: number, depth: number): number {
  const fromCentre = Math.abs(sphere + 1.5) / 1.5 + Math.abs(cylinder) * 1.5;
  return Math.max(0, Math.round((4 - fromCentre) * depth));
}

export async function seedDemoOpticalCatalogue(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const at = now.toISOString();
  const { businessId } = master;
  const update = (code: string, columns: Record<string, unknown>) =>
    db.updateTable('items').set(columns).where('business_id', '=', businessId).where('code', '=', code).execute();
  for (const [code, [model, color, eyeSize, bridge, b, ed, temple, material, shape]] of Object.entries(frames)) {
    await update(code, {
      frame_model: model,
      frame_color: color,
      eye_size: eyeSize,
      bridge,
      frame_b: b,
      frame_ed: ed,
      temple_length: temple,
      frame_material: material,
      frame_shape: shape,
    });
  }
  for (const [code, [index, design, material, coatings]] of Object.entries(lenses)) {
    await update(code, {
      lens_index: Math.round(index * 1000),
      lens_design: design,
      lens_material: material,
      coatings,
    });
  }
  for (const [code, [modality, packSize, baseCurve, diameter]] of Object.entries(contacts)) {
    await update(code, {
      modality,
      pack_size: packSize,
      base_curve: Math.round(baseCurve * 100),
      diameter: Math.round(diameter * 100),
    });
  }

  const audit = { business_id: businessId, created_at: at, updated_at: at, created_by: null, updated_by: null };
  const template = await db
    .selectFrom('items')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('code', '=', 'HY-HLX-150')
    .executeTakeFirstOrThrow();
  const supplierId = master.supplierIds.get('Hoya Lens Philippines');
  if (supplierId === undefined) throw new Error('The demo has no Hoya supplier.');
  const family = await db
    .insertInto('items')
    .values({
      ...audit,
      code: demoLensFamily.code,
      name: demoLensFamily.name,
      description: 'Stock single-vision lenses, one item per power; see the power grid.',
      barcode: null,
      brand_id: template.brand_id,
      item_type_id: template.item_type_id,
      item_classification_id: template.item_classification_id,
      unit_of_measurement_id: template.unit_of_measurement_id,
      is_inventory_tracked: 1,
      reorder_level: 2000,
      lens_index: 1500,
      lens_design: 'single_vision',
      lens_material: 'CR-39',
      coatings: 'Hard coat',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sale_item_prices')
    .values({
      ...audit,
      item_id: family.id,
      branch_id: null,
      unit_price: pesosToCentavos(2200),
      effective_date: '2026-01-01',
    })
    .execute();
  await db
    .insertInto('purchase_item_prices')
    .values({
      ...audit,
      item_id: family.id,
      contact_id: supplierId,
      unit_cost: pesosToCentavos(800),
      effective_date: '2026-01-01',
    })
    .execute();
  const admin = {
    userId: master.adminUserId,
    sessionId: 'demo',
    permissions: new Set<string>(),
    fullAccess: true,
    businessIds: [businessId],
    existingBusinessId: businessId,
    home: null,
  };
  await generatePowers({ db, businessId, identity: admin, now: at, passwordCost: { N: 2, r: 1, p: 1 } }, family.id, {
    sphere_from: -6,
    sphere_to: 4,
    cylinder_from: 0,
    cylinder_to: -2,
  });
  await stockTheGrid(db, master, family.id, supplierId, now);
}

async function stockTheGrid(
  db: Kysely<Database>,
  master: DemoMasterData,
  familyId: number,
  supplierId: number,
  now: Date,
): Promise<void> {
  const today = businessDate(now);
  const received = new Date(Date.parse(`${today}T00:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 10);
  const context = demoContext(db, master, momentOn(received, 2, now));
  const variants = await db
    .selectFrom('items')
    .select(['id', 'sphere', 'cylinder'])
    .where('variant_of_item_id', '=', familyId)
    .orderBy('id')
    .execute();
  const branchId = master.branchIds[0];
  if (branchId === undefined) throw new Error('The demo has no branch.');
  for (const [location, depth] of [
    [{ branch_id: branchId }, 2],
    [{ warehouse_id: master.warehouseId }, 3],
  ] as const) {
    const lines = variants
      .map((variant) => ({
        item_id: variant.id,
        quantity: pairsAt(Number(variant.sphere) / 100, Number(variant.cylinder) / 100, depth),
        unit_cost: 800,
      }))
      .filter((line) => line.quantity > 0);
    // A receive order holds at most 200 lines.
    for (let start = 0; start < lines.length; start += 200) {
      await createReceiveOrder(context, {
        contact_id: supplierId,
        ...location,
        received_date: received,
        notes: 'Hoya Hilux 1.50 SV stock lenses',
        lines: lines.slice(start, start + 200),
      });
    }
  }
  const restock = variants.filter((variant) => Number(variant.sphere) === -200 || Number(variant.sphere) === -225);
  await createStockTransfer(
    { ...context, now: new Date(Math.min(Date.parse(`${today}T01:00:00Z`), now.getTime())) },
    {
      from_warehouse_id: master.warehouseId,
      to_branch_id: branchId,
      transfer_date: today,
      lines: restock.slice(0, 6).map((variant) => ({ item_id: variant.id, quantity: 2 })),
    },
  );
}
