import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateItemTypeResponse } from '../../../generated/zod/item-types/item-types.zod.ts';
import {
  CreateItemResponse,
  GenerateItemPowersResponse,
  GetItemPowerGridResponse,
  GetItemVariantForPowerResponse,
  ListItemsResponse,
  SearchItemsResponse,
} from '../../../generated/zod/items/items.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let lensTypeId: number;
let unitId: number;
const today = businessDate(new Date());

async function createFamily(code: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const created = expectContract(
    await admin.post('/api/items', {
      code,
      name: `Hoya Hilux 1.50 SV ${code}`,
      item_type_id: lensTypeId,
      unit_of_measurement_id: unitId,
      reorder_level: 2,
      lens_index: 1.5,
      lens_design: 'single_vision',
      lens_material: 'CR-39',
      coatings: 'Hard coat',
      ...overrides,
    }),
    201,
    CreateItemResponse,
  );
  return created.id;
}

const generate = (id: number, body: Record<string, unknown>) => admin.post(`/api/items/${id}/generate-powers`, body);

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  const lensType = expectContract(
    await admin.post('/api/item-types', { name: 'Ophthalmic Lens', optical_kind: 'ophthalmic_lens' }),
    201,
    CreateItemTypeResponse,
  );
  lensTypeId = lensType.id;
  const unit = await api.db
    .selectFrom('unit_of_measurements')
    .select('id')
    .where('business_id', '=', fixture.businessId)
    .executeTakeFirstOrThrow();
  unitId = unit.id;
  // The fixture's first item is the order's frame: its type holds frames, as a frame line needs.
  const frame = await api.db
    .selectFrom('items')
    .select('item_type_id')
    .where('id', '=', fixture.itemIds[0])
    .executeTakeFirstOrThrow();
  await api.db.updateTable('item_types').set({ optical_kind: 'frame' }).where('id', '=', frame.item_type_id).execute();
});

afterAll(() => api.close());

describe('optical attributes', () => {
  it('keeps a frame size and colour, reads them back with the type’s optical kind, and finds them by quick search', async () => {
    const frameType = expectContract(
      await admin.post('/api/item-types', { name: 'Frame (optical)', optical_kind: 'frame' }),
      201,
      CreateItemTypeResponse,
    );
    const frame = expectContract(
      await admin.post('/api/items', {
        code: 'RB-5154-2000-51',
        name: 'Ray-Ban Clubmaster',
        item_type_id: frameType.id,
        unit_of_measurement_id: unitId,
        frame_model: 'RB5154 Clubmaster',
        frame_color: 'Havana Tortoise',
        eye_size: 51,
        bridge: 21,
        frame_b: 39,
        frame_ed: 53,
        temple_length: 145,
        frame_material: 'Acetate',
        frame_shape: 'Browline',
      }),
      201,
      CreateItemResponse,
    );
    expect(frame).toMatchObject({
      eye_size: 51,
      bridge: 21,
      frame_b: 39,
      frame_ed: 53,
      temple_length: 145,
      optical_kind: 'frame',
      sphere: null,
    });
    const found = expectContract(await admin.get('/api/items?search=havana'), 200, ListItemsResponse);
    expect(found.data.map((item) => item.id)).toEqual([frame.id]);
  });

  it('keeps contact-lens fits in 0.1 mm steps and the lens index to 3 decimals', async () => {
    const lens = expectContract(
      await admin.post('/api/items', {
        code: 'AOHG-8.6',
        name: 'Acuvue Oasys',
        item_type_id: lensTypeId,
        unit_of_measurement_id: unitId,
        modality: 'two_week',
        pack_size: 6,
        base_curve: 8.4,
        diameter: 14,
        lens_index: 1.523,
      }),
      201,
      CreateItemResponse,
    );
    expect(lens).toMatchObject({
      modality: 'two_week',
      pack_size: 6,
      base_curve: 8.4,
      diameter: 14,
      lens_index: 1.523,
    });
  });

  it.each([
    ['eye_size', { eye_size: 95 }],
    ['bridge', { bridge: 18.5 }],
    ['frame_b', { frame_b: 38.5 }],
    ['frame_ed', { frame_ed: 120 }],
    ['base_curve', { base_curve: 8.45 }],
    ['diameter', { diameter: 17 }],
    ['lens_design', { lens_design: 'trifocal' }],
    ['modality', { modality: 'yearly' }],
    ['sphere', { sphere: -2.1 }],
    ['cylinder', { cylinder: 0.5 }],
    ['lens_index', { lens_index: 1.5005 }],
  ])('refuses a bad %s with a 422 naming it', async (field, overrides) => {
    const answer = await admin.post('/api/items', {
      code: `BAD-${field}`,
      name: 'Bad',
      item_type_id: lensTypeId,
      unit_of_measurement_id: unitId,
      ...overrides,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toContain(field);
  });
});

describe('generate powers', () => {
  it('creates one variant per power with codes and names from the family, and skips them all the second time', async () => {
    const familyId = await createFamily('HY-HLX-150');
    const body = { sphere_from: -1, sphere_to: 0.5, cylinder_from: 0, cylinder_to: -0.5 };
    const first = expectContract(await generate(familyId, body), 200, GenerateItemPowersResponse);
    expect(first).toEqual({ created: 21, skipped: 0 });
    const variants = expectContract(
      await admin.get(`/api/items?variant_of_item_id=${familyId}&per_page=100`),
      200,
      ListItemsResponse,
    );
    expect(variants.meta.total).toBe(21);
    const one = variants.data.find((item) => item.sphere === -1 && item.cylinder === -0.5);
    expect(one).toMatchObject({
      code: 'HY-HLX-150 -1.00/-0.50',
      name: 'Hoya Hilux 1.50 SV HY-HLX-150 -1.00/-0.50',
      variant_of_item_id: familyId,
      add: null,
      item_type_id: lensTypeId,
      reorder_level: 2,
      lens_index: 1.5,
      lens_design: 'single_vision',
      coatings: 'Hard coat',
      variant_of_item_name: 'Hoya Hilux 1.50 SV HY-HLX-150',
    });
    expect(variants.data.some((item) => item.code === 'HY-HLX-150 +0.00/+0.00')).toBe(true);

    const again = expectContract(await generate(familyId, body), 200, GenerateItemPowersResponse);
    expect(again).toEqual({ created: 0, skipped: 21 });
    const pickable = expectContract(
      await admin.get('/api/items/search?q=HY-HLX-150&without_variants=1'),
      200,
      SearchItemsResponse,
    );
    expect(pickable.map((item) => item.id)).toEqual([familyId]);
    const wider = expectContract(await generate(familyId, { ...body, sphere_to: 1 }), 200, GenerateItemPowersResponse);
    expect(wider).toEqual({ created: 6, skipped: 21 });
    const reversed = expectContract(
      await generate(familyId, { ...body, cylinder_from: -0.5, cylinder_to: 0 }),
      200,
      GenerateItemPowersResponse,
    );
    expect(reversed).toEqual({ created: 0, skipped: 21 });
  });

  it('names the add of a multifocal variant', async () => {
    const familyId = await createFamily('ES-VRX', { lens_design: 'progressive' });
    expectContract(
      await generate(familyId, { sphere_from: 1, sphere_to: 1, cylinder_from: 0, cylinder_to: 0, add: 2 }),
      200,
      GenerateItemPowersResponse,
    );
    const variants = expectContract(
      await admin.get(`/api/items?variant_of_item_id=${familyId}`),
      200,
      ListItemsResponse,
    );
    expect(variants.data.map((item) => [item.code, item.add])).toEqual([['ES-VRX +1.00/+0.00 ADD +2.00', 2]]);
  });

  it('refuses more than 2,000 powers at once, writing nothing', async () => {
    const familyId = await createFamily('BIG-RANGE');
    const answer = await generate(familyId, { sphere_from: -20, sphere_to: 20, cylinder_from: 0, cylinder_to: -6 });
    expect(answer.status).toBe(422);
    expect((answer.json as { message: string }).message).toMatch(/At most 2,000 powers at once/);
    const variants = expectContract(
      await admin.get(`/api/items?variant_of_item_id=${familyId}`),
      200,
      ListItemsResponse,
    );
    expect(variants.meta.total).toBe(0);
  });

  it.each([
    ['sphere_from', { sphere_from: -1.1 }],
    ['sphere_to', { sphere_from: 2, sphere_to: 1 }],
    ['cylinder_to', { cylinder_to: 0.5 }],
    ['cylinder_from', { cylinder_from: -0.3 }],
    ['sphere_from', { sphere_from: -31 }],
    ['add', { add: 5 }],
    ['add', { add: 1.1 }],
    ['cylinder_to', { cylinder_to: undefined }],
  ])('refuses a bad range with a 422 naming %s', async (field, overrides) => {
    const familyId = await createFamily(
      `BAD-${field}-${JSON.stringify(overrides).length}-${Math.random()}`.slice(0, 40),
    );
    const answer = await generate(familyId, {
      sphere_from: -1,
      sphere_to: 1,
      cylinder_from: 0,
      cylinder_to: -1,
      ...overrides,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toContain(field);
  });

  it('refuses a family whose code leaves no room for the power in its variants’ codes', async () => {
    const familyId = await createFamily('HOYA-HILUX-150-SINGLE-VISION-HARD-COAT-STOCK');
    const answer = await generate(familyId, { sphere_from: -2, sphere_to: -2, cylinder_from: -0.5, cylinder_to: -0.5 });
    expect(answer.status).toBe(422);
    expect((answer.json as { message: string }).message).toBe(
      'The variant code "HOYA-HILUX-150-SINGLE-VISION-HARD-COAT-STOCK -2.00/-0.50" would be too long; shorten the family\'s code.',
    );
  });

  it('refuses to generate on a variant, and a variant twin of an existing power', async () => {
    const familyId = await createFamily('TWIN-FAM');
    await generate(familyId, { sphere_from: 0, sphere_to: 0, cylinder_from: 0, cylinder_to: 0 });
    const variants = expectContract(
      await admin.get(`/api/items?variant_of_item_id=${familyId}`),
      200,
      ListItemsResponse,
    );
    const variantId = variants.data[0]?.id ?? 0;
    const onVariant = await generate(variantId, { sphere_from: 0, sphere_to: 1, cylinder_from: 0, cylinder_to: 0 });
    expect(onVariant.status).toBe(422);
    const twin = await admin.post('/api/items', {
      code: 'TWIN-MANUAL',
      name: 'Twin',
      item_type_id: lensTypeId,
      unit_of_measurement_id: unitId,
      variant_of_item_id: familyId,
      sphere: 0,
      cylinder: 0,
    });
    expect(twin.status).toBe(422);
    expect(Object.keys((twin.json as { errors: object }).errors)).toEqual(['sphere']);
  });

  it('answers 404 for another business’s family, and 403 without update-items', async () => {
    const other = await createLedgerFixture(api.db);
    const [otherFamily] = other.itemIds;
    const answer = await generate(otherFamily, { sphere_from: 0, sphere_to: 0, cylinder_from: 0, cylinder_to: 0 });
    expect(answer.status).toBe(404);
    const grid = await admin.get(`/api/items/${otherFamily}/power-grid?branch_id=${fixture.branchIds[0]}`);
    expect(grid.status).toBe(404);
    expect((await admin.get(`/api/items/${otherFamily}/variant-for-power?sphere=0`)).status).toBe(404);
    const unchanged = await api.db
      .selectFrom('items')
      .select('id')
      .where('variant_of_item_id', '=', otherFamily)
      .execute();
    expect(unchanged).toEqual([]);

    await api.createUser({
      email: 'viewer@example.test',
      permissions: ['view-items'],
      businessIds: [fixture.businessId],
    });
    const viewer = await api.signIn('viewer@example.test');
    viewer.businessId = fixture.businessId;
    const familyId = await createFamily('VIEW-ONLY');
    const refused = await viewer.post(`/api/items/${familyId}/generate-powers`, {
      sphere_from: 0,
      sphere_to: 0,
      cylinder_from: 0,
      cylinder_to: 0,
    });
    expect(refused.status).toBe(403);
    const grid2 = await viewer.get(`/api/items/${familyId}/power-grid?warehouse_id=${fixture.warehouseId}`);
    expect(grid2.status).toBe(200);
  });
});

describe('power grid', () => {
  it('shows each variant’s on hand and in transit at the location, marks the cells at or below reorder, and matches the stock rows', async () => {
    const familyId = await createFamily('GRID-FAM');
    await generate(familyId, { sphere_from: -1, sphere_to: 0, cylinder_from: 0, cylinder_to: -0.5 });
    const variants = expectContract(
      await admin.get(`/api/items?variant_of_item_id=${familyId}&per_page=100`),
      200,
      ListItemsResponse,
    );
    const idOf = (sphere: number, cylinder: number) =>
      variants.data.find((item) => item.sphere === sphere && item.cylinder === cylinder)?.id ?? 0;
    const branchId = fixture.branchIds[0];
    const received = await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branchId,
      received_date: today,
      lines: [
        { item_id: idOf(-1, -0.5), quantity: 5, unit_cost: 450 },
        { item_id: idOf(0, 0), quantity: 1, unit_cost: 450 },
        { item_id: idOf(-0.5, -0.25), quantity: 3, unit_cost: 450 },
      ],
    });
    expect(received.status).toBe(201);
    const transfer = await admin.post('/api/stock-transfers', {
      from_branch_id: branchId,
      to_warehouse_id: fixture.warehouseId,
      transfer_date: today,
      lines: [{ item_id: idOf(-1, -0.5), quantity: 2 }],
    });
    expect(transfer.status).toBe(201);

    const grid = expectContract(
      await admin.get(`/api/items/${familyId}/power-grid?branch_id=${branchId}`),
      200,
      GetItemPowerGridResponse,
    );
    expect(grid.spheres).toEqual([-1, -0.75, -0.5, -0.25, 0]);
    expect(grid.cylinders).toEqual([0, -0.25, -0.5]);
    expect(grid.cells).toHaveLength(15);
    const stocks = await api.db
      .selectFrom('stocks')
      .select(['item_id', 'quantity_on_hand', 'quantity_in_transit'])
      .where('business_id', '=', fixture.businessId)
      .where('location_key', '=', `B${branchId}`)
      .execute();
    for (const cell of grid.cells) {
      const stock = stocks.find((row) => row.item_id === cell.item_id);
      expect(cell.item_id).toBe(idOf(cell.sphere, cell.cylinder));
      expect(cell.quantity_on_hand).toBe(Number(stock?.quantity_on_hand ?? 0) / 1000);
      expect(cell.quantity_in_transit).toBe(Number(stock?.quantity_in_transit ?? 0) / 1000);
    }
    expect(grid.cells.find((cell) => cell.sphere === -1 && cell.cylinder === -0.5)).toMatchObject({
      quantity_on_hand: 3,
      below_reorder: false,
    });
    expect(grid.cells.find((cell) => cell.sphere === 0 && cell.cylinder === 0)).toMatchObject({
      quantity_on_hand: 1,
      below_reorder: true,
    });
    expect(grid.cells.find((cell) => cell.sphere === -0.75 && cell.cylinder === 0)).toMatchObject({
      quantity_on_hand: 0,
      quantity_in_transit: 0,
      below_reorder: true,
    });

    const warehouse = expectContract(
      await admin.get(`/api/items/${familyId}/power-grid?warehouse_id=${fixture.warehouseId}`),
      200,
      GetItemPowerGridResponse,
    );
    expect(warehouse.cells.find((cell) => cell.sphere === -1 && cell.cylinder === -0.5)).toMatchObject({
      quantity_on_hand: 0,
      quantity_in_transit: 2,
    });
  });

  it('needs exactly one location of the business', async () => {
    const familyId = await createFamily('GRID-LOC');
    for (const query of [
      '',
      `?branch_id=${fixture.branchIds[0]}&warehouse_id=${fixture.warehouseId}`,
      '?branch_id=999999',
    ]) {
      const answer = await admin.get(`/api/items/${familyId}/power-grid${query}`);
      expect(answer.status).toBe(422);
      expect(Object.keys((answer.json as { errors: object }).errors)).toEqual(['branch_id']);
    }
  });
});

describe('variant for power', () => {
  it('finds the variant of a prescription’s power, plus cylinder read in minus form, or says the power is not stocked', async () => {
    const familyId = await createFamily('RX-FAM');
    await generate(familyId, { sphere_from: -3, sphere_to: -2, cylinder_from: 0, cylinder_to: -1 });
    const found = expectContract(
      await admin.get(`/api/items/${familyId}/variant-for-power?sphere=-2.25&cylinder=-0.75`),
      200,
      GetItemVariantForPowerResponse,
    );
    expect(found).toMatchObject({ sphere: -2.25, cylinder: -0.75, variant_of_item_id: familyId });
    const transposed = expectContract(
      await admin.get(`/api/items/${familyId}/variant-for-power?sphere=-3&cylinder=0.75`),
      200,
      GetItemVariantForPowerResponse,
    );
    expect(transposed).toMatchObject({ sphere: -2.25, cylinder: -0.75 });
    const plano = expectContract(
      await admin.get(`/api/items/${familyId}/variant-for-power?sphere=-2`),
      200,
      GetItemVariantForPowerResponse,
    );
    expect(plano).toMatchObject({ sphere: -2, cylinder: 0 });
    const missing = await admin.get(`/api/items/${familyId}/variant-for-power?sphere=-4&cylinder=-0.5`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'That power is not stocked.' });
  });
});

describe('a lens family on a job order', () => {
  it('takes for each eye the variant of its prescribed power, and refuses a power the family lacks', async () => {
    const familyId = await createFamily('JO-FAM');
    await generate(familyId, { sphere_from: -3, sphere_to: -1, cylinder_from: 0, cylinder_to: -1 });
    const rx = await admin.post('/api/prescriptions', {
      contact_id: fixture.customerId,
      kind: 'spectacles',
      examined_on: today,
      od_sphere: -2.5,
      od_cylinder: 0.5,
      od_axis: 90,
      os_sphere: -1.75,
      pd_distance: 62,
    });
    expect(rx.status).toBe(201);
    const prescriptionId = (rx.json as { id: number }).id;
    const order = () => ({
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      prescription_id: prescriptionId,
      order_date: today,
      lines: [
        { role: 'lens_od', item_id: familyId, quantity: 1, unit_price: 1500 },
        { role: 'lens_os', item_id: familyId, quantity: 1, unit_price: 1500 },
        { role: 'frame', item_id: fixture.itemIds[0], quantity: 1, unit_price: 3500 },
      ],
    });
    const created = await admin.post('/api/job-orders', order());
    expect(created.status).toBe(201);
    const lines = (created.json as { lines: { role: string; item_id: number; item_name: string }[] }).lines;
    expect(lines.map((line) => [line.role, line.item_name])).toEqual([
      ['lens_od', 'Hoya Hilux 1.50 SV JO-FAM -2.00/-0.50'],
      ['lens_os', 'Hoya Hilux 1.50 SV JO-FAM -1.75/+0.00'],
      ['frame', 'Wayfarer frame'],
    ]);

    const farRx = await admin.post('/api/prescriptions', {
      contact_id: fixture.customerId,
      kind: 'spectacles',
      examined_on: today,
      od_sphere: -2,
      os_sphere: -4.5,
      pd_distance: 62,
    });
    const refused = await admin.post('/api/job-orders', {
      ...order(),
      prescription_id: (farRx.json as { id: number }).id,
    });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ errors: { 'lines.1.item_id': ['That power is not stocked.'] } });
  });
});
