import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetDebitMemoResponse } from '../../../generated/zod/debit-memos/debit-memos.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import {
  ConfirmLabCreditResponse,
  CreateJobOrderResponse,
  GetJobOrderResponse,
  ListLabCreditsResponse,
  MoveJobOrderStatusResponse,
  RemakeJobOrderResponse,
} from '../../../generated/zod/job-orders/job-orders.zod.ts';
import {
  GetRemakesReportResponse,
  GetSalesReportResponse,
  GetStockValuationReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { CreateWarrantyClaimResponse } from '../../../generated/zod/warranty-claims/warranty-claims.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/eye-care.md, Remakes and Warranties.
let api: TestApi;
let admin: TestClient;
let clerk: TestClient;
let fixture: LedgerFixture;
let prescriptionId: number;
let frameId: number;
let lensId: number;
const today = businessDate(new Date());

const lines = () => [
  { role: 'frame', item_id: frameId, quantity: 1, unit_price: 3500 },
  { role: 'lens_od', item_id: lensId, quantity: 1, unit_price: 1500 },
  { role: 'lens_os', item_id: lensId, quantity: 1, unit_price: 1500 },
];

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [frameId, lensId] = fixture.itemIds;
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  await api.createUser({
    email: 'clerk@example.test',
    permissions: ['view-warranty-claims', 'create-warranty-claims'],
    businessIds: [fixture.businessId],
  });
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
  const frameType = await api.db
    .selectFrom('items')
    .select('item_type_id')
    .where('id', '=', frameId)
    .executeTakeFirstOrThrow();
  await api.db
    .updateTable('item_types')
    .set({ optical_kind: 'frame' })
    .where('id', '=', frameType.item_type_id)
    .execute();
  const lensType = await admin.post('/api/item-types', { name: 'Ophthalmic Lens', optical_kind: 'ophthalmic_lens' });
  await api.db
    .updateTable('items')
    .set({ item_type_id: (lensType.json as { id: number }).id })
    .where('id', '=', lensId)
    .execute();
  const receipt = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: fixture.branchIds[0],
    received_date: today,
    lines: [
      { item_id: frameId, quantity: 20, unit_cost: 1000 },
      { item_id: lensId, quantity: 40, unit_cost: 400 },
    ],
  });
  expect(receipt.status).toBe(201);
  const rx = await admin.post('/api/prescriptions', {
    contact_id: fixture.customerId,
    kind: 'spectacles',
    examined_on: today,
    od_sphere: -2,
    os_sphere: -2,
    pd_distance: 62,
  });
  prescriptionId = (rx.json as { id: number }).id;
});

afterAll(() => api.close());

async function readyOrder(): Promise<number> {
  const created = expectContract(
    await admin.post('/api/job-orders', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      prescription_id: prescriptionId,
      order_date: today,
      lab: 'outside',
      lab_contact_id: fixture.supplierId,
      lines: lines(),
    }),
    201,
    CreateJobOrderResponse,
  );
  for (const status of ['in_lab', 'ready']) {
    expectContract(
      await admin.patch(`/api/job-orders/${created.id}/status`, { status }),
      200,
      MoveJobOrderStatusResponse,
    );
  }
  return created.id;
}

// An order sold and paid in full, then handed over.
async function claimedOrder(): Promise<number> {
  const id = await readyOrder();
  const invoice = expectContract(
    await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[0],
      invoice_date: today,
      job_order_id: id,
      lines: lines().map(({ role: _role, ...line }) => line),
    }),
    201,
    CreateInvoiceResponse,
  );
  const paid = await admin.post('/api/invoice-payments', {
    invoice_id: invoice.id,
    payment_date: today,
    amount: invoice.total,
    payment_method: 'cash',
  });
  expect(paid.status).toBe(201);
  expectContract(
    await admin.patch(`/api/job-orders/${id}/status`, { status: 'claimed' }),
    200,
    MoveJobOrderStatusResponse,
  );
  return id;
}

const report = async (query: string) =>
  expectContract(await admin.get(`/api/reports/remakes?${query}`), 200, GetRemakesReportResponse);
const stockValue = async () =>
  expectContract(await admin.get('/api/reports/stock-valuation'), 200, GetStockValuationReportResponse).totals.value;
const netSales = async () =>
  expectContract(await admin.get(`/api/reports/sales?date_from=${today}&date_to=${today}`), 200, GetSalesReportResponse)
    .totals.net_sales;

describe('remakes', () => {
  it('remakes a claimed order unbilled: its goods leave stock at cost as remake cost, never as sales', async () => {
    const original = await claimedOrder();
    const [valueBefore, salesBefore] = [await stockValue(), await netSales()];
    const originalLines = expectContract(
      await admin.get(`/api/job-orders/${original}`),
      200,
      GetJobOrderResponse,
    ).lines;
    const remake = expectContract(
      await admin.post(`/api/job-orders/${original}/remake`, {
        remake_reason: 'measurement',
        accountable: 'optician',
        notes: 'Segment height 2 mm low',
        lines: originalLines.filter((line) => line.role !== 'frame').map((line) => line.id),
      }),
      200,
      RemakeJobOrderResponse,
    );
    expect(remake).toMatchObject({
      status: 'open',
      remake_of_id: original,
      remake_reason: 'measurement',
      accountable: 'optician',
      total: 0,
      lab_credit: null,
    });
    expect(remake.lines.map((line) => line.role)).toEqual(['lens_od', 'lens_os']);
    const remade = expectContract(await admin.get(`/api/job-orders/${original}`), 200, GetJobOrderResponse);
    expect(remade).toMatchObject({ status: 'remade', remade_as_id: remake.id, remade_as_number: remake.number });
    const again = await admin.post(`/api/job-orders/${original}/remake`, { remake_reason: 'fit', accountable: 'lab' });
    expect(Object.keys((again.json as { errors: object }).errors)).toEqual(['status']);

    for (const status of ['in_lab', 'ready', 'claimed']) {
      await admin.patch(`/api/job-orders/${remake.id}/status`, { status });
    }
    const claimed = expectContract(await admin.get(`/api/job-orders/${remake.id}`), 200, GetJobOrderResponse);
    expect(claimed).toMatchObject({ status: 'claimed', invoice_id: null });
    // Two lenses at ₱400 each left the shelf.
    expect(await stockValue()).toBe(valueBefore - 800);
    expect(await netSales()).toBe(salesBefore);
    const byReason = await report(`date_from=${today}&date_to=${today}&group_by=reason`);
    expect(byReason.rows.find((row) => row.key === 'measurement')).toMatchObject({ remakes: 1, remake_cost: 800 });

    // Its goods left stock as remake cost: the claimed remake stays on record, and so does the cost.
    const deleted = await admin.delete(`/api/job-orders/${remake.id}`);
    expect(deleted.status).toBe(422);
    expect((deleted.json as { message: string }).message).toBe(
      `${remake.number} was claimed as a remake: its goods left stock as remake cost, so it stays on record and is not deleted.`,
    );
    expect(await stockValue()).toBe(valueBefore - 800);
  });

  it('prices a remake the patient is accountable for at the business’s remake discount', async () => {
    await api.db
      .updateTable('businesses')
      .set({ remake_discount_percent: 40 })
      .where('id', '=', fixture.businessId)
      .execute();
    const original = await readyOrder();
    const remake = expectContract(
      await admin.post(`/api/job-orders/${original}/remake`, { remake_reason: 'non_adapt', accountable: 'patient' }),
      200,
      RemakeJobOrderResponse,
    );
    expect(remake.lines.map((line) => line.unit_price)).toEqual([2100, 900, 900]);
    expect(remake.total).toBe(3900);
  });

  it('raises the lab’s expected credit for the lenses’ cost, a debit memo once the lab confirms it', async () => {
    const original = await readyOrder();
    const remake = expectContract(
      await admin.post(`/api/job-orders/${original}/remake`, { remake_reason: 'lab_error', accountable: 'lab' }),
      200,
      RemakeJobOrderResponse,
    );
    expect(remake.lab_credit).toMatchObject({ amount: 800, status: 'expected', lab_contact_id: fixture.supplierId });
    const creditId = remake.lab_credit?.id ?? 0;
    const outstanding = expectContract(
      await admin.get('/api/lab-credits?status=expected'),
      200,
      ListLabCreditsResponse,
    );
    expect(outstanding.data.map((credit) => credit.id)).toContain(creditId);
    const owedBefore = (await report(`date_from=${today}&date_to=${today}`)).totals.lab_credits_outstanding;
    const confirmed = expectContract(
      await admin.post(`/api/lab-credits/${creditId}/confirm`, {}),
      200,
      ConfirmLabCreditResponse,
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', amount: 800 });
    const memo = expectContract(
      await admin.get(`/api/debit-memos/${confirmed.debit_memo_id}`),
      200,
      GetDebitMemoResponse,
    );
    expect(memo).toMatchObject({ contact_id: fixture.supplierId, total: 800, supplier_credit_amount: 800 });
    expect(memo.lines.every((line) => !line.return_stock)).toBe(true);
    expect((await admin.post(`/api/lab-credits/${creditId}/confirm`, {})).status).toBe(409);
    expect((await report(`date_from=${today}&date_to=${today}`)).totals.lab_credits_outstanding).toBe(owedBefore - 800);
    const left = expectContract(await admin.get('/api/lab-credits?status=expected'), 200, ListLabCreditsResponse);
    expect(left.data.map((credit) => credit.id)).not.toContain(creditId);

    // The lab goes back on it: the memo's void makes the credit expected again, to be confirmed anew.
    expect((await admin.delete(`/api/debit-memos/${confirmed.debit_memo_id}`)).status).toBe(200);
    const expectedAgain = expectContract(
      await admin.get('/api/lab-credits?status=expected'),
      200,
      ListLabCreditsResponse,
    );
    expect(expectedAgain.data.map((credit) => credit.id)).toContain(creditId);
    const reconfirmed = expectContract(
      await admin.post(`/api/lab-credits/${creditId}/confirm`, {}),
      200,
      ConfirmLabCreditResponse,
    );
    expect(reconfirmed.debit_memo_id).not.toBe(confirmed.debit_memo_id);
  });

  it('keeps a remake on record: deleting one is refused in words, cancelling an open one drops its expected lab credit', async () => {
    const original = await readyOrder();
    const remake = expectContract(
      await admin.post(`/api/job-orders/${original}/remake`, { remake_reason: 'lab_error', accountable: 'lab' }),
      200,
      RemakeJobOrderResponse,
    );
    const creditId = remake.lab_credit?.id ?? 0;
    const deleted = await admin.delete(`/api/job-orders/${remake.id}`);
    expect(deleted.status).toBe(422);
    expect((deleted.json as { message: string }).message).toMatch(/is the remake of .*: cancel it instead/);
    expect((await admin.patch(`/api/job-orders/${remake.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const outstanding = expectContract(
      await admin.get('/api/lab-credits?status=expected'),
      200,
      ListLabCreditsResponse,
    );
    expect(outstanding.data.map((credit) => credit.id)).not.toContain(creditId);
  });

  it('puts a lab’s remake rate at its remakes over its claimed orders in the period', async () => {
    await claimedOrder();
    const byLab = await report(`date_from=${today}&date_to=${today}&group_by=lab`);
    const lab = byLab.rows.find((row) => row.key === String(fixture.supplierId));
    const claims = await api.db
      .selectFrom('job_order_status_changes')
      .innerJoin('job_orders', 'job_orders.id', 'job_order_status_changes.job_order_id')
      .select('job_orders.id')
      .where('job_orders.business_id', '=', fixture.businessId)
      .where('job_order_status_changes.status', '=', 'claimed')
      .where('job_orders.remake_of_id', 'is', null)
      .execute();
    const remakes = await api.db
      .selectFrom('job_orders')
      .select('id')
      .where('business_id', '=', fixture.businessId)
      .where('remake_of_id', 'is not', null)
      .execute();
    expect(lab).toMatchObject({ orders_claimed: claims.length, remakes: remakes.length });
    expect(lab?.remake_rate).toBe(Math.round((remakes.length * 10_000) / claims.length) / 100);
  });
});

describe('warranties', () => {
  it('stamps a covered line’s warranty, replaces at cost within it, and refuses after it without the permission', async () => {
    const frameType = await api.db
      .selectFrom('items')
      .select('item_type_id')
      .where('id', '=', frameId)
      .executeTakeFirstOrThrow();
    const term = await admin.post('/api/warranty-terms', {
      name: 'Frame warranty',
      months: 12,
      covers: ['frame'],
      item_type_ids: [frameType.item_type_id],
    });
    expect(term.status).toBe(201);
    const invoice = expectContract(
      await admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[0],
        invoice_date: today,
        lines: [
          { item_id: frameId, quantity: 1, unit_price: 3500 },
          { item_id: lensId, quantity: 1, unit_price: 1500 },
        ],
      }),
      201,
      CreateInvoiceResponse,
    );
    const sold = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    const [frameLine, lensLine] = sold.lines;
    const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
    expect(frameLine?.warranty_until?.slice(0, 7)).toBe(`${year + 1}${rest.slice(0, 3)}`);
    expect(lensLine?.warranty_until).toBeNull();

    const valueBefore = await stockValue();
    const replaced = expectContract(
      await clerk.post('/api/warranty-claims', {
        invoice_line_id: frameLine?.id,
        claim_date: today,
        issue: 'Hinge broke',
        resolution: 'replace',
        replacement_item_id: frameId,
      }),
      201,
      CreateWarrantyClaimResponse,
    );
    expect(replaced).toMatchObject({ number: expect.stringMatching(/^WC/), within_warranty: true });
    expect(await stockValue()).toBe(valueBefore - 1000);

    const outside = await clerk.post('/api/warranty-claims', {
      invoice_line_id: lensLine?.id,
      claim_date: today,
      issue: 'Scratched',
      resolution: 'repair',
    });
    expect(outside.status).toBe(422);
    expect(Object.keys((outside.json as { errors: object }).errors)).toEqual(['claim_date']);
    const approved = expectContract(
      await admin.post('/api/warranty-claims', {
        invoice_line_id: lensLine?.id,
        claim_date: today,
        issue: 'Scratched',
        resolution: 'repair',
      }),
      201,
      CreateWarrantyClaimResponse,
    );
    expect(approved.within_warranty).toBe(false);
    const totals = (await report(`date_from=${today}&date_to=${today}`)).totals;
    expect(totals).toMatchObject({ warranty_claims: 2, warranty_cost: 1000 });
  });
});
