import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import {
  CreateCreditMemoResponse,
  GetCreditMemoResponse,
  ListCreditMemosResponse,
} from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { buildApp } from '../../../server/app.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  createLedgerFixture,
  type LedgerFixture,
  ledgerMismatches,
  lotMismatches,
} from '../../ledger/ledger-fixture.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  TestClient,
  testPassword,
  testPasswordCost,
} from '../../support/test-api.ts';

// Credit memos (docs/domain/sales.md, Credit memos): what is left to credit on each invoice line, the
// amounts as the customer paid them (discounts, the senior's special discount and VAT exemption), restock into the lot
// and at the cost the goods left at, the invoice's balance first and then a refund or store credit, and voids that
// undo all of it or are refused with the reason.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let frameId: number;
let lensId: number;
let solutionId: number;
let branchA: number;
let seniorId: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA] = fixture.branchIds;
  [frameId, lensId, solutionId] = fixture.itemIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  const at = new Date().toISOString();
  const accessory = await api.db
    .insertInto('item_types')
    .values({ business_id: fixture.businessId, name: 'Accessory', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db.updateTable('items').set({ item_type_id: accessory.id }).where('id', '=', solutionId).execute();
  const frame = await api.db
    .selectFrom('items')
    .select('item_type_id')
    .where('id', '=', frameId)
    .executeTakeFirstOrThrow();
  const program = await admin.post('/api/discount-programs', {
    name: 'Senior Citizen',
    percent: 20,
    vat_exempt: true,
    item_type_ids: [frame.item_type_id],
  });
  expect(program.status).toBe(201);
  seniorId = (program.json as { id: number }).id;
  expect((await admin.patch(`/api/items/${lensId}`, { is_lot_tracked: true })).status).toBe(200);
  const receipt = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    received_date: today,
    lines: [
      { item_id: frameId, quantity: 5, unit_cost: 1000 },
      { item_id: frameId, quantity: 5, unit_cost: 2000 },
      { item_id: solutionId, quantity: 20, unit_cost: 100 },
      { item_id: lensId, quantity: 3, unit_cost: 300, lot_number: 'EARLY', expires_on: '2031-01-31' },
      { item_id: lensId, quantity: 3, unit_cost: 300, lot_number: 'LATE', expires_on: '2032-01-31' },
    ],
  });
  expect(receipt.status).toBe(201);
});

afterAll(() => api.close());

async function sell(
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
  contactId = fixture.customerId,
) {
  const answer = await admin.post('/api/invoices', {
    contact_id: contactId,
    branch_id: branchA,
    invoice_date: today,
    lines,
    ...extra,
  });
  return expectContract(answer, 201, CreateInvoiceResponse);
}

function credit(body: Record<string, unknown>, client = admin) {
  return client.post('/api/credit-memos', { memo_date: today, reason: 'returned', ...body });
}

async function invoiceOf(id: number) {
  return expectContract(await admin.get(`/api/invoices/${id}`), 200, GetInvoiceResponse);
}

async function storeCredit(contactId = fixture.customerId) {
  return expectContract(await admin.get(`/api/contacts/${contactId}`), 200, GetContactResponse).store_credit_balance;
}

async function onHand(itemId: number) {
  const row = await api.db
    .selectFrom('stocks')
    .select('quantity_on_hand')
    .where('item_id', '=', itemId)
    .where('branch_id', '=', branchA)
    .executeTakeFirst();
  return Number(row?.quantity_on_hand ?? 0) / 1000;
}

async function lotsOf(itemId: number) {
  const rows = await api.db
    .selectFrom('stock_lots')
    .select(['lot_number', 'quantity_on_hand'])
    .where('item_id', '=', itemId)
    .orderBy('lot_number')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.lot_number, Number(row.quantity_on_hand) / 1000]));
}

function lineIds(invoice: { lines: { id: number }[] }) {
  return invoice.lines.map((line) => line.id);
}

describe('a senior citizen returns part of a sale', () => {
  // Worked by hand: two frames at ₱1,120.00 for a senior: ₱2,240.00 less VAT (÷ 1.12) is ₱2,000.00, less 20% is
  // ₱1,600.00, VAT-exempt. Three solutions at ₱224.00 less the line's own 10%: ₱604.80, of which VAT ₱64.80.
  // Invoice total ₱2,204.80. One frame back: ₱800.00 exempt; one solution back: ₱201.60 with VAT ₱21.60 (₱180.00
  // vatable). Memo total ₱1,001.60.
  let invoiceId = 0;
  let frameLine = 0;
  let solutionLine = 0;
  let firstMemo = 0;

  it('credits what the senior paid, VAT split as on the invoice, numbered CM at the branch', async () => {
    const invoice = await sell(
      [
        { item_id: frameId, quantity: 2, unit_price: 1120 },
        { item_id: solutionId, quantity: 3, unit_price: 224, discount_percent: 10 },
      ],
      { special_discount: { program_id: seniorId, holder_name: 'Lourdes Villanueva', holder_id_number: 'OSCA-1' } },
    );
    expect(invoice.total).toBe(2204.8);
    invoiceId = invoice.id;
    [frameLine = 0, solutionLine = 0] = lineIds(invoice);
    const frameBefore = await onHand(frameId);
    const answer = await credit({
      invoice_id: invoiceId,
      lines: [
        { invoice_line_id: frameLine, quantity: 1 },
        { invoice_line_id: solutionLine, quantity: 1 },
      ],
    });
    const memo = expectContract(answer, 201, CreateCreditMemoResponse);
    firstMemo = memo.id;
    expect(memo.number).toMatch(/^CM-\d{8}-B\d{5}-00000001$/);
    expect(memo.reference_number).toMatch(/^RN-/);
    expect(memo).toMatchObject({
      invoice_number: invoice.number,
      invoice_date: today,
      total: 1001.6,
      vatable_sales: 180,
      vat_amount: 21.6,
      vat_exempt_sales: 800,
      zero_rated_sales: 0,
      applied_to_invoice: 1001.6,
      refund_amount: 0,
      store_credit_amount: 0,
      settlement: null,
    });
    expect(memo.vatable_sales + memo.vat_amount + memo.vat_exempt_sales + memo.zero_rated_sales).toBeCloseTo(
      memo.total,
      2,
    );
    expect(memo.lines.map((line) => [line.amount, line.vat_amount, line.tax_class, line.restock])).toEqual([
      [800, 0, 'vat_exempt', true],
      [201.6, 21.6, 'vatable', true],
    ]);
    // The frames left at the average of ₱1,500.00 and come back at it.
    expect(memo.lines[0]?.unit_cost).toBe(1500);
    expect(await onHand(frameId)).toBe(frameBefore + 1);
    const movement = await api.db
      .selectFrom('stock_movements')
      .select(['unit_cost', 'quantity_delta'])
      .where('document_type', '=', 'credit-memo')
      .where('document_id', '=', memo.id)
      .where('item_id', '=', frameId)
      .executeTakeFirstOrThrow();
    expect([Number(movement.unit_cost), Number(movement.quantity_delta)]).toEqual([150000, 1000]);
    const after = await invoiceOf(invoiceId);
    expect(after).toMatchObject({ credited_total: 1001.6, amount_paid: 0, balance: 1203.2, status: 'partially_paid' });
  });

  it('refunds what exceeds the balance, by the method and reference given', async () => {
    const paid = await admin.post('/api/invoice-payments', {
      invoice_id: invoiceId,
      payment_date: today,
      amount: 1203.2,
      payment_method: 'cash',
    });
    expect(paid.status).toBe(201);
    const memo = expectContract(
      await credit({
        invoice_id: invoiceId,
        settlement: 'refund',
        refund_method: 'cash',
        refund_reference: 'Drawer 1',
        lines: [{ invoice_line_id: solutionLine, quantity: 1 }],
      }),
      201,
      CreateCreditMemoResponse,
    );
    expect(memo).toMatchObject({
      total: 201.6,
      applied_to_invoice: 0,
      refund_amount: 201.6,
      store_credit_amount: 0,
      settlement: 'refund',
      refund_method: 'cash',
      refund_reference: 'Drawer 1',
    });
    expect(await invoiceOf(invoiceId)).toMatchObject({ balance: 0, status: 'paid', credited_total: 1203.2 });
  });

  it('asks how a refund is paid out', async () => {
    const answer = await credit({
      invoice_id: invoiceId,
      settlement: 'refund',
      lines: [{ invoice_line_id: solutionLine, quantity: 1 }],
    });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toEqual(['refund_method']);
  });

  it('keeps the rest as store credit by default, the last unit crediting exactly what is left', async () => {
    const memo = expectContract(
      await credit({ invoice_id: invoiceId, lines: [{ invoice_line_id: solutionLine, quantity: 1 }] }),
      201,
      CreateCreditMemoResponse,
    );
    expect(memo).toMatchObject({
      total: 201.6,
      vat_amount: 21.6,
      settlement: 'store_credit',
      store_credit_amount: 201.6,
    });
    expect(await storeCredit()).toBe(201.6);
  });

  it('refuses more than is left on a line: a 422 naming it', async () => {
    const answer = await credit({ invoice_id: invoiceId, lines: [{ invoice_line_id: solutionLine, quantity: 1 }] });
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: Record<string, string[]> }).errors).toEqual({
      'lines.0.quantity': ['Only 0 left to credit on this line.'],
    });
    const tooMuch = await credit({
      invoice_id: invoiceId,
      reason: 'price_adjustment',
      lines: [{ invoice_line_id: frameLine, amount: 800.01 }],
    });
    expect(tooMuch.status).toBe(422);
    expect(Object.keys((tooMuch.json as { errors: object }).errors)).toEqual(['lines.0.amount']);
  });

  it('moves no stock for a defective frame, and credits the rest of the line', async () => {
    const before = await onHand(frameId);
    const memo = expectContract(
      await credit({
        invoice_id: invoiceId,
        reason: 'defective',
        lines: [{ invoice_line_id: frameLine, quantity: 1 }],
      }),
      201,
      CreateCreditMemoResponse,
    );
    expect(memo.lines[0]).toMatchObject({ amount: 800, restock: false, lots: [] });
    expect(await onHand(frameId)).toBe(before);
    expect(await storeCredit()).toBe(1001.6);
    const invoice = await invoiceOf(invoiceId);
    expect(invoice).toMatchObject({ credited_total: 2204.8, balance: 0 });
  });

  it('spends store credit on a later invoice of that customer, never below zero', async () => {
    const later = await sell([{ item_id: frameId, quantity: 1, unit_price: 1120 }]);
    const pay = (amount: number, invoiceId = later.id) =>
      admin.post('/api/invoice-payments', {
        invoice_id: invoiceId,
        payment_date: today,
        amount,
        payment_method: 'store_credit',
      });
    const tooMuch = await pay(1120);
    expect(tooMuch.status).toBe(422);
    expect((tooMuch.json as { errors: Record<string, string[]> }).errors).toEqual({
      amount: ['The customer has only ₱1,001.60 of store credit.'],
    });
    const other = await api.db
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', fixture.supplierId)
      .executeTakeFirstOrThrow();
    const strangers = await sell([{ item_id: solutionId, quantity: 1, unit_price: 100 }], {}, other.id);
    expect((await pay(50, strangers.id)).status).toBe(422);
    const paid = await pay(1000);
    expect(paid.status).toBe(201);
    expect(await storeCredit()).toBe(1.6);
    expect(await invoiceOf(later.id)).toMatchObject({ amount_paid: 1000, balance: 120 });

    // The memos whose credit was spent cannot be voided; voiding the payment gives the credit back.
    const memos = expectContract(
      await admin.get(`/api/credit-memos?invoice_id=${invoiceId}&reason=defective`),
      200,
      ListCreditMemosResponse,
    );
    const defective = memos.data[0]?.id ?? 0;
    const refused = await admin.delete(`/api/credit-memos/${defective}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toBe(
      "The customer has already spent this memo's store credit: ₱1.60 of ₱800.00 is left.",
    );
    expect((await admin.delete(`/api/invoice-payments/${(paid.json as { id: number }).id}`)).status).toBe(200);
    expect((await admin.delete(`/api/credit-memos/${defective}`)).status).toBe(200);
    expect(await storeCredit()).toBe(201.6);
    expect(await invoiceOf(invoiceId)).toMatchObject({ credited_total: 1404.8, balance: 0 });
    const voided = expectContract(await admin.get(`/api/credit-memos/${defective}`), 200, GetCreditMemoResponse);
    expect(voided.deleted_at).not.toBeNull();
  });

  it('voids a restocked memo: the goods leave again and the invoice owes what it did', async () => {
    const before = await onHand(frameId);
    expect((await admin.delete(`/api/credit-memos/${firstMemo}`)).status).toBe(200);
    expect(await onHand(frameId)).toBe(before - 1);
    // ₱2,204.80 less the two standing memos' ₱403.20 less the ₱1,203.20 paid.
    const invoice = await invoiceOf(invoiceId);
    expect(invoice.credited_total).toBe(403.2);
    expect(invoice.balance).toBe(598.4);
    expect(invoice.status).toBe('partially_paid');
    expect((await admin.patch(`/api/credit-memos/${firstMemo}/restore`)).status).toBe(200);
    expect(await onHand(frameId)).toBe(before);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });

  it('refuses to void the invoice while its memos stand', async () => {
    const answer = await admin.delete(`/api/invoices/${invoiceId}`);
    expect(answer.status).toBe(422);
  });

  it('shows history, the number preview and a CSV export', async () => {
    expect((await admin.get(`/api/credit-memos/${firstMemo}/history`)).status).toBe(200);
    const counted = await admin.post('/api/documents/get-number-total-count', {
      document_name: 'credit-memo',
      branch_id: branchA,
    });
    expect(counted.json).toEqual({ total: 4 });
    const referenced = await admin.post('/api/documents/get-reference-number-total-count', {
      document_name: 'document-memorandum',
      contact_id: fixture.customerId,
    });
    expect(referenced.json).toEqual({ total: 4 });
    const exported = await admin.get('/api/credit-memos', { headers: { accept: 'text/csv' } });
    expect(exported.status).toBe(200);
    expect(exported.raw.body).toContain('CM-');
  });
});

describe('lots', () => {
  it('puts a return back into the lots the sale took, latest expiry first, and refuses a void once they are gone', async () => {
    const invoice = await sell([{ item_id: lensId, quantity: 4, unit_price: 500 }]);
    expect(await lotsOf(lensId)).toEqual({ EARLY: 0, LATE: 2 });
    const memo = expectContract(
      await credit({ invoice_id: invoice.id, lines: [{ invoice_line_id: invoice.lines[0]?.id, quantity: 2 }] }),
      201,
      CreateCreditMemoResponse,
    );
    expect(memo.lines[0]?.lots.map((lot) => [lot.lot_number, lot.quantity])).toEqual([
      ['EARLY', 1],
      ['LATE', 1],
    ]);
    expect(await lotsOf(lensId)).toEqual({ EARLY: 1, LATE: 3 });
    await sell([{ item_id: lensId, quantity: 4, unit_price: 500 }]);
    const refused = await admin.delete(`/api/credit-memos/${memo.id}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toMatch(
      /^Voiding this memo would take the restocked goods below zero/,
    );
    expect(await lotMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});

describe('two memos at once', () => {
  it('lets exactly one of two connections take the last returnable unit', async () => {
    const invoice = await sell([{ item_id: solutionId, quantity: 1, unit_price: 100 }]);
    const otherApp = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
    try {
      const other = new TestClient(otherApp);
      await other.get('/api/csrf-cookie');
      expect((await other.post('/login', { email: 'admin@example.test', password: testPassword })).status).toBe(200);
      other.businessId = fixture.businessId;
      const body = { invoice_id: invoice.id, lines: [{ invoice_line_id: invoice.lines[0]?.id, quantity: 1 }] };
      const answers = await Promise.all([credit(body), credit(body, other)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const loser = answers.find((answer) => answer.status === 422);
      expect(Object.keys((loser?.json as { errors?: object } | undefined)?.errors ?? {})).toEqual(['lines.0.quantity']);
      expect(await invoiceOf(invoice.id)).toMatchObject({ credited_total: 100 });
    } finally {
      await otherApp.close();
    }
  });
});

describe('reports', () => {
  it('count a return on its own date: the daily sales report, the owner’s sales report and the Overview', async () => {
    const before = await dayRow();
    const overviewBefore = await overviewToday();
    const invoice = await sell([{ item_id: solutionId, quantity: 3, unit_price: 224 }]);
    const memo = expectContract(
      await credit({
        invoice_id: invoice.id,
        settlement: 'refund',
        refund_method: 'cash',
        lines: [{ invoice_line_id: invoice.lines[0]?.id, quantity: 1 }],
      }),
      201,
      CreateCreditMemoResponse,
    );
    const after = await dayRow();
    expect(after.credit_memos_issued - before.credit_memos_issued).toBe(1);
    expect(after.credit_memos_to).toBe(memo.number);
    expect(round(after.returns_total - before.returns_total)).toBe(224);
    expect(round(after.returns_vat_amount - before.returns_vat_amount)).toBe(24);
    // Unpaid: the memo lowered the balance, nothing was paid out.
    expect(round(after.refunds_total - before.refunds_total)).toBe(0);
    expect(round(after.net_sales - before.net_sales)).toBe(672 - 224);
    expect(round((await overviewToday()) - overviewBefore)).toBe(672 - 224);
    const report = await admin.get(`/api/reports/sales?date_from=${today}&date_to=${today}&group_by=item`);
    expect(report.status).toBe(200);
    const row = (report.json as { rows: { key: string; quantity: number }[] }).rows.find(
      (candidate) => candidate.key === String(solutionId),
    );
    expect(row).toBeDefined();
  });
});

const round = (value: number) => Math.round(value * 100) / 100;

async function dayRow() {
  const answer = await admin.get(`/api/reports/daily-sales?branch_id=${branchA}&date_from=${today}&date_to=${today}`);
  expect(answer.status).toBe(200);
  const rows = answer.json as {
    credit_memos_issued: number;
    credit_memos_to: string | null;
    returns_total: number;
    returns_vat_amount: number;
    refunds_total: number;
    net_sales: number;
  }[];
  return (
    rows[0] ?? {
      credit_memos_issued: 0,
      credit_memos_to: null,
      returns_total: 0,
      returns_vat_amount: 0,
      refunds_total: 0,
      net_sales: 0,
    }
  );
}

async function overviewToday() {
  const answer = await admin.get('/api/dashboard/overview');
  const days = (answer.json as { sales_by_day: { date: string; total: number }[] }).sales_by_day;
  return days.find((day) => day.date === today)?.total ?? 0;
}

describe('a mixed return', () => {
  it('restocks line by line in one memo: the good solution back on the shelf, the defective frame not', async () => {
    const sale = await sell([
      { item_id: frameId, quantity: 1, unit_price: 1000 },
      { item_id: solutionId, quantity: 2, unit_price: 200 },
    ]);
    const [frameLine, solutionLine] = lineIds(sale);
    const frames = await onHand(frameId);
    const solutions = await onHand(solutionId);
    const memo = expectContract(
      await credit({
        invoice_id: sale.id,
        reason: 'defective',
        lines: [
          { invoice_line_id: frameLine, quantity: 1, restock: false },
          { invoice_line_id: solutionLine, quantity: 2, restock: true },
        ],
      }),
      201,
      CreateCreditMemoResponse,
    );
    expect(memo.lines.map((line) => [line.invoice_line_id, line.restock])).toEqual([
      [frameLine, false],
      [solutionLine, true],
    ]);
    expect(memo.total).toBe(1400);
    expect(await onHand(frameId)).toBe(frames);
    expect(await onHand(solutionId)).toBe(solutions + 2);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});
