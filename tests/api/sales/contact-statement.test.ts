import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetContactResponse, GetContactStatementResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import {
  GetPayablesAgingReportResponse,
  GetReceivablesAgingReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/management.md, Statement of account: a customer's invoices and payments (a supplier's bills and
// payments) with a running balance, on a small autumn made through the API and worked out by hand below.
let api: TestApi;
let owner: TestClient;
let fixture: LedgerFixture;

async function created(path: string, body: Record<string, unknown>): Promise<{ id: number; lines: { id: number }[] }> {
  const answer = await owner.post(path, body);
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as { id: number; lines: { id: number }[] };
}

const numbers: Record<string, string> = {};

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date('2026-11-26T10:00:00+08:00') });
  fixture = await createLedgerFixture(api.db);
  const [branch] = fixture.branchIds;
  const [frame] = fixture.itemIds;
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  owner = await api.signIn('owner@example.test');
  owner.businessId = fixture.businessId;

  // 10 frames at ₱1,000, billed ₱10,000 on 1 September, ₱4,000 of it paid on the 10th.
  const order = await created('/api/purchase-orders', {
    contact_id: fixture.supplierId,
    branch_id: branch,
    order_date: '2026-09-01',
    lines: [{ item_id: frame, quantity: 10, unit_cost: 1000 }],
  });
  await created('/api/receive-orders', {
    purchase_order_id: order.id,
    contact_id: fixture.supplierId,
    branch_id: branch,
    received_date: '2026-09-01',
    lines: [{ purchase_order_line_id: order.lines[0]?.id, item_id: frame, quantity: 10, unit_cost: 1000 }],
  });
  const bill = await created('/api/bills', {
    purchase_order_id: order.id,
    contact_id: fixture.supplierId,
    branch_id: branch,
    bill_date: '2026-09-01',
    lines: [{ purchase_order_line_id: order.lines[0]?.id, item_id: frame, quantity: 10, unit_cost: 1000 }],
  });
  await created('/api/bill-payments', {
    bill_id: bill.id,
    payment_date: '2026-09-10',
    amount: 4000,
    payment_method: 'bank_transfer',
  });
  // One frame back to the supplier on the 12th: ₱1,000 off what the bill still owes.
  await created('/api/debit-memos', {
    bill_id: bill.id,
    contact_id: fixture.supplierId,
    branch_id: branch,
    memo_date: '2026-09-12',
    reason: 'returned',
    lines: [{ item_id: frame, bill_line_id: bill.lines[0]?.id, quantity: 1 }],
  });

  const sell = (date: string, quantity: number, discount: number | null) =>
    created('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: branch,
      invoice_date: date,
      lines: [{ item_id: frame, quantity, unit_price: 2240, discount_percent: discount }],
    });
  const pay = (invoice: number, date: string, amount: number) =>
    created('/api/invoice-payments', { invoice_id: invoice, payment_date: date, amount, payment_method: 'cash' });
  // 2 × ₱2,240 less 10% = ₱4,032 on 15 September, ₱2,000 paid on the 20th.
  const september = await sell('2026-09-15', 2, 10);
  await pay(september.id, '2026-09-20', 2000);
  // An invoice of 12 November, voided: on no statement.
  const voided = await sell('2026-11-12', 1, null);
  expect((await owner.delete(`/api/invoices/${voided.id}`)).status).toBe(200);
  // ₱2,240 on 20 November with ₱500 paid the same day; ₱1,000 more on the September invoice, voided.
  const november = await sell('2026-11-20', 1, null);
  await pay(november.id, '2026-11-20', 500);
  const voidedPayment = await pay(september.id, '2026-11-21', 1000);
  expect((await owner.delete(`/api/invoice-payments/${voidedPayment.id}`)).status).toBe(200);
  // ₱240 off the November invoice's price on the 22nd: a credit the invoice's balance takes whole.
  const line = ((await owner.get(`/api/invoices/${november.id}`)).json as { lines: { id: number }[] }).lines[0];
  const memo = await created('/api/credit-memos', {
    invoice_id: november.id,
    memo_date: '2026-11-22',
    reason: 'price_adjustment',
    lines: [{ invoice_line_id: line?.id, amount: 240 }],
  });
  numbers.memo = String(((await owner.get(`/api/credit-memos/${memo.id}`)).json as { number: string }).number);
  for (const [key, path, id] of [
    ['bill', 'bills', bill.id],
    ['september', 'invoices', september.id],
    ['november', 'invoices', november.id],
  ] as const) {
    numbers[key] = String(((await owner.get(`/api/${path}/${id}`)).json as { number: string }).number);
  }
});

afterAll(() => api.close());

const statement = async (query: string) =>
  expectContract(
    await owner.get(`/api/contacts/${fixture.customerId}/statement${query}`),
    200,
    GetContactStatementResponse,
  );

describe("a contact's statement of account", () => {
  it("runs a customer's balance through its invoices and payments, oldest first, voided ones left out", async () => {
    const whole = await statement('');
    expect(whole.date_from).toBeNull();
    expect(whole.date_to).toBe('2026-11-26');
    expect(whole.opening_balance).toBe(0);
    // 4,032 − 2,000 = 2,032; + 2,240 = 4,272; − 500 = 3,772 (a document before its payment of the same day).
    expect(
      whole.entries.map((entry) => [
        entry.date,
        entry.kind,
        entry.applies_to,
        entry.charge,
        entry.payment,
        entry.balance,
      ]),
    ).toEqual([
      ['2026-09-15', 'invoice', null, 4032, 0, 4032],
      ['2026-09-20', 'invoice_payment', numbers.september, 0, 2000, 2032],
      ['2026-11-20', 'invoice', null, 2240, 0, 4272],
      ['2026-11-20', 'invoice_payment', numbers.november, 0, 500, 3772],
      ['2026-11-22', 'credit_memo', numbers.november, 0, 240, 3532],
    ]);
    expect(whole.entries[4]?.number).toBe(numbers.memo);
    expect(whole.entries[0]?.number).toBe(numbers.september);
    expect(whole.entries[2]?.number).toBe(numbers.november);
    expect(whole.total_charges).toBe(6272);
    expect(whole.total_payments).toBe(2740);
    expect(whole.closing_balance).toBe(3532);
    // The closing balance is what the contact owes today, as its view says.
    const contact = (await owner.get(`/api/contacts/${fixture.customerId}`)).json as { balance: number };
    expect(contact.balance).toBe(3532);
  });

  it('brings forward what stood before the period as one opening balance', async () => {
    const november = await statement('?date_from=2026-10-01&date_to=2026-11-20');
    expect(november.opening_balance).toBe(2032);
    expect(november.entries.map((entry) => entry.balance)).toEqual([4272, 3772]);
    expect(november.total_charges).toBe(2240);
    expect(november.total_payments).toBe(500);
    expect(november.closing_balance).toBe(3772);
    const september = await statement('?date_to=2026-09-19');
    expect(september.entries.map((entry) => entry.balance)).toEqual([4032]);
    expect(september.closing_balance).toBe(4032);
  });

  it("follows a supplier's bills and payments on the payable side", async () => {
    const payable = expectContract(
      await owner.get(`/api/contacts/${fixture.supplierId}/statement?side=payable`),
      200,
      GetContactStatementResponse,
    );
    expect(payable.entries.map((entry) => [entry.kind, entry.charge, entry.payment, entry.balance])).toEqual([
      ['bill', 10000, 0, 10000],
      ['bill_payment', 0, 4000, 6000],
      ['debit_memo', 0, 1000, 5000],
    ]);
    expect(payable.entries[2]?.description).toMatch(/^Debit memo DM-\S+ \(returned to supplier\)$/);
    expect(payable.entries[1]?.applies_to).toBe(numbers.bill);
    expect(payable.entries[2]?.applies_to).toBe(numbers.bill);
    expect(payable.total_payments).toBe(5000);
    expect(payable.closing_balance).toBe(5000);
  });

  it("opens on the contact's own side: a supplier's on what the shop owes", async () => {
    const own = expectContract(
      await owner.get(`/api/contacts/${fixture.supplierId}/statement`),
      200,
      GetContactStatementResponse,
    );
    expect(own.side).toBe('payable');
    expect(own.closing_balance).toBe(5000);
    const contact = expectContract(await owner.get(`/api/contacts/${fixture.supplierId}`), 200, GetContactResponse);
    expect([contact.balance_side, contact.balance]).toEqual(['payable', 5000]);
  });

  it('refuses a date after today or before its start, a user without the documents, another business', async () => {
    expect((await owner.get(`/api/contacts/${fixture.customerId}/statement?date_to=2026-11-27`)).status).toBe(422);
    const backwards = await owner.get(
      `/api/contacts/${fixture.customerId}/statement?date_from=2026-11-02&date_to=2026-11-01`,
    );
    expect(backwards.status).toBe(422);
    expect(Object.keys((backwards.json as { errors: object }).errors)).toEqual(['date_from']);

    await api.createUser({
      email: 'clerk@example.test',
      permissions: ['view-contacts', 'view-invoices'],
      businessIds: [fixture.businessId],
    });
    const clerk = await api.signIn('clerk@example.test');
    clerk.businessId = fixture.businessId;
    expect((await clerk.get(`/api/contacts/${fixture.customerId}/statement`)).status).toBe(200);
    expect((await clerk.get(`/api/contacts/${fixture.supplierId}/statement?side=payable`)).status).toBe(403);

    const other = await owner.post('/api/businesses', { name: 'Other Optical' });
    expect(other.status).toBe(201);
    owner.businessId = (other.json as { id: number }).id;
    expect((await owner.get(`/api/contacts/${fixture.customerId}/statement`)).status).toBe(404);
    owner.businessId = fixture.businessId;
  });
});

// A second supplier and customer, each with a memo beyond its document's balance and the credit it left spent.
describe('memos and credit on a statement, the agings and the Overview', () => {
  let supplier = 0;
  let customer = 0;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    const [branch] = fixture.branchIds;
    const [frame] = fixture.itemIds;
    const typeOf = async (name: string) =>
      (
        await api.db
          .selectFrom('contact_types')
          .select('id')
          .where('business_id', '=', fixture.businessId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    supplier = (await created('/api/contacts', { contact_type_id: await typeOf('Supplier'), name: 'Luxottica' })).id;
    customer = (await created('/api/contacts', { contact_type_id: await typeOf('Customer'), name: 'Ana Reyes' })).id;
    const numberOf = async (path: string, id: number) =>
      String(((await owner.get(`/api/${path}/${id}`)).json as { number: string }).number);

    // ₱5,000 billed on 1 October; one frame back on the 5th (₱1,000 off the bill), ₱3,500 paid on the 10th, one
    // more back on the 12th: ₱500 takes the bill to nothing, ₱500 is the supplier's credit, ₱300 of it spent on a
    // ₱2,000 bill of 1 November.
    const bill = await created('/api/bills', {
      contact_id: supplier,
      branch_id: branch,
      bill_date: '2026-10-01',
      lines: [{ item_id: frame, quantity: 5, unit_cost: 1000 }],
    });
    const back = (date: string) =>
      created('/api/debit-memos', {
        bill_id: bill.id,
        contact_id: supplier,
        branch_id: branch,
        memo_date: date,
        reason: 'returned',
        lines: [{ item_id: frame, bill_line_id: bill.lines[0]?.id, quantity: 1 }],
      });
    const first = await back('2026-10-05');
    await created('/api/bill-payments', {
      bill_id: bill.id,
      payment_date: '2026-10-10',
      amount: 3500,
      payment_method: 'cash',
    });
    const second = await back('2026-10-12');
    const later = await created('/api/bills', {
      contact_id: supplier,
      branch_id: branch,
      bill_date: '2026-11-01',
      lines: [{ item_id: frame, quantity: 2, unit_cost: 1000 }],
    });
    const spent = await created('/api/bill-payments', {
      bill_id: later.id,
      payment_date: '2026-11-02',
      amount: 300,
      payment_method: 'supplier_credit',
    });
    made.first = await numberOf('debit-memos', first.id);
    made.second = await numberOf('debit-memos', second.id);
    made.spent = await numberOf('bill-payments', spent.id);

    // An exchange: a ₱2,240 frame paid in full on 1 November comes back on the 3rd as store credit, which pays half of
    // a ₱4,480 invoice the same day.
    const sold = await created('/api/invoices', {
      contact_id: customer,
      branch_id: branch,
      invoice_date: '2026-11-01',
      lines: [{ item_id: frame, quantity: 1, unit_price: 2240 }],
    });
    await created('/api/invoice-payments', {
      invoice_id: sold.id,
      payment_date: '2026-11-01',
      amount: 2240,
      payment_method: 'cash',
    });
    const memo = await created('/api/credit-memos', {
      invoice_id: sold.id,
      memo_date: '2026-11-03',
      reason: 'returned',
      lines: [{ invoice_line_id: sold.lines[0]?.id, quantity: 1 }],
    });
    const replacement = await created('/api/invoices', {
      contact_id: customer,
      branch_id: branch,
      invoice_date: '2026-11-03',
      lines: [{ item_id: frame, quantity: 2, unit_price: 2240 }],
    });
    const credit = await created('/api/invoice-payments', {
      invoice_id: replacement.id,
      payment_date: '2026-11-03',
      amount: 2240,
      payment_method: 'store_credit',
    });
    made.memo = await numberOf('credit-memos', memo.id);
    made.credit = await numberOf('invoice-payments', credit.id);
  });

  it('lists every debit memo, the supplier credit it kept and the credit spent, in words that say who owes whom', async () => {
    const statement = expectContract(
      await owner.get(`/api/contacts/${supplier}/statement`),
      200,
      GetContactStatementResponse,
    );
    expect(statement.side).toBe('payable');
    expect(
      statement.entries.map((entry) => [
        entry.date,
        entry.kind,
        entry.description,
        entry.charge,
        entry.payment,
        entry.balance,
      ]),
    ).toEqual([
      ['2026-10-01', 'bill', expect.stringMatching(/^Bill /), 5000, 0, 5000],
      ['2026-10-05', 'debit_memo', `Debit memo ${made.first} (returned to supplier)`, 0, 1000, 4000],
      ['2026-10-10', 'bill_payment', expect.stringMatching(/^Payment /), 0, 3500, 500],
      ['2026-10-12', 'debit_memo', `Debit memo ${made.second} (returned to supplier)`, 0, 1000, -500],
      ['2026-10-12', 'supplier_credit', `Kept as supplier credit from ${made.second}`, 500, 0, 0],
      ['2026-11-01', 'bill', expect.stringMatching(/^Bill /), 2000, 0, 2000],
      ['2026-11-02', 'bill_payment', `Supplier credit applied ${made.spent}`, 0, 300, 1700],
    ]);
    expect(statement.closing_balance).toBe(1700);
    expect(statement.credit_balance).toBe(200);
    const contact = expectContract(await owner.get(`/api/contacts/${supplier}`), 200, GetContactResponse);
    expect([contact.balance_side, contact.balance, contact.supplier_credit_balance]).toEqual(['payable', 1700, 200]);
  });

  it("shows an exchange's whole credit memo, the store credit it kept and the credit spent", async () => {
    const statement = expectContract(
      await owner.get(`/api/contacts/${customer}/statement`),
      200,
      GetContactStatementResponse,
    );
    expect(statement.side).toBe('receivable');
    expect(statement.entries.map((entry) => [entry.kind, entry.description, entry.charge, entry.payment])).toEqual([
      ['invoice', expect.stringMatching(/^Invoice /), 2240, 0],
      ['invoice_payment', expect.stringMatching(/^Payment /), 0, 2240],
      ['invoice', expect.stringMatching(/^Invoice /), 4480, 0],
      ['credit_memo', `Credit memo ${made.memo} (returned by the customer)`, 0, 2240],
      ['store_credit', `Kept as store credit from ${made.memo}`, 2240, 0],
      ['invoice_payment', `Store credit applied ${made.credit}`, 0, 2240],
    ]);
    expect([statement.closing_balance, statement.credit_balance]).toEqual([2240, 0]);
    // As it stood before the credit was spent.
    const before = expectContract(
      await owner.get(`/api/contacts/${customer}/statement?date_to=2026-11-02`),
      200,
      GetContactStatementResponse,
    );
    expect([before.closing_balance, before.credit_balance]).toEqual([0, 0]);
  });

  it("ages bills net of debit memos and supplier credit, as the statement does, and the Overview's Payables is its total", async () => {
    const aging = expectContract(
      await owner.get(`/api/reports/payables-aging?contact_id=${supplier}&as_of=2026-11-26`),
      200,
      GetPayablesAgingReportResponse,
    );
    expect(aging.totals.total).toBe(1700);
    expect(aging.rows[0]?.documents.map((document) => document.balance)).toEqual([1700]);
    // On 7 October the first bill owed ₱5,000 less the memo of the 5th; the memo of the 12th had not come.
    const october = expectContract(
      await owner.get(`/api/reports/payables-aging?contact_id=${supplier}&as_of=2026-10-07`),
      200,
      GetPayablesAgingReportResponse,
    );
    expect(october.totals.total).toBe(4000);

    const overview = expectContract(await owner.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    const payables = expectContract(
      await owner.get('/api/reports/payables-aging?as_of=2026-11-26'),
      200,
      GetPayablesAgingReportResponse,
    );
    const receivables = expectContract(
      await owner.get('/api/reports/receivables-aging?as_of=2026-11-26'),
      200,
      GetReceivablesAgingReportResponse,
    );
    expect(overview.payables).toBe(payables.totals.total);
    expect(overview.receivables).toBe(receivables.totals.total);
    // Each contact's balance is its row of the aging.
    for (const row of [...payables.rows, ...receivables.rows]) {
      const contact = expectContract(await owner.get(`/api/contacts/${row.contact_id}`), 200, GetContactResponse);
      expect([row.contact_name, contact.balance]).toEqual([row.contact_name, row.total]);
    }
  });
});
