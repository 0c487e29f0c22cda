import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreatePurchaseOrderResponse,
  GetPurchaseOrderResponse,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/purchasing.md, Receive orders: a receipt made from a purchase order takes that order's lines only, at
// most what each still awaits, at the order's cost unless the user may change it.

let api: TestApi;
let admin: TestClient;
let clerk: TestClient;
let fixture: LedgerFixture;
// The documents are dated today: a clerk may not date them more than 7 days back.
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
    email: 'clerk@example.test',
    permissions: ['view-receive-orders', 'create-receive-orders', 'view-purchase-orders', 'view-costs'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
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

function receive(by: TestClient, purchaseOrderId: number | null, lines: Record<string, unknown>[]) {
  return by.post('/api/receive-orders', {
    purchase_order_id: purchaseOrderId,
    contact_id: fixture.supplierId,
    warehouse_id: fixture.warehouseId,
    received_date: today,
    lines,
  });
}

const errorsOf = (answer: { json: unknown }) => (answer.json as { errors: Record<string, string[]> }).errors;

describe('a receive order made from a purchase order', () => {
  it('takes only the order lines, up to what each still awaits, saying how many', async () => {
    const [frame, lens, solution] = fixture.itemIds;
    const order = await orderOf([
      { item_id: lens, quantity: 20, unit_cost: 880 },
      { item_id: frame, quantity: 12, unit_cost: 650 },
    ]);
    const [lensLine, frameLine] = order.lines;
    if (!lensLine || !frameLine) throw new Error('The order answered no lines.');
    expectContract(
      await receive(admin, order.id, [
        { purchase_order_line_id: lensLine.id, item_id: lens, quantity: 16 },
        { purchase_order_line_id: frameLine.id, item_id: frame, quantity: 12 },
      ]),
      201,
      CreateReceiveOrderResponse,
    );

    const added = await receive(admin, order.id, [
      { purchase_order_line_id: lensLine.id, item_id: lens, quantity: 4 },
      { item_id: lens, quantity: 20, unit_cost: 880 },
      { purchase_order_line_id: null, item_id: solution, quantity: 2, unit_cost: 100 },
    ]);
    expect(added.status).toBe(422);
    expect(Object.keys(errorsOf(added))).toEqual(['lines.1.purchase_order_line_id', 'lines.2.purchase_order_line_id']);
    expect(errorsOf(added)['lines.1.purchase_order_line_id']?.[0]).toContain('without a purchase order');

    const beyond = await receive(admin, order.id, [
      { purchase_order_line_id: frameLine.id, item_id: frame, quantity: 3 },
      { purchase_order_line_id: lensLine.id, item_id: lens, quantity: 3 },
      { purchase_order_line_id: lensLine.id, item_id: lens, quantity: 3 },
    ]);
    expect(beyond.status).toBe(422);
    expect(errorsOf(beyond)).toEqual({
      'lines.0.quantity': ['The order line still awaits 0: it has been received in full.'],
      'lines.2.quantity': ['The order line still awaits 1; receive no more than that.'],
    });

    const otherOrder = await orderOf([{ item_id: lens, quantity: 5, unit_cost: 880 }]);
    const foreign = await receive(admin, order.id, [
      { purchase_order_line_id: otherOrder.lines[0]?.id, item_id: lens, quantity: 1 },
    ]);
    expect(Object.keys(errorsOf(foreign))).toEqual(['lines.0.purchase_order_line_id']);

    const read = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(read.status).toBe('partially_received');
    expect(read.lines.map((line) => line.received_quantity)).toEqual([16, 12]);

    expectContract(
      await receive(admin, order.id, [{ purchase_order_line_id: lensLine.id, item_id: lens, quantity: 4 }]),
      201,
      CreateReceiveOrderResponse,
    );
    const done = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(done.status).toBe('received');
    // What was not ordered comes on a receipt of its own.
    expectContract(
      await receive(admin, null, [{ item_id: solution, quantity: 2, unit_cost: 100 }]),
      201,
      CreateReceiveOrderResponse,
    );
  });

  it('takes the order line cost; another cost needs edit-receipt-costs', async () => {
    const [frame] = fixture.itemIds;
    const order = await orderOf([{ item_id: frame, quantity: 10, unit_cost: 650 }]);
    const line = order.lines[0];
    if (!line) throw new Error('The order answered no line.');
    const atOne = await receive(clerk, order.id, [
      { purchase_order_line_id: line.id, item_id: frame, quantity: 1, unit_cost: 1 },
    ]);
    expect(atOne.status).toBe(403);
    expect((atOne.json as { message: string }).message).toContain('edit-receipt-costs');

    const asOrdered = expectContract(
      await receive(clerk, order.id, [{ purchase_order_line_id: line.id, item_id: frame, quantity: 1 }]),
      201,
      CreateReceiveOrderResponse,
    );
    expect(asOrdered.lines[0]?.unit_cost).toBe(650);
    const typedAsOrdered = expectContract(
      await receive(clerk, order.id, [
        { purchase_order_line_id: line.id, item_id: frame, quantity: 1, unit_cost: 650 },
      ]),
      201,
      CreateReceiveOrderResponse,
    );
    expect(typedAsOrdered.lines[0]?.unit_cost).toBe(650);

    const changed = expectContract(
      await receive(admin, order.id, [
        { purchase_order_line_id: line.id, item_id: frame, quantity: 1, unit_cost: 640 },
      ]),
      201,
      CreateReceiveOrderResponse,
    );
    expect(changed.lines[0]?.unit_cost).toBe(640);
  });
});
