import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillResponse } from '../../../generated/zod/bills/bills.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { CreatePurchaseOrderResponse } from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import {
  GetInventoryListReportResponse,
  GetSalesReportResponse,
  GetStockValuationReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { ListStockMovementsResponse, ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import type { Database } from '../../../server/db/database.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/purchasing.md, Bills: the bill's cost is the true cost. Where a bill line's cost differs from what its
// receipt posted, the goods still on hand at the receiving location are revalued (the average follows), what has
// left it goes to cost of sales in the bill's month, what is billed first revalues when it arrives, and a void takes
// it all back; the averages are the exact value over the quantity (docs/domain/logistics.md).

let api: TestApi;
let admin: TestClient;
let clerk: TestClient;
let fixture: LedgerFixture;
const today = businessDate(new Date());
const branch = () => fixture.branchIds[0];
const daysAgo = (days: number) => businessDate(new Date(Date.now() - days * 86_400_000));

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

// Another frame like the fixture's first, so that each case starts from an empty stock.
async function newItem(code: string): Promise<number> {
  const db = api.db as Kysely<Database>;
  const model = await db.selectFrom('items').selectAll().where('id', '=', fixture.itemIds[0]).executeTakeFirstOrThrow();
  const { id: _, ...rest } = model;
  const row = await db
    .insertInto('items')
    .values({ ...rest, code, name: `Frame ${code}`, barcode: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function orderOf(lines: { item_id: number; quantity: number; unit_cost: number }[]) {
  return expectContract(
    await admin.post('/api/purchase-orders', {
      contact_id: fixture.supplierId,
      branch_id: branch(),
      order_date: today,
      lines,
    }),
    201,
    CreatePurchaseOrderResponse,
  );
}

type Order = Awaited<ReturnType<typeof orderOf>>;

function lineOf(order: Order, index = 0) {
  const line = order.lines[index];
  if (!line) throw new Error(`The order has no line ${index}.`);
  return line;
}

async function receive(order: Order, lines: { index: number; quantity: number }[]) {
  return expectContract(
    await admin.post('/api/receive-orders', {
      purchase_order_id: order.id,
      contact_id: fixture.supplierId,
      branch_id: branch(),
      received_date: today,
      lines: lines.map(({ index, quantity }) => ({
        purchase_order_line_id: lineOf(order, index).id,
        item_id: lineOf(order, index).item_id,
        quantity,
      })),
    }),
    201,
    CreateReceiveOrderResponse,
  );
}

async function bill(order: Order, lines: { index: number; quantity: number; unit_cost: number }[]) {
  return expectContract(
    await admin.post('/api/bills', {
      purchase_order_id: order.id,
      contact_id: fixture.supplierId,
      branch_id: branch(),
      bill_date: today,
      lines: lines.map(({ index, quantity, unit_cost }) => ({
        purchase_order_line_id: lineOf(order, index).id,
        item_id: lineOf(order, index).item_id,
        quantity,
        unit_cost,
      })),
    }),
    201,
    CreateBillResponse,
  );
}

async function stockOf(itemId: number) {
  const page = expectContract(
    await admin.get(`/api/stocks?item_id=${itemId}&branch_id=${branch()}`),
    200,
    ListStocksResponse,
  );
  const stock = page.data[0];
  if (!stock) throw new Error('No stock row.');
  return {
    quantity_on_hand: stock.quantity_on_hand,
    average_unit_cost: stock.average_unit_cost,
    value: stock.value,
  };
}

async function costOfSales(itemId: number): Promise<number | null | undefined> {
  const report = expectContract(
    await admin.get(`/api/reports/sales?date_from=${today.slice(0, 8)}01&date_to=${today}&group_by=item`),
    200,
    GetSalesReportResponse,
  );
  return report.rows.find((row) => row.key === String(itemId))?.cost_of_sales;
}

describe('a bill at another cost than its receipt', () => {
  it('revalues what is on hand: 9 at ₱1,200 and 10 received at ₱1,200 billed at ₱1,250 average ₱1,226.32', async () => {
    const item = await newItem('SP-ACE-301');
    const first = await orderOf([{ item_id: item, quantity: 9, unit_cost: 1200 }]);
    await receive(first, [{ index: 0, quantity: 9 }]);
    const second = await orderOf([{ item_id: item, quantity: 10, unit_cost: 1200 }]);
    await receive(second, [{ index: 0, quantity: 10 }]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 19, average_unit_cost: 1200, value: 22_800 });

    const billed = await bill(second, [{ index: 0, quantity: 10, unit_cost: 1250 }]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 19, average_unit_cost: 1226.32, value: 23_300 });
    // Nothing had left: no cost of sales.
    expect(await costOfSales(item)).toBeUndefined();

    // The revaluation is one movement of no quantity under the bill's number.
    const db = api.db as Kysely<Database>;
    const movements = await db
      .selectFrom('stock_movements')
      .select(['quantity_delta', 'unit_cost', 'value_delta', 'document_number'])
      .where('item_id', '=', item)
      .where('document_type', '=', 'bill-revaluation')
      .execute();
    expect(movements.map((row) => [row.quantity_delta, row.unit_cost, row.value_delta, row.document_number])).toEqual([
      [0, 0, 50_000_000, billed.number],
    ]);

    // The stock's movement history shows it as ₱500 of value, no quantity.
    const stocks = expectContract(
      await admin.get(`/api/stocks?item_id=${item}&branch_id=${branch()}`),
      200,
      ListStocksResponse,
    );
    const history = expectContract(
      await admin.get(`/api/stocks/${stocks.data[0]?.id}/movements`),
      200,
      ListStockMovementsResponse,
    );
    expect(
      history.data
        .filter((movement) => movement.document_type === 'bill-revaluation')
        .map((movement) => [movement.quantity_delta, movement.value]),
    ).toEqual([[0, 500]]);

    // A void takes it back: the average returns to ₱1,200.
    expect((await admin.delete(`/api/bills/${billed.id}`)).status).toBe(200);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 19, average_unit_cost: 1200, value: 22_800 });
  });

  it('puts the part that has left into cost of sales in the bill month', async () => {
    const item = await newItem('FR-650');
    const order = await orderOf([{ item_id: item, quantity: 10, unit_cost: 650 }]);
    await receive(order, [{ index: 0, quantity: 10 }]);
    const sale = await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: branch(),
      invoice_date: today,
      lines: [{ item_id: item, quantity: 4, unit_price: 1500 }],
    });
    expect(sale.status).toBe(201);
    expect(await costOfSales(item)).toBe(2600);

    const billed = await bill(order, [{ index: 0, quantity: 10, unit_cost: 700 }]);
    // The 6 still on hand carry the ₱50 more (₱4,200 at ₱700); the 4 sold add ₱200 to this month's cost of sales.
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 6, average_unit_cost: 700, value: 4200 });
    expect(await costOfSales(item)).toBe(2800);

    // The void takes both back.
    expect((await admin.delete(`/api/bills/${billed.id}`)).status).toBe(200);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 6, average_unit_cost: 650, value: 3900 });
    expect(await costOfSales(item)).toBe(2600);
  });

  it("shows on the bill's lines what its cost moved on hand and into cost of sales, net of a void", async () => {
    const item = await newItem('FR-660');
    const order = await orderOf([
      { item_id: item, quantity: 10, unit_cost: 650 },
      { item_id: fixture.itemIds[1], quantity: 2, unit_cost: 300 },
    ]);
    await receive(order, [
      { index: 0, quantity: 10 },
      { index: 1, quantity: 2 },
    ]);
    const sale = await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: branch(),
      invoice_date: today,
      lines: [{ item_id: item, quantity: 4, unit_price: 1500 }],
    });
    expect(sale.status).toBe(201);
    const billed = await bill(order, [
      { index: 0, quantity: 10, unit_cost: 700 },
      { index: 1, quantity: 2, unit_cost: 300 },
    ]);
    const revaluation = (record: { lines: typeof billed.lines }) =>
      record.lines.map((line) => [line.revalued_quantity, line.revalued_on_hand, line.revalued_to_cost_of_sales]);
    // 10 met at ₱50 more: the 6 on hand ₱300, the 4 sold ₱200; the line at its receipt's cost moved nothing.
    expect(revaluation(billed)).toEqual([
      [10, 300, 200],
      [0, 0, 0],
    ]);
    const read = expectContract(await admin.get(`/api/bills/${billed.id}`), 200, CreateBillResponse);
    expect(revaluation(read)).toEqual(revaluation(billed));

    // Without view-costs the quantity shows and the values do not.
    await api.createUser({
      email: 'bills@example.test',
      permissions: ['view-bills'],
      businessIds: [fixture.businessId],
    });
    const reader = await api.signIn('bills@example.test');
    reader.businessId = fixture.businessId;
    const hidden = expectContract(await reader.get(`/api/bills/${billed.id}`), 200, CreateBillResponse);
    expect(revaluation(hidden)[0]).toEqual([10, null, null]);

    // A void's reversals net it out.
    expect((await admin.delete(`/api/bills/${billed.id}`)).status).toBe(200);
    const voided = expectContract(await admin.get(`/api/bills/${billed.id}?with_trashed=1`), 200, CreateBillResponse);
    expect(revaluation(voided)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('revalues what was billed before it was received when it arrives', async () => {
    const item = await newItem('FR-500');
    const order = await orderOf([{ item_id: item, quantity: 10, unit_cost: 500 }]);
    await bill(order, [{ index: 0, quantity: 10, unit_cost: 520 }]);
    await receive(order, [{ index: 0, quantity: 4 }]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 4, average_unit_cost: 520, value: 2080 });
    await receive(order, [{ index: 0, quantity: 6 }]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 10, average_unit_cost: 520, value: 5200 });
  });

  it('moves a bill onto the next receipt when the receipt it met is voided', async () => {
    const item = await newItem('FR-100');
    const order = await orderOf([{ item_id: item, quantity: 10, unit_cost: 100 }]);
    const first = await receive(order, [{ index: 0, quantity: 5 }]);
    await receive(order, [{ index: 0, quantity: 5 }]);
    await bill(order, [{ index: 0, quantity: 5, unit_cost: 120 }]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 10, average_unit_cost: 110, value: 1100 });
    // The second receipt covers what is billed, so the first may go; the bill's ₱20 a piece now sits on the second.
    expect((await admin.delete(`/api/receive-orders/${first.id}`)).status).toBe(200);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 5, average_unit_cost: 120, value: 600 });
  });

  it('keeps the average exact: ₱80,880 over 58 is ₱1,394.48', async () => {
    const item = await newItem('ACUVUE');
    const order = await orderOf([
      { item_id: item, quantity: 50, unit_cost: 1400 },
      { item_id: item, quantity: 8, unit_cost: 1300 },
    ]);
    await receive(order, [
      { index: 0, quantity: 50 },
      { index: 1, quantity: 8 },
    ]);
    await bill(order, [
      { index: 0, quantity: 50, unit_cost: 1400 },
      { index: 1, quantity: 8, unit_cost: 1360 },
    ]);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 58, average_unit_cost: 1394.48, value: 80_880 });
  });

  it('revalues down as well, and counts the revaluation in Stock Valuation from the bill date', async () => {
    const item = await newItem('FR-DOWN');
    const order = await orderOf([{ item_id: item, quantity: 4, unit_cost: 900 }]);
    const received = expectContract(
      await admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        branch_id: branch(),
        received_date: daysAgo(3),
        lines: [{ purchase_order_line_id: lineOf(order).id, item_id: item, quantity: 4 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    expect(received.lines[0]?.unit_cost).toBe(900);
    expect(
      (
        await admin.post('/api/bills', {
          purchase_order_id: order.id,
          contact_id: fixture.supplierId,
          branch_id: branch(),
          bill_date: daysAgo(1),
          lines: [{ purchase_order_line_id: lineOf(order).id, item_id: item, quantity: 4, unit_cost: 850 }],
        })
      ).status,
    ).toBe(201);
    expect(await stockOf(item)).toEqual({ quantity_on_hand: 4, average_unit_cost: 850, value: 3400 });
    const valuedOn = async (day: string) =>
      expectContract(
        await admin.get(`/api/reports/stock-valuation?group_by=item&as_of=${day}&branch_id=${branch()}`),
        200,
        GetStockValuationReportResponse,
      ).rows.find((row) => row.key === String(item))?.value;
    expect(await valuedOn(daysAgo(2))).toBe(3600);
    expect(await valuedOn(daysAgo(1))).toBe(3400);
  });

  it('receives an ordered line at the order cost only: the clerk may not take a ₱650 line in at ₱1', async () => {
    const item = await newItem('FR-CLERK');
    const order = await orderOf([{ item_id: item, quantity: 2, unit_cost: 650 }]);
    const atOne = await clerk.post('/api/receive-orders', {
      purchase_order_id: order.id,
      contact_id: fixture.supplierId,
      branch_id: branch(),
      received_date: today,
      lines: [{ purchase_order_line_id: lineOf(order).id, item_id: item, quantity: 1, unit_cost: 1 }],
    });
    expect(atOne.status).toBe(403);
    expect((atOne.json as { message: string }).message).toContain('unit cost');
  });

  it('leaves Stock Valuation, the inventory list, the Overview and the stock rows in agreement', async () => {
    const valuation = expectContract(
      await admin.get(`/api/reports/stock-valuation?group_by=location&branch_id=${branch()}`),
      200,
      GetStockValuationReportResponse,
    );
    const list = expectContract(
      await admin.get(`/api/reports/inventory-list?as_of=${today}&branch_id=${branch()}`),
      200,
      GetInventoryListReportResponse,
    );
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    const stocks = expectContract(
      await admin.get(`/api/stocks?branch_id=${branch()}&per_page=100`),
      200,
      ListStocksResponse,
    );
    const rowsTotal = stocks.data.reduce((sum, stock) => sum + Math.round((stock.value ?? 0) * 100), 0) / 100;
    const shown = overview.stock_value_by_location?.find((entry) => entry.branch_id === branch())?.value;
    expect(valuation.totals.value).toBe(rowsTotal);
    expect(list.totals.total).toBe(rowsTotal);
    expect(shown).toBe(rowsTotal);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});
