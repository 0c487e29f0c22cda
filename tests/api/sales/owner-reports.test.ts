import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetPayablesAgingReportResponse,
  GetRecallsReportResponse,
  GetReceivablesAgingReportResponse,
  GetReorderReportResponse,
  GetSalesReportResponse,
  GetSlowMoversReportResponse,
  GetStockValuationReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// A small shop's autumn, made through the API, whose every report figure is worked out by hand below.
let api: TestApi;
let owner: TestClient;
let fixture: LedgerFixture;
let branch: number;
let frame: number;
const ids: Record<string, number> = {};

async function created(path: string, body: Record<string, unknown>): Promise<{ id: number; lines: { id: number }[] }> {
  const answer = await owner.post(path, body);
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as { id: number; lines: { id: number }[] };
}

async function receive(date: string, quantity: number, unitCost: number) {
  const order = await created('/api/purchase-orders', {
    contact_id: fixture.supplierId,
    branch_id: branch,
    order_date: date,
    lines: [{ item_id: frame, quantity, unit_cost: unitCost }],
  });
  await created('/api/receive-orders', {
    purchase_order_id: order.id,
    contact_id: fixture.supplierId,
    branch_id: branch,
    received_date: date,
    lines: [{ purchase_order_line_id: order.lines[0]?.id, item_id: frame, quantity, unit_cost: unitCost }],
  });
  return order;
}

const sell = (date: string, quantity: number, extra: { due_date?: string; discount_percent?: number } = {}) =>
  created('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branch,
    invoice_date: date,
    due_date: extra.due_date ?? null,
    lines: [{ item_id: frame, quantity, unit_price: 2240, discount_percent: extra.discount_percent ?? null }],
  });

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date('2026-11-26T10:00:00+08:00') });
  fixture = await createLedgerFixture(api.db);
  [branch] = fixture.branchIds;
  [frame] = fixture.itemIds;
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  owner = await api.signIn('owner@example.test');
  owner.businessId = fixture.businessId;

  // 10 frames at ₱1,000 on 1 September; 10 more at ₱1,200 on 10 November.
  const first = await receive('2026-09-01', 10, 1000);
  ids.order = first.id;
  const bill = await created('/api/bills', {
    purchase_order_id: first.id,
    contact_id: fixture.supplierId,
    branch_id: branch,
    bill_date: '2026-09-01',
    due_date: '2026-10-01',
    lines: [{ purchase_order_line_id: first.lines[0]?.id, item_id: frame, quantity: 10, unit_cost: 1000 }],
  });
  await created('/api/bill-payments', {
    bill_id: bill.id,
    payment_date: '2026-09-10',
    amount: 4000,
    payment_method: 'bank_transfer',
  });
  // 2 frames at ₱2,240 less 10% on 15 September, due 15 October, ₱2,000 paid on 20 September.
  const september = await sell('2026-09-15', 2, { due_date: '2026-10-15', discount_percent: 10 });
  ids.september = september.id;
  await receive('2026-11-10', 10, 1200);
  const voided = await sell('2026-11-12', 1);
  expect((await owner.delete(`/api/invoices/${voided.id}`)).status).toBe(200);
  await sell('2026-11-20', 1, { due_date: '2026-12-20' });
  await created('/api/invoice-payments', {
    invoice_id: september.id,
    payment_date: '2026-09-20',
    amount: 2000,
    payment_method: 'cash',
  });
});

afterAll(() => api.close());

const report = async <S extends Parameters<typeof expectContract>[2]>(path: string, schema: S) =>
  expectContract(await owner.get(path), 200, schema);

describe('the owner’s reports on a worked month', () => {
  it('values stock as it stood at the end of any day, voided sales left out', async () => {
    const at = async (day: string) =>
      (await report(`/api/reports/stock-valuation?as_of=${day}&group_by=item`, GetStockValuationReportResponse)).totals;
    expect(await at('2026-08-31')).toEqual({ quantity: 0, value: 0 });
    expect(await at('2026-09-01')).toEqual({ quantity: 10, value: 10_000 });
    expect(await at('2026-09-15')).toEqual({ quantity: 8, value: 8_000 });
    // 8 at ₱1,000 and 10 at ₱1,200; the sale voided on the 12th never counts.
    expect(await at('2026-11-12')).toEqual({ quantity: 18, value: 20_000 });
    // The sale of the 20th leaves at the average cost then: ₱20,000 / 18 = ₱1,111.11.
    expect(await at('2026-11-26')).toEqual({ quantity: 17, value: 18_888.89 });
    const byLocation = await report('/api/reports/stock-valuation', GetStockValuationReportResponse);
    expect(byLocation.rows).toEqual([{ key: `B${branch}`, label: 'Makati', quantity: 17, value: 18_888.89 }]);
    const tomorrow = await owner.get('/api/reports/stock-valuation?as_of=2026-11-27');
    expect(tomorrow.status).toBe(422);
  });

  it('sums sales with discounts, cost of sales and margin, voided invoices left out', async () => {
    const sales = await report(
      '/api/reports/sales?date_from=2026-09-01&date_to=2026-11-26&group_by=month',
      GetSalesReportResponse,
    );
    // September: 2 × ₱2,240 = ₱4,480, less 10% = ₱4,032 with ₱432 VAT in it; cost 2 × ₱1,000.
    // November: ₱2,240 with ₱240 VAT; cost ₱1,111.11.
    expect(sales.rows).toEqual([
      {
        key: '2026-09',
        label: '2026-09',
        quantity: 2,
        gross_sales: 4480,
        discounts: 448,
        net_sales: 3600,
        cost_of_sales: 2000,
        margin: 1600,
        margin_percent: 44.44,
        forfeited_deposits: 0,
      },
      {
        key: '2026-11',
        label: '2026-11',
        quantity: 1,
        gross_sales: 2240,
        discounts: 0,
        net_sales: 2000,
        cost_of_sales: 1111.11,
        margin: 888.89,
        margin_percent: 44.44,
        forfeited_deposits: 0,
      },
    ]);
    expect(sales.totals).toEqual({
      quantity: 3,
      gross_sales: 6720,
      discounts: 448,
      net_sales: 5600,
      cost_of_sales: 3111.11,
      margin: 2488.89,
      margin_percent: 44.44,
      forfeited_deposits: 0,
    });
  });

  it('ages what customers owe and what we owe by days past due, as of any day', async () => {
    const receivables = await report(
      '/api/reports/receivables-aging?as_of=2026-11-26',
      GetReceivablesAgingReportResponse,
    );
    // ₱4,032 − ₱2,000 paid, 42 days past its due date; ₱2,240 not yet due.
    expect(receivables.totals).toEqual({
      not_due: 2240,
      days_1_30: 0,
      days_31_60: 2032,
      days_61_90: 0,
      over_90: 0,
      total: 4272,
    });
    expect(receivables.rows[0]?.documents.map((document) => [document.days_past_due, document.balance])).toEqual([
      [42, 2032],
      [-24, 2240],
    ]);
    const beforePayment = await report(
      '/api/reports/receivables-aging?as_of=2026-09-16',
      GetReceivablesAgingReportResponse,
    );
    expect(beforePayment.totals.total).toBe(4032);
    const payables = await report('/api/reports/payables-aging?as_of=2026-11-26', GetPayablesAgingReportResponse);
    // ₱10,000 billed, ₱4,000 paid, due 1 October: 56 days past due.
    expect(payables.totals).toEqual({
      not_due: 0,
      days_1_30: 0,
      days_31_60: 6000,
      days_61_90: 0,
      over_90: 0,
      total: 6000,
    });
  });

  it('lists what has not sold, what to reorder and whom to recall', async () => {
    const slow = await report('/api/reports/slow-movers?days=5', GetSlowMoversReportResponse);
    expect(slow.rows.map((row) => [row.code, row.last_sold_on, row.quantity_on_hand])).toEqual([
      ['RB-2140', '2026-11-20', 17],
    ]);
    expect((await report('/api/reports/slow-movers?days=7', GetSlowMoversReportResponse)).rows).toEqual([]);
    await api.db.updateTable('items').set({ reorder_level: 20_000 }).where('id', '=', frame).execute();
    const order = await report(`/api/reports/reorder?branch_id=${branch}`, GetReorderReportResponse);
    // 1 sold in the last 30 days: 30 days' cover is below the level of 20, so refill to 20 less the 17 on hand.
    expect(order.rows.filter((row) => row.code === 'RB-2140')).toEqual([
      expect.objectContaining({
        code: 'RB-2140',
        reorder_level: 20,
        quantity_on_hand: 17,
        quantity_on_order: 0,
        suggested_quantity: 3,
      }),
    ]);
    const recalls = await report('/api/reports/recalls', GetRecallsReportResponse);
    expect(recalls.totals.patients).toBe(0);
  });

  it('never suggests a lens family: its stock is its power variants, each ordered by its power', async () => {
    const [, family, variant] = fixture.itemIds;
    await api.db.updateTable('items').set({ reorder_level: 5_000 }).where('id', '=', family).execute();
    const codeOf = async (id: number) =>
      (await api.db.selectFrom('items').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
    const familyCode = await codeOf(family);
    const codes = async () =>
      (await report(`/api/reports/reorder?branch_id=${branch}`, GetReorderReportResponse)).rows.map((row) => row.code);
    expect(await codes()).toContain(familyCode);
    await api.db
      .updateTable('items')
      .set({ variant_of_item_id: family, sphere: -1_00, reorder_level: 2_000 })
      .where('id', '=', variant)
      .execute();
    const suggested = await codes();
    expect(suggested).not.toContain(familyCode);
    // The variant, with a power of its own, is suggested by itself.
    expect(suggested).toContain(await codeOf(variant));
    await api.db
      .updateTable('items')
      .set({ variant_of_item_id: null, sphere: null, reorder_level: null })
      .where('id', 'in', [family, variant])
      .execute();
  });

  it('answers CSV with a totals row, and 403 without its permission', async () => {
    const csv = await owner.get('/api/reports/sales?date_from=2026-09-01&date_to=2026-11-26', {
      headers: { accept: 'text/csv' },
    });
    expect(csv.status).toBe(200);
    const lines = csv.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'key,label,quantity,gross_sales,discounts,net_sales,cost_of_sales,margin,margin_percent,forfeited_deposits',
    );
    expect(lines.at(-1)).toBe('Total,,3,6720,448,5600,3111.11,2488.89,44.44,0');
    await api.createUser({
      email: 'clerk@example.test',
      permissions: ['view-report-slow-movers'],
      businessIds: [fixture.businessId],
    });
    const clerk = await api.signIn('clerk@example.test');
    clerk.businessId = fixture.businessId;
    expect((await clerk.get('/api/reports/sales')).status).toBe(403);
    expect((await clerk.get('/api/reports/slow-movers')).status).toBe(200);
  });

  it('keeps each item’s last sale through an edit, a void and a restore, as its invoice lines have it', async () => {
    const lastSale = async () =>
      (await report('/api/reports/slow-movers?days=1', GetSlowMoversReportResponse)).rows.find(
        (row) => row.code === 'RB-2140',
      )?.last_sold_on;
    const november = await api.db
      .selectFrom('invoices')
      .select('id')
      .where('invoice_date', '=', '2026-11-20')
      .executeTakeFirstOrThrow();
    expect((await owner.patch(`/api/invoices/${november.id}`, { invoice_date: '2026-11-18' })).status).toBe(200);
    expect(await lastSale()).toBe('2026-11-18');
    expect((await owner.delete(`/api/invoices/${november.id}`)).status).toBe(200);
    // The sale voided on the 12th stays out: the last standing sale is September's.
    expect(await lastSale()).toBe('2026-09-15');
    expect((await owner.patch(`/api/invoices/${november.id}/restore`)).status).toBe(200);
    expect(await lastSale()).toBe('2026-11-18');
    const kept = await api.db
      .selectFrom('item_last_sales')
      .select(['item_id', 'branch_id', 'last_sold_on'])
      .where('business_id', '=', fixture.businessId)
      .orderBy('item_id')
      .orderBy('branch_id')
      .execute();
    const counted = await api.db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as v', 'v.id', 'l.invoice_id')
      .select(['l.item_id', 'v.branch_id', (eb) => eb.fn.max('v.invoice_date').as('last_sold_on')])
      .where('v.business_id', '=', fixture.businessId)
      .where('v.deleted_at', 'is', null)
      .groupBy(['l.item_id', 'v.branch_id'])
      .orderBy('l.item_id')
      .orderBy('v.branch_id')
      .execute();
    expect(kept).toEqual(counted);
  });
});
