import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { GetCreditMemoResponse } from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { ListInvoicePaymentsResponse } from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import {
  CreateInvoiceResponse,
  ExchangeInvoiceResponse,
  GetInvoiceResponse,
} from '../../../generated/zod/invoices/invoices.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// An exchange at the counter in one call (docs/domain/sales.md, Credit memos, Exchange): the returned goods credited
// and restocked, the new sale, and the difference paid, refunded or kept as store credit, all or nothing.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let frameId: number;
let solutionId: number;
let branchA: number;
let drawerId: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA] = fixture.branchIds;
  [frameId, , solutionId] = fixture.itemIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  const receipt = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    received_date: today,
    lines: [
      { item_id: frameId, quantity: 10, unit_cost: 1000 },
      { item_id: solutionId, quantity: 50, unit_cost: 100 },
    ],
  });
  expect(receipt.status).toBe(201);
  const drawer = await admin.post('/api/cash-sessions', { branch_id: branchA, opening_float: 1000 });
  expect(drawer.status).toBe(201);
  drawerId = (drawer.json as { id: number }).id;
});

afterAll(() => api.close());

// A frame sold at ₱1,120.00 a piece and paid in cash.
async function paidSale(frames: number) {
  const invoice = expectContract(
    await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: branchA,
      invoice_date: today,
      lines: [{ item_id: frameId, quantity: frames, unit_price: 1120 }],
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
  return { id: invoice.id, frameLine: invoice.lines[0]?.id ?? 0 };
}

function exchange(invoiceId: number, body: Record<string, unknown>, client = admin, headers = {}) {
  return client.post(`/api/invoices/${invoiceId}/exchange`, { reason: 'returned', ...body }, { headers });
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

async function storeCredit() {
  return expectContract(await admin.get(`/api/contacts/${fixture.customerId}`), 200, GetContactResponse)
    .store_credit_balance;
}

async function paymentsOf(invoiceId: number) {
  const page = expectContract(
    await admin.get(`/api/invoice-payments?invoice_id=${invoiceId}`),
    200,
    ListInvoicePaymentsResponse,
  );
  const drawers = await api.db
    .selectFrom('invoice_payments')
    .select(['id', 'cash_session_id'])
    .where('invoice_id', '=', invoiceId)
    .execute();
  return page.data.map((payment) => ({
    amount: payment.amount,
    payment_method: payment.payment_method,
    in_drawer: drawers.find((row) => row.id === payment.id)?.cash_session_id === drawerId,
  }));
}

async function countOf(table: 'credit_memos' | 'invoices' | 'invoice_payments') {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_id', '=', fixture.businessId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('an exchange at the counter', () => {
  it('takes a frame back and sells ten solutions: the customer pays the ₱1,120.00 difference in cash', async () => {
    const sale = await paidSale(1);
    const [framesBefore, solutionsBefore, creditBefore] = [
      await onHand(frameId),
      await onHand(solutionId),
      await storeCredit(),
    ];
    const answer = expectContract(
      await exchange(sale.id, {
        return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1, restock: true }],
        lines: [{ item_id: solutionId, quantity: 10, unit_price: 224 }],
        payment_method: 'cash',
      }),
      201,
      ExchangeInvoiceResponse,
    );
    expect(answer).toMatchObject({ difference: 1120, refund: null });
    expect(answer.payment_id).not.toBeNull();
    const memo = expectContract(
      await admin.get(`/api/credit-memos/${answer.credit_memo_id}`),
      200,
      GetCreditMemoResponse,
    );
    expect(memo).toMatchObject({ invoice_id: sale.id, memo_date: today, total: 1120, store_credit_amount: 1120 });
    expect(memo.lines).toMatchObject([{ invoice_line_id: sale.frameLine, quantity: 1, restock: true }]);
    const invoice = expectContract(await admin.get(`/api/invoices/${answer.invoice_id}`), 200, GetInvoiceResponse);
    expect(invoice).toMatchObject({
      contact_id: fixture.customerId,
      branch_id: branchA,
      invoice_date: today,
      total: 2240,
      balance: 0,
      status: 'paid',
      notes: `Exchange for ${memo.number}`,
    });
    expect(invoice.number).toMatch(/^I-\d{8}-B\d{5}-\d{8}$/);
    expect(await paymentsOf(answer.invoice_id)).toEqual(
      expect.arrayContaining([
        { amount: 1120, payment_method: 'store_credit', in_drawer: true },
        { amount: 1120, payment_method: 'cash', in_drawer: true },
      ]),
    );
    for (const path of [`/api/credit-memos/${answer.credit_memo_id}`, `/api/invoices/${answer.invoice_id}`]) {
      const history = await admin.get(`${path}/history`);
      const actions = (history.json as { action: string }[]).map((entry) => entry.action);
      expect(actions.filter((action) => action === 'created')).toHaveLength(1);
    }
    expect(await onHand(frameId)).toBe(framesBefore + 1);
    expect(await onHand(solutionId)).toBe(solutionsBefore - 10);
    expect(await storeCredit()).toBe(creditBefore);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });

  it('takes two frames back for five solutions: the shop refunds ₱1,120.00 in cash', async () => {
    const sale = await paidSale(2);
    const creditBefore = await storeCredit();
    const answer = expectContract(
      await exchange(sale.id, {
        return_lines: [{ invoice_line_id: sale.frameLine, quantity: 2 }],
        lines: [{ item_id: solutionId, quantity: 5, unit_price: 224 }],
        payment_method: 'cash',
        reference: 'Drawer 1',
      }),
      201,
      ExchangeInvoiceResponse,
    );
    expect(answer).toMatchObject({ difference: -1120, refund: 1120 });
    const memo = expectContract(
      await admin.get(`/api/credit-memos/${answer.credit_memo_id}`),
      200,
      GetCreditMemoResponse,
    );
    expect(memo).toMatchObject({
      total: 2240,
      settlement: 'refund',
      refund_method: 'cash',
      refund_reference: 'Drawer 1',
      refund_amount: 2240,
      store_credit_amount: 0,
    });
    const invoice = expectContract(await admin.get(`/api/invoices/${answer.invoice_id}`), 200, GetInvoiceResponse);
    expect(invoice).toMatchObject({ total: 1120, balance: 0, status: 'paid' });
    expect(await paymentsOf(answer.invoice_id)).toEqual([{ amount: 1120, payment_method: 'cash', in_drawer: true }]);
    expect(await storeCredit()).toBe(creditBefore);
    // The refund leaves the same drawer the payment went into: it nets the ₱1,120.00 handed back.
    const refunded = await api.db
      .selectFrom('credit_memos')
      .select('cash_session_id')
      .where('id', '=', answer.credit_memo_id)
      .executeTakeFirstOrThrow();
    expect(refunded.cash_session_id).toBe(drawerId);
  });

  it('keeps what the new sale does not use as store credit when no method is given', async () => {
    const sale = await paidSale(1);
    const creditBefore = await storeCredit();
    const answer = expectContract(
      await exchange(sale.id, {
        return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1 }],
        lines: [{ item_id: solutionId, quantity: 1, unit_price: 224 }],
      }),
      201,
      ExchangeInvoiceResponse,
    );
    expect(answer).toMatchObject({ difference: -896, refund: null, payment_id: null });
    expect(await storeCredit()).toBe((creditBefore ?? 0) + 896);
    expect(await paymentsOf(answer.invoice_id)).toEqual([
      { amount: 224, payment_method: 'store_credit', in_drawer: true },
    ]);
  });

  it('leaves the balance on the new invoice when the customer pays more and no method is given', async () => {
    const sale = await paidSale(1);
    const answer = expectContract(
      await exchange(sale.id, {
        return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1, restock: false }],
        lines: [{ item_id: frameId, quantity: 2, unit_price: 1120 }],
      }),
      201,
      ExchangeInvoiceResponse,
    );
    expect(answer).toMatchObject({ difference: 1120, payment_id: null });
    const invoice = expectContract(await admin.get(`/api/invoices/${answer.invoice_id}`), 200, GetInvoiceResponse);
    expect(invoice).toMatchObject({ balance: 1120, status: 'partially_paid' });
  });
});

describe('all or nothing', () => {
  it('keeps no memo when a new line fails, and names the line', async () => {
    const sale = await paidSale(1);
    const before = {
      memos: await countOf('credit_memos'),
      invoices: await countOf('invoices'),
      frames: await onHand(frameId),
    };
    const answer = await exchange(sale.id, {
      return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1 }],
      lines: [{ item_id: solutionId, quantity: 100000, unit_price: 224 }],
      payment_method: 'cash',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: Record<string, string[]> }).errors)).toContain('lines.0.quantity');
    expect(await countOf('credit_memos')).toBe(before.memos);
    expect(await countOf('invoices')).toBe(before.invoices);
    expect(await onHand(frameId)).toBe(before.frames);
    const original = expectContract(await admin.get(`/api/invoices/${sale.id}`), 200, GetInvoiceResponse);
    expect(original.lines[0]?.credited_quantity).toBe(0);
  });

  it('names a returned line that asks for more than is left', async () => {
    const sale = await paidSale(1);
    const answer = await exchange(sale.id, {
      return_lines: [{ invoice_line_id: sale.frameLine, quantity: 2 }],
      lines: [{ item_id: solutionId, quantity: 1, unit_price: 224 }],
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      errors: { 'return_lines.0.quantity': ['Only 1 left to credit on this line.'] },
    });
  });

  it('numbers memos and invoices without gaps, failed exchanges included', async () => {
    const counters = await api.db
      .selectFrom('document_counters')
      .select(['document_name', 'total'])
      .where('business_id', '=', fixture.businessId)
      .where('scope', '=', 'number')
      .where('document_name', 'in', ['invoice', 'credit-memo'])
      .execute();
    const byName = Object.fromEntries(counters.map((row) => [row.document_name, Number(row.total)]));
    expect(byName.invoice).toBe(await countOf('invoices'));
    expect(byName['credit-memo']).toBe(await countOf('credit_memos'));
  });

  it('answers a repeated submit once, with the same documents', async () => {
    const sale = await paidSale(1);
    const body = {
      return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1 }],
      lines: [{ item_id: solutionId, quantity: 5, unit_price: 224 }],
      payment_method: 'card',
    };
    const memos = await countOf('credit_memos');
    const first = await exchange(sale.id, body, admin, { 'Idempotency-Key': `exchange-${sale.id}` });
    const again = await exchange(sale.id, body, admin, { 'Idempotency-Key': `exchange-${sale.id}` });
    expect(first.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await countOf('credit_memos')).toBe(memos + 1);
  });
});

describe('permissions and tenancy', () => {
  it('needs all three creates', async () => {
    const sale = await paidSale(1);
    await api.createUser({
      email: 'cashier@example.test',
      permissions: ['create-credit-memos', 'create-invoices', 'view-invoices'],
      businessIds: [fixture.businessId],
    });
    const cashier = await api.signIn('cashier@example.test');
    cashier.businessId = fixture.businessId;
    const answer = await exchange(
      sale.id,
      {
        return_lines: [{ invoice_line_id: sale.frameLine, quantity: 1 }],
        lines: [{ item_id: solutionId, quantity: 1, unit_price: 224 }],
      },
      cashier,
    );
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ message: 'You do not have permission to create Invoice Payments.' });
  });

  it("answers 404 for another business's invoice", async () => {
    const answer = await exchange(999999, {
      return_lines: [{ invoice_line_id: 1, quantity: 1 }],
      lines: [{ item_id: solutionId, quantity: 1, unit_price: 224 }],
    });
    expect(answer.status).toBe(404);
  });
});
