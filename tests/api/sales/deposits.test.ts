import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateAcknowledgmentReceiptResponse,
  RefundAcknowledgmentReceiptResponse,
} from '../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { ClaimJobOrderResponse, CreateJobOrderResponse } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { GetDailySalesResponse, GetSalesReportResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { CreateZReadingResponse, GetDayXReadingResponse } from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/sales.md, Deposits, and docs/domain/eye-care.md, The order's road: a deposit taken on an acknowledgment
// receipt is owed to the customer, not sold; the claim at release makes the invoice and applies it, to the cent on
// the daily sales, the X, the Z and the customer's statement. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let cashier: TestClient;
let fixture: LedgerFixture;
let branchId: number;

const cashierPermissions = [
  ...['view', 'create', 'update'].flatMap((action) =>
    ['job-orders', 'invoices', 'invoice-payments'].map((prefix) => `${action}-${prefix}`),
  ),
  'view-acknowledgment-receipts',
  'create-acknowledgment-receipts',
  'view-contacts',
  'view-branches',
  'view-cash-sessions',
  'create-cash-sessions',
];

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  branchId = fixture.branchIds[0] as number;
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'cashier@example.test',
    permissions: cashierPermissions,
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  cashier = await api.signIn('cashier@example.test');
  cashier.businessId = fixture.businessId;
  await api.db
    .updateTable('item_types')
    .set({ optical_kind: 'frame' })
    .where('business_id', '=', fixture.businessId)
    .where('name', '=', 'Frame')
    .execute();
  // The frame is on the shelf until the claim's invoice takes it.
  for (const branch of fixture.branchIds) {
    const received = await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branch,
      received_date: today,
      lines: [{ item_id: fixture.itemIds[0], quantity: 10, unit_cost: 1000 }],
    });
    expect(received.status, JSON.stringify(received.json)).toBe(201);
  }
});

afterAll(() => api.close());

async function order(price = 4000.5, branch = branchId) {
  const made = await cashier.post('/api/job-orders', {
    contact_id: fixture.customerId,
    branch_id: branch,
    order_date: today,
    lines: [
      { role: 'frame', item_id: fixture.itemIds[0], quantity: 1, unit_price: price },
      { role: 'service', item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 },
    ],
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return expectContract(made, 201, CreateJobOrderResponse);
}

async function deposit(jobOrderId: number, amount: number, method = 'cash', branch = branchId) {
  return expectContract(
    await cashier.post('/api/acknowledgment-receipts', {
      contact_id: fixture.customerId,
      branch_id: branch,
      receipt_date: today,
      amount,
      payment_method: method,
      job_order_id: jobOrderId,
    }),
    201,
    CreateAcknowledgmentReceiptResponse,
  );
}

async function move(client: TestClient, id: number, status: string) {
  return client.patch(`/api/job-orders/${id}/status`, { status });
}

describe('deposits and the claim at release', () => {
  it('keeps the deposit out of sales until the claim, then applies it to the cent everywhere', async () => {
    const session = await cashier.post('/api/cash-sessions', { branch_id: branchId, opening_float: 1000 });
    expect(session.status, JSON.stringify(session.json)).toBe(201);
    const sessionId = (session.json as { id: number }).id;
    const job = await order();
    const receipt = await deposit(job.id, 2000.25);
    expect(receipt.number).toMatch(/^AR-/);
    expect(receipt).toMatchObject({ balance: 2000.25, applied_amount: 0, refunded_amount: 0 });

    // The deposit is not a sale: nothing on gross or net sales, shown apart, its cash in the drawer.
    const before = expectContract(
      await admin.get(`/api/z-readings/x-reading?branch_id=${branchId}`),
      200,
      GetDayXReadingResponse,
    );
    expect(before).toMatchObject({ gross_sales: 0, net_sales: 0, deposits_received: 2000.25, collections_total: 0 });
    const drawer = (await cashier.get(`/api/cash-sessions/${sessionId}`)).json as { cash_received: number };
    expect(drawer.cash_received).toBe(2000.25);

    expect((await move(cashier, job.id, 'in_lab')).status).toBe(200);
    const ready = await move(cashier, job.id, 'ready');
    expect(ready.status).toBe(200);
    const road = ready.json as { sent_to_lab_at: string; ready_at: string; ready_by_name: string };
    expect(road.sent_to_lab_at).not.toBeNull();
    expect(road.ready_at).not.toBeNull();
    expect(road.ready_by_name).not.toBeNull();

    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.job_orders_ready.find((row) => row.id === job.id)).toMatchObject({
      days_waiting: 0,
      deposit_balance: 2000.25,
      forfeitable: false,
    });

    const claimed = expectContract(await cashier.post(`/api/job-orders/${job.id}/claim`), 200, ClaimJobOrderResponse);
    expect(claimed.status).toBe('claimed');
    expect(claimed.invoice_id).not.toBeNull();
    expect(claimed.invoice_total).toBe(4500.5);
    expect(claimed.invoice_balance).toBe(2500.25);
    expect(claimed.acknowledgment_receipts).toEqual([
      expect.objectContaining({ id: receipt.id, number: receipt.number, balance: 0 }),
    ]);
    const payments = (await admin.get(`/api/invoice-payments?invoice_id=${claimed.invoice_id}`)).json as {
      data: { payment_method: string; amount: number; acknowledgment_receipt_id: number | null }[];
    };
    expect(payments.data).toEqual([
      expect.objectContaining({ payment_method: 'deposit', amount: 2000.25, acknowledgment_receipt_id: receipt.id }),
    ]);

    // The rest taken in cash at the counter.
    const rest = await cashier.post('/api/invoice-payments', {
      invoice_id: claimed.invoice_id,
      payment_date: today,
      amount: 2500.25,
      payment_method: 'cash',
    });
    expect(rest.status, JSON.stringify(rest.json)).toBe(201);

    const daily = expectContract(
      await admin.get(`/api/reports/daily-sales?branch_id=${branchId}&date_from=${today}&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    expect(daily[0]).toMatchObject({
      gross_sales: 4500.5,
      net_sales: 4500.5,
      collections_cash: 2500.25,
      collections_total: 2500.25,
      deposits_received: 2000.25,
      deposits_applied: 2000.25,
      deposits_refunded: 0,
    });
    const x = expectContract(
      await admin.get(`/api/z-readings/x-reading?branch_id=${branchId}`),
      200,
      GetDayXReadingResponse,
    );
    expect(x).toMatchObject({ net_sales: 4500.5, deposits_received: 2000.25, deposits_applied: 2000.25 });
    const closedDrawer = (await cashier.get(`/api/cash-sessions/${sessionId}`)).json as {
      cash_received: number;
      expected_cash: number;
    };
    expect(closedDrawer).toMatchObject({ cash_received: 4500.5, expected_cash: 5500.5 });

    const statement = (await admin.get(`/api/contacts/${fixture.customerId}/statement?side=receivable`)).json as {
      closing_balance: number;
    };
    expect(statement.closing_balance).toBe(0);

    // A deposit cannot be applied twice, nor to another customer's invoice.
    const again = await cashier.post('/api/invoice-payments', {
      invoice_id: claimed.invoice_id,
      payment_date: today,
      amount: 1,
      payment_method: 'deposit',
      acknowledgment_receipt_id: receipt.id,
    });
    expect(again.status).toBe(422);

    expect(
      (
        await cashier.post(`/api/cash-sessions/${sessionId}/close`, {
          counted: { '1000': 5, '500': 1, '0.25': 2 },
        })
      ).status,
    ).toBe(200);
    const z = expectContract(await admin.post('/api/z-readings', { branch_id: branchId }), 201, CreateZReadingResponse);
    expect(z).toMatchObject({
      gross_sales: 4500.5,
      net_sales: 4500.5,
      deposits_received: 2000.25,
      deposits_applied: 2000.25,
      cash_difference: 0,
    });
  });
});

// The other cases work at the second branch, whose day the first case's Z-reading leaves open.
describe('refunds, concurrent claims and forfeiture', () => {
  const otherBranch = () => fixture.branchIds[1] as number;

  it('refunds a deposit at the counter before the lab, and after it only with the permission and a reason', async () => {
    const job = await order(3000, otherBranch());
    const early = await deposit(job.id, 1000, 'e_wallet', otherBranch());
    const refunded = expectContract(
      await cashier.post(`/api/acknowledgment-receipts/${early.id}/refund`, {
        amount: 400,
        payment_method: 'e_wallet',
        refund_date: today,
      }),
      200,
      RefundAcknowledgmentReceiptResponse,
    );
    expect(refunded).toMatchObject({ refunded_amount: 400, balance: 600 });
    const beyond = await cashier.post(`/api/acknowledgment-receipts/${early.id}/refund`, {
      amount: 600.01,
      payment_method: 'cash',
      refund_date: today,
    });
    expect(beyond.status).toBe(422);
    expect(Object.keys((beyond.json as { errors: object }).errors)).toEqual(['amount']);

    expect((await move(cashier, job.id, 'in_lab')).status).toBe(200);
    const refused = await cashier.post(`/api/acknowledgment-receipts/${early.id}/refund`, {
      amount: 100,
      payment_method: 'cash',
      refund_date: today,
      reason: 'Changed their mind',
    });
    expect(refused.status).toBe(403);
    const noReason = await admin.post(`/api/acknowledgment-receipts/${early.id}/refund`, {
      amount: 100,
      payment_method: 'cash',
      refund_date: today,
    });
    expect(noReason.status).toBe(422);
    expect(Object.keys((noReason.json as { errors: object }).errors)).toEqual(['reason']);
    const allowed = expectContract(
      await admin.post(`/api/acknowledgment-receipts/${early.id}/refund`, {
        amount: 100,
        payment_method: 'cash',
        refund_date: today,
        reason: 'Lens out of stock at the lab for a month',
      }),
      200,
      RefundAcknowledgmentReceiptResponse,
    );
    expect(allowed).toMatchObject({ refunded_amount: 500, balance: 500 });
    expect(allowed.refunds.map((refund) => refund.reason)).toEqual([null, 'Lens out of stock at the lab for a month']);
    // A receipt partly refunded is no longer voided.
    expect((await admin.delete(`/api/acknowledgment-receipts/${early.id}`)).status).toBe(409);
  });

  it('makes one invoice when two cashiers claim the same order at once', async () => {
    const job = await order(2000, otherBranch());
    await deposit(job.id, 500, 'cash', otherBranch());
    expect((await move(cashier, job.id, 'in_lab')).status).toBe(200);
    expect((await move(cashier, job.id, 'ready')).status).toBe(200);
    const [first, second] = await Promise.all([
      cashier.post(`/api/job-orders/${job.id}/claim`),
      admin.post(`/api/job-orders/${job.id}/claim`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const invoices = await api.db
      .selectFrom('invoices')
      .select(['id', 'total', 'amount_paid'])
      .where('job_order_id', '=', job.id)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(Number(invoices[0]?.amount_paid)).toBe(50_000);
    const claimed = [first.json, second.json] as { invoice_id: number; status: string }[];
    expect(claimed.map((answer) => [answer.status, answer.invoice_id])).toEqual([
      ['claimed', invoices[0]?.id],
      ['claimed', invoices[0]?.id],
    ]);
  });

  it('forfeits a ready order left past its pickup days, its deposit kept as other income', async () => {
    const job = await order(2500, otherBranch());
    const kept = await deposit(job.id, 1250, 'cash', otherBranch());
    expect((await move(cashier, job.id, 'in_lab')).status).toBe(200);
    expect((await move(cashier, job.id, 'ready')).status).toBe(200);
    const tooSoon = await move(admin, job.id, 'forfeited');
    expect(tooSoon.status).toBe(422);
    const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await api.db.updateTable('job_orders').set({ ready_at: longAgo }).where('id', '=', job.id).execute();
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.job_orders_ready.find((row) => row.id === job.id)).toMatchObject({ forfeitable: true });
    expect((await move(cashier, job.id, 'forfeited')).status).toBe(403);
    const forfeited = await move(admin, job.id, 'forfeited');
    expect(forfeited.status, JSON.stringify(forfeited.json)).toBe(200);
    expect(forfeited.json).toMatchObject({
      status: 'forfeited',
      acknowledgment_receipts: [{ id: kept.id, balance: 0 }],
    });
    const receipt = (await admin.get(`/api/acknowledgment-receipts/${kept.id}`)).json as { forfeited_amount: number };
    expect(receipt.forfeited_amount).toBe(1250);
    const daily = expectContract(
      await admin.get(`/api/reports/daily-sales?branch_id=${otherBranch()}&date_from=${today}&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    expect(daily[0]).toMatchObject({ deposits_forfeited: 1250 });
    // The owner's Sales report shows it as other income, apart from net sales, on the forfeiture's day and branch.
    const sales = async (groupBy: string) =>
      expectContract(
        await admin.get(
          `/api/reports/sales?branch_id=${otherBranch()}&date_from=${today}&date_to=${today}&group_by=${groupBy}`,
        ),
        200,
        GetSalesReportResponse,
      );
    const byDay = await sales('day');
    expect(byDay.rows).toEqual([expect.objectContaining({ key: today, forfeited_deposits: 1250 })]);
    expect(byDay.totals.forfeited_deposits).toBe(receipt.forfeited_amount);
    const byItem = await sales('item');
    expect(byItem.totals).toMatchObject({ forfeited_deposits: 1250, net_sales: byDay.totals.net_sales });
    expect(byItem.rows.every((row) => row.forfeited_deposits === 0)).toBe(true);
    const byCustomer = await sales('contact');
    expect(byCustomer.rows.find((row) => row.key === String(fixture.customerId))?.forfeited_deposits).toBe(1250);
    // The frame never left the shelf: only the claimed order's invoice took one at this branch.
    const stock = await api.db
      .selectFrom('stocks')
      .select('quantity_on_hand')
      .where('item_id', '=', fixture.itemIds[0])
      .where('branch_id', '=', otherBranch())
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantity_on_hand)).toBe(9000);
  });
});
