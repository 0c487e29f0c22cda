import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClosePurchaseOrderResponse,
  CreatePurchaseOrderResponse,
  GetPurchaseOrderResponse,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/purchasing.md, Purchase orders: "Close short" ends what an order still awaits, with a reason; the
// order keeps what came, and no receipt, picker or reorder counts the rest any more.

let api: TestApi;
let admin: TestClient;
let viewer: TestClient;
let fixture: LedgerFixture;
const today = businessDate(new Date());

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'viewer@example.test',
    permissions: ['view-purchase-orders', 'view-costs'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  viewer = await api.signIn('viewer@example.test');
  viewer.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function orderOf(lines: { item_id: number; quantity: number; unit_cost: number }[]) {
  return expectContract(
    await admin.post('/api/purchase-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      order_date: today,
      lines,
    }),
    201,
    CreatePurchaseOrderResponse,
  );
}

function receive(purchaseOrderId: number, lines: Record<string, unknown>[]) {
  return admin.post('/api/receive-orders', {
    purchase_order_id: purchaseOrderId,
    contact_id: fixture.supplierId,
    warehouse_id: fixture.warehouseId,
    received_date: today,
    lines,
  });
}

const errorsOf = (answer: { json: unknown }) => (answer.json as { errors: Record<string, string[]> }).errors;

describe('closing a purchase order short', () => {
  it('shows per line what is still to come, and after Close short nothing, with the reason', async () => {
    const [frame, lens] = fixture.itemIds;
    const order = await orderOf([
      { item_id: lens, quantity: 20, unit_cost: 880 },
      { item_id: frame, quantity: 6, unit_cost: 650 },
    ]);
    const [lensLine, frameLine] = order.lines;
    if (!lensLine || !frameLine) throw new Error('The order answered no lines.');
    expect(order.lines.map((line) => line.still_to_come)).toEqual([20, 6]);
    expect(order.lines.every((line) => line.unit_name !== null)).toBe(true);
    const receipt = expectContract(
      await receive(order.id, [{ purchase_order_line_id: lensLine.id, item_id: lens, quantity: 16 }]),
      201,
      CreateReceiveOrderResponse,
    );
    const partly = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(partly.lines.map((line) => line.still_to_come)).toEqual([4, 6]);

    const unexplained = await admin.post(`/api/purchase-orders/${order.id}/close`, { reason: '' });
    expect(unexplained.status).toBe(422);
    expect(Object.keys(errorsOf(unexplained))).toEqual(['reason']);
    expect((await viewer.post(`/api/purchase-orders/${order.id}/close`, { reason: 'Discontinued' })).status).toBe(403);

    const closed = expectContract(
      await admin.post(`/api/purchase-orders/${order.id}/close`, { reason: 'Supplier discontinued the frame' }),
      200,
      ClosePurchaseOrderResponse,
    );
    expect(closed.status).toBe('closed');
    expect(closed.closed_reason).toBe('Supplier discontinued the frame');
    expect(closed.closed_at).not.toBeNull();
    expect(closed.lines.map((line) => [line.received_quantity, line.still_to_come])).toEqual([
      [16, 0],
      [0, 0],
    ]);

    const late = await receive(order.id, [{ purchase_order_line_id: frameLine.id, item_id: frame, quantity: 1 }]);
    expect(late.status).toBe(422);
    expect(errorsOf(late).purchase_order_id?.[0]).toContain('closed short');
    const again = await admin.post(`/api/purchase-orders/${order.id}/close`, { reason: 'Twice' });
    expect(errorsOf(again)).toEqual({ status: ['The order is already closed.'] });

    // Voiding what came keeps the order closed: its rest was ended by a person's word, not by its receipts.
    expect((await admin.delete(`/api/receive-orders/${receipt.id}`)).status).toBe(200);
    const afterVoid = expectContract(
      await admin.get(`/api/purchase-orders/${order.id}`),
      200,
      GetPurchaseOrderResponse,
    );
    expect([afterVoid.status, afterVoid.lines[0]?.received_quantity]).toEqual(['closed', 0]);

    const history = await admin.get(`/api/purchase-orders/${order.id}/history`);
    expect(JSON.stringify(history.json)).toContain('Supplier discontinued the frame');
  });

  it('leaves a closed order out of the orders awaiting goods, and refuses to close one received in full', async () => {
    const [, lens] = fixture.itemIds;
    const open = await orderOf([{ item_id: lens, quantity: 3, unit_cost: 880 }]);
    const full = await orderOf([{ item_id: lens, quantity: 2, unit_cost: 880 }]);
    const fullLine = full.lines[0];
    if (!fullLine) throw new Error('The order answered no lines.');
    expectContract(
      await receive(full.id, [{ purchase_order_line_id: fullLine.id, item_id: lens, quantity: 2 }]),
      201,
      CreateReceiveOrderResponse,
    );
    const refused = await admin.post(`/api/purchase-orders/${full.id}/close`, { reason: 'Nothing left' });
    expect(errorsOf(refused).status?.[0]).toContain('nothing left to close');

    const awaiting = async () =>
      (
        (await admin.get('/api/purchase-orders?has_unreceived=1&per_page=100')).json as { data: { id: number }[] }
      ).data.map((row) => row.id);
    expect(await awaiting()).toContain(open.id);
    await admin.post(`/api/purchase-orders/${open.id}/close`, { reason: 'Ordered elsewhere' });
    expect(await awaiting()).not.toContain(open.id);
  });
});
