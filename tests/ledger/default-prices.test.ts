import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillResponse } from '../../generated/zod/bills/bills.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../generated/zod/invoices/invoices.zod.ts';
import { CreatePurchaseOrderResponse } from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateQuotationResponse } from '../../generated/zod/quotations/quotations.zod.ts';
import { CreateReceiveOrderResponse } from '../../generated/zod/receive-orders/receive-orders.zod.ts';
import { latestPurchaseCost, latestSalePrice } from '../../server/ledger/default-prices.ts';
import { type Answer, createTestApi, expectContract, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture } from './ledger-fixture.ts';

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;

beforeAll(async () => {
  // The documents below are dated up to 2026-12-05, and none may be dated after the server's today.
  api = await createTestApi({ now: () => new Date('2026-12-10T03:00:00Z') });
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  const audit = {
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    updated_by: null,
    deleted_at: null,
  };
  const [frame, , solution] = fixture.itemIds;
  const priced = (itemId: number) => ({ ...audit, business_id: fixture.businessId, item_id: itemId });
  await api.db
    .insertInto('purchase_item_prices')
    .values([
      { ...priced(frame), contact_id: fixture.supplierId, unit_cost: 100_000, effective_date: '2026-01-01' },
      { ...priced(frame), contact_id: fixture.supplierId, unit_cost: 110_000, effective_date: '2026-06-01' },
      { ...priced(frame), contact_id: fixture.supplierId, unit_cost: 120_000, effective_date: '2026-12-01' },
    ])
    .execute();
  // The every-branch prices of 2026-03-01 for the solution come after its branch price, so a lookup that merely
  // took the newest rows of the day would miss the branch's own.
  await api.db
    .insertInto('sale_item_prices')
    .values([
      { ...priced(frame), branch_id: null, unit_price: 250_000, effective_date: '2026-03-01' },
      { ...priced(frame), branch_id: fixture.branchIds[0], unit_price: 240_000, effective_date: '2026-03-01' },
      { ...priced(frame), branch_id: null, unit_price: 260_000, effective_date: '2026-09-01' },
      { ...priced(solution), branch_id: fixture.branchIds[0], unit_price: 45_000, effective_date: '2026-03-01' },
      { ...priced(solution), branch_id: null, unit_price: 50_000, effective_date: '2026-03-01' },
      { ...priced(solution), branch_id: null, unit_price: 52_000, effective_date: '2026-03-01' },
      { ...priced(fixture.serviceItemId), branch_id: null, unit_price: 80_000, effective_date: '2026-01-01' },
    ])
    .execute();
  await api.db
    .insertInto('item_discount_tiers')
    .values([
      { business_id: fixture.businessId, item_id: frame, kind: 'purchase', quantity: 10_000, discount_percent: 5 },
      { business_id: fixture.businessId, item_id: frame, kind: 'sale', quantity: 2_000, discount_percent: 10 },
    ])
    .execute();
});

afterAll(() => api.close());

function expectMissingPrices(answer: Answer, fields: string[], message: string) {
  expect(answer.status).toBe(422);
  const errors = (answer.json as { errors: Record<string, string[]> }).errors;
  expect(Object.keys(errors)).toEqual(fields);
  for (const field of fields) expect(errors[field]).toEqual([message]);
}

const noPurchasePrice = 'No purchase price on record for this item and supplier; enter the unit cost.';
const noSalePrice = 'No sale price on record for this item and branch; enter the unit price.';

describe('price lookups', () => {
  it('takes the latest purchase cost effective on the document date, not a future one', async () => {
    const [frame] = fixture.itemIds;
    expect(await latestPurchaseCost(api.db, fixture.businessId, frame, fixture.supplierId, '2026-11-21')).toBe(110_000);
    expect(await latestPurchaseCost(api.db, fixture.businessId, frame, fixture.supplierId, '2025-12-31')).toBeNull();
  });

  it("prefers the branch's own sale price on the same day, and a newer every-branch price after it", async () => {
    const [frame, , solution] = fixture.itemIds;
    const [makati, quezonCity] = fixture.branchIds;
    expect(await latestSalePrice(api.db, fixture.businessId, frame, makati, '2026-05-01')).toBe(240_000);
    expect(await latestSalePrice(api.db, fixture.businessId, frame, quezonCity, '2026-05-01')).toBe(250_000);
    expect(await latestSalePrice(api.db, fixture.businessId, frame, makati, '2026-11-21')).toBe(260_000);
    expect(await latestSalePrice(api.db, fixture.businessId, solution, makati, '2026-05-01')).toBe(45_000);
    expect(await latestSalePrice(api.db, fixture.businessId, solution, quezonCity, '2026-05-01')).toBe(52_000);
  });
});

describe('default line prices through the API', () => {
  it("prices an order line left without a cost at the supplier's latest cost, tier and totals applied", async () => {
    const [frame] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: '2026-11-21',
        lines: [
          { item_id: frame, quantity: 10 },
          { item_id: frame, quantity: 1, unit_cost: 0 },
          { item_id: frame, quantity: 1, unit_cost: 999.5 },
        ],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    expect(
      order.lines.map(({ unit_cost, discount_percent, amount }) => ({ unit_cost, discount_percent, amount })),
    ).toEqual([
      { unit_cost: 1100, discount_percent: 5, amount: 10_450 },
      { unit_cost: 0, discount_percent: 0, amount: 0 },
      { unit_cost: 999.5, discount_percent: 0, amount: 999.5 },
    ]);
    expect(order).toMatchObject({ subtotal: 11_999.5, discount_total: 550, total: 11_449.5 });
  });

  it('refuses the lines that have no cost on record for the supplier or the date, naming each of them', async () => {
    const [frame, lens] = fixture.itemIds;
    const order = (contactId: number, orderDate: string) =>
      admin.post('/api/purchase-orders', {
        contact_id: contactId,
        warehouse_id: fixture.warehouseId,
        order_date: orderDate,
        lines: [
          { item_id: frame, quantity: 1 },
          { item_id: lens, quantity: 1 },
          { item_id: lens, quantity: 1, unit_cost: 12 },
        ],
      });
    expectMissingPrices(await order(fixture.supplierId, '2026-11-21'), ['lines.1.unit_cost'], noPurchasePrice);
    expectMissingPrices(
      await order(fixture.supplierId, '2025-12-31'),
      ['lines.0.unit_cost', 'lines.1.unit_cost'],
      noPurchasePrice,
    );
    expectMissingPrices(
      await order(fixture.customerId, '2026-11-21'),
      ['lines.0.unit_cost', 'lines.1.unit_cost'],
      noPurchasePrice,
    );
  });

  it("receives and bills an order line at the order's cost, and goods not ordered at the price list's", async () => {
    const [frame] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: '2026-11-21',
        lines: [{ item_id: frame, quantity: 4, unit_cost: 950 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    const orderLineId = order.lines[0]?.id;
    const receipt = expectContract(
      await admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: '2026-11-22',
        lines: [{ purchase_order_line_id: orderLineId, item_id: frame, quantity: 4 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    expect(receipt.lines.map((line) => line.unit_cost)).toEqual([950]);
    expect(receipt.total).toBe(3800);
    // Goods not ordered come on a receipt without the order, at the price list's cost.
    const unordered = expectContract(
      await admin.post('/api/receive-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: '2026-11-22',
        lines: [{ item_id: frame, quantity: 1 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    expect(unordered.lines.map((line) => line.unit_cost)).toEqual([1100]);

    const bill = expectContract(
      await admin.post('/api/bills', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: '2026-12-05',
        lines: [
          { purchase_order_line_id: orderLineId, item_id: frame, quantity: 4 },
          { item_id: frame, quantity: 1 },
        ],
      }),
      201,
      CreateBillResponse,
    );
    expect(bill.lines.map((line) => line.unit_cost)).toEqual([950, 1200]);
    expect(bill.total).toBe(5000);
  });

  it("quotes and invoices at the branch's latest sale price, with the item's sale tier", async () => {
    const [frame, lens, solution] = fixture.itemIds;
    const [makati, quezonCity] = fixture.branchIds;
    const quotation = expectContract(
      await admin.post('/api/quotations', {
        contact_id: fixture.customerId,
        branch_id: makati,
        quotation_date: '2026-05-01',
        lines: [
          { item_id: frame, quantity: 2 },
          { item_id: solution, quantity: 1 },
          { item_id: solution, quantity: 1, unit_price: 0 },
        ],
      }),
      201,
      CreateQuotationResponse,
    );
    expect(quotation.lines.map(({ unit_price, discount_percent }) => ({ unit_price, discount_percent }))).toEqual([
      { unit_price: 2400, discount_percent: 10 },
      { unit_price: 450, discount_percent: 0 },
      { unit_price: 0, discount_percent: 0 },
    ]);
    expect(quotation).toMatchObject({ subtotal: 5250, discount_total: 480, total: 4770 });

    expectMissingPrices(
      await admin.post('/api/quotations', {
        contact_id: fixture.customerId,
        branch_id: makati,
        quotation_date: '2026-05-01',
        lines: [
          { item_id: frame, quantity: 1 },
          { item_id: lens, quantity: 1 },
        ],
      }),
      ['lines.1.unit_price'],
      noSalePrice,
    );

    const invoice = expectContract(
      await admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: quezonCity,
        invoice_date: '2026-05-01',
        lines: [{ item_id: fixture.serviceItemId, quantity: 1 }],
      }),
      201,
      CreateInvoiceResponse,
    );
    expect(invoice).toMatchObject({ total: 800, balance: 800 });
    expect(invoice.lines[0]?.unit_price).toBe(800);

    // An edit prices its new lines on the edited date, where the service had no price yet.
    expectMissingPrices(
      await admin.patch(`/api/invoices/${invoice.id}`, {
        invoice_date: '2025-12-31',
        lines: [{ item_id: fixture.serviceItemId, quantity: 1 }],
      }),
      ['lines.0.unit_price'],
      noSalePrice,
    );
    const unchanged = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    expect(unchanged).toMatchObject({ invoice_date: '2026-05-01', total: 800 });
  });
});
