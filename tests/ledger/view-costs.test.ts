import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/business-date.ts';
import { createTestApi, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture } from './ledger-fixture.ts';

let api: TestApi;
let fixture: LedgerFixture;
let withCosts: TestClient;
let withoutCosts: TestClient;
// The documents are dated today: a clerk may not date them more than 7 days back.
const today = businessDate(new Date());

const reading = [
  'purchase-orders',
  'receive-orders',
  'bills',
  'bill-payments',
  'stocks',
  'purchase-item-prices',
  'stock-transfers',
].map((prefix) => `view-${prefix}`);
const writing = ['purchase-orders', 'receive-orders', 'bills', 'bill-payments', 'stock-transfers'].map(
  (prefix) => `create-${prefix}`,
);

async function signedIn(email: string, permissions: string[]) {
  await api.createUser({ email, permissions, businessIds: [fixture.businessId] });
  const client = await api.signIn(email);
  client.businessId = fixture.businessId;
  return client;
}

type Json = Record<string, unknown> & { id: number; lines?: Record<string, unknown>[] };

async function created(client: TestClient, path: string, body: unknown): Promise<Json> {
  const answer = await client.post(path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json as Json;
}

const get = async (client: TestClient, path: string) => {
  const answer = await client.get(path);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Json & Json[] & { data: Json[] };
};

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  withCosts = await signedIn('buyer@example.test', [...reading, ...writing, 'view-costs']);
  withoutCosts = await signedIn('helper@example.test', [...reading, ...writing]);
});

afterAll(() => api.close());

describe('costs, stock values and payables need view-costs', () => {
  it('answers a purchase order’s costs and totals as null without it, in every answer', async () => {
    const [frame] = fixture.itemIds;
    const order = await created(withoutCosts, '/api/purchase-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      order_date: today,
      lines: [{ item_id: frame, quantity: 4, unit_cost: 247.35 }],
    });
    expect(order).toMatchObject({ subtotal: null, discount_total: null, total: null, status: 'open' });
    expect(order.lines?.[0]).toMatchObject({ quantity: 4, unit_cost: null, amount: null });
    expect(await get(withCosts, `/api/purchase-orders/${order.id}`)).toMatchObject({ total: 989.4 });
    for (const path of [`/api/purchase-orders/${order.id}`, '/api/purchase-orders/search']) {
      const answer = await get(withoutCosts, path);
      const record = Array.isArray(answer) ? answer[0] : answer;
      expect(record).toMatchObject({ total: null, lines: [{ unit_cost: null, amount: null }] });
    }
    const page = await get(withoutCosts, '/api/purchase-orders');
    expect(page.data[0]).toMatchObject({ id: order.id, total: null });
    const history = (await get(withoutCosts, `/api/purchase-orders/${order.id}/history`)) as unknown as {
      changes: Record<string, unknown[]>;
    }[];
    expect(history[0]?.changes.total).toEqual([null, null]);
    // A figure with centavos, which no id, count or timestamp in the answer can spell by chance.
    expect(JSON.stringify(history)).not.toContain('247.35');
    const csv = await withoutCosts.get('/api/purchase-orders', { headers: { accept: 'text/csv' } });
    expect(csv.raw.body).not.toContain('989.4');
  });

  it('hides receipts’ and bills’ costs, what is owed on bills and what was paid on them', async () => {
    const [, lens] = fixture.itemIds;
    const receipt = await created(withCosts, '/api/receive-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ item_id: lens, quantity: 10, unit_cost: 80 }],
    });
    expect(receipt).toMatchObject({ total: 800, lines: [{ unit_cost: 80, amount: 800 }] });
    expect(await get(withoutCosts, `/api/receive-orders/${receipt.id}`)).toMatchObject({
      total: null,
      lines: [{ quantity: 10, unit_cost: null, amount: null }],
    });
    const bill = await created(withCosts, '/api/bills', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      bill_date: today,
      lines: [{ item_id: lens, quantity: 10, unit_cost: 80 }],
    });
    const payment = await created(withCosts, '/api/bill-payments', {
      bill_id: bill.id,
      payment_date: today,
      amount: 300,
      payment_method: 'cash',
    });
    expect(await get(withoutCosts, `/api/bills/${bill.id}`)).toMatchObject({
      total: null,
      amount_paid: null,
      balance: null,
      status: 'partially_paid',
    });
    expect(await get(withCosts, `/api/bills/${bill.id}`)).toMatchObject({ amount_paid: 300, balance: 500 });
    expect(await get(withoutCosts, `/api/bill-payments/${payment.id}`)).toMatchObject({ amount: null });
  });

  it('hides average costs, stock values, movement and transfer costs and purchase prices', async () => {
    const [, lens] = fixture.itemIds;
    const stocks = await get(withoutCosts, `/api/stocks?item_id=${lens}`);
    const stock = stocks.data[0];
    expect(stock).toMatchObject({ quantity_on_hand: 10, average_unit_cost: null, value: null });
    expect((await get(withCosts, `/api/stocks?item_id=${lens}`)).data[0]).toMatchObject({
      average_unit_cost: 80,
      value: 800,
    });
    const movements = await get(withoutCosts, `/api/stocks/${stock?.id}/movements`);
    expect(movements.data.map((movement) => movement.unit_cost)).toEqual([null]);

    const transfer = await created(withoutCosts, '/api/stock-transfers', {
      from_warehouse_id: fixture.warehouseId,
      to_branch_id: fixture.branchIds[0],
      transfer_date: today,
      lines: [{ item_id: lens, quantity: 2 }],
    });
    expect(transfer.lines?.[0]).toMatchObject({ quantity: 2, unit_cost: null });
    expect((await get(withCosts, `/api/stock-transfers/${transfer.id}`)).lines?.[0]).toMatchObject({ unit_cost: 80 });

    await api.db
      .insertInto('purchase_item_prices')
      .values({
        business_id: fixture.businessId,
        item_id: lens,
        contact_id: fixture.supplierId,
        unit_cost: 7500,
        effective_date: today,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        created_by: null,
        updated_by: null,
      })
      .execute();
    expect((await get(withoutCosts, '/api/purchase-item-prices')).data[0]).toMatchObject({ unit_cost: null });
    expect((await get(withCosts, '/api/purchase-item-prices')).data[0]).toMatchObject({ unit_cost: 75 });
  });

  it('leaves the Overview’s purchases, payables and stock values out', async () => {
    const hidden = await get(withoutCosts, '/api/dashboard/overview');
    expect(hidden).toMatchObject({ purchases_by_day: null, payables: null, stock_value_by_location: null });
    expect(hidden.sales_by_day).toHaveLength(30);
    const shown = await get(withCosts, '/api/dashboard/overview');
    expect(shown).toMatchObject({ payables: 500 });
    expect(shown.stock_value_by_location).not.toBeNull();
  });
});
