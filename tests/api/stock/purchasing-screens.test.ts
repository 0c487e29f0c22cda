import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePurchaseOrderResponse } from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// What the purchasing screens rely on (docs/domain/purchasing.md): a list's Newest reads the documents' own dates,
// a power is found however it is typed, and a receipt's faults come back in one answer.

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
const today = businessDate(new Date());
const threeDaysAgo = businessDate(new Date(Date.now() - 3 * 86_400_000));

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
});

afterAll(() => api.close());

async function orderOn(orderDate: string, lines: { item_id: number; quantity: number; unit_cost: number }[]) {
  return expectContract(
    await admin.post('/api/purchase-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      order_date: orderDate,
      lines,
    }),
    201,
    CreatePurchaseOrderResponse,
  );
}

describe('the purchasing screens', () => {
  it('lists Newest by the order date, an order entered later for an earlier day after the day’s own', async () => {
    const [frame] = fixture.itemIds;
    const ofToday = await orderOn(today, [{ item_id: frame, quantity: 1, unit_cost: 100 }]);
    const ofEarlier = await orderOn(threeDaysAgo, [{ item_id: frame, quantity: 1, unit_cost: 100 }]);
    const newest = await admin.get('/api/purchase-orders?order_by=desc&per_page=100');
    const ids = (newest.json as { data: { id: number }[] }).data.map((order) => order.id);
    expect(ids.indexOf(ofToday.id)).toBeLessThan(ids.indexOf(ofEarlier.id));
    const oldest = await admin.get('/api/purchase-orders?order_by=asc&per_page=100');
    const oldestIds = (oldest.json as { data: { id: number }[] }).data.map((order) => order.id);
    expect(oldestIds.indexOf(ofEarlier.id)).toBeLessThan(oldestIds.indexOf(ofToday.id));
  });

  it('finds a lens power typed with a space as well as with a slash', async () => {
    const frame = (await admin.get(`/api/items/${fixture.itemIds[0]}`)).json as {
      item_type_id: number;
      unit_of_measurement_id: number;
    };
    const created = await admin.post('/api/items', {
      code: 'HX-SV -2.00/-0.50',
      name: 'Hilux SV -2.00/-0.50',
      item_type_id: frame.item_type_id,
      unit_of_measurement_id: frame.unit_of_measurement_id,
    });
    expect(created.json).toMatchObject({ code: 'HX-SV -2.00/-0.50' });
    for (const typed of ['-2.00/-0.50', '-2.00 -0.50', '-2 -.5']) {
      const found = await admin.get(`/api/items/search?q=${encodeURIComponent(typed)}`);
      expect((found.json as { code: string }[]).map((item) => item.code)).toEqual(['HX-SV -2.00/-0.50']);
      const listed = await admin.get(`/api/items?search=${encodeURIComponent(typed)}`);
      expect((listed.json as { data: { code: string }[] }).data.map((item) => item.code)).toEqual([
        'HX-SV -2.00/-0.50',
      ]);
    }
  });

  it('answers a receipt’s lot faults and its quantity over the order together, saying what the line still awaits', async () => {
    const [frame, lens] = fixture.itemIds;
    expect((await admin.patch(`/api/items/${lens}`, { is_lot_tracked: true })).status).toBe(200);
    const order = await orderOn(today, [
      { item_id: frame, quantity: 5, unit_cost: 100 },
      { item_id: lens, quantity: 4, unit_cost: 50 },
    ]);
    const [frameLine, lensLine] = order.lines;
    const answer = await admin.post('/api/receive-orders', {
      purchase_order_id: order.id,
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [
        { purchase_order_line_id: frameLine?.id, item_id: frame, quantity: 7 },
        { purchase_order_line_id: lensLine?.id, item_id: lens, quantity: 4 },
      ],
    });
    expect(answer.status).toBe(422);
    const errors = (answer.json as { errors: Record<string, string[]> }).errors;
    expect(errors['lines.0.quantity']).toEqual(['The order line still awaits 5; receive no more than that.']);
    expect(errors['lines.1.lot_number']).toHaveLength(1);
    expect(errors['lines.1.expires_on']).toHaveLength(1);
  });
});
