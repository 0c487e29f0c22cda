import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetBillResponse } from '../../../generated/zod/bills/bills.zod.ts';
import { GetContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { CreateDebitMemoResponse } from '../../../generated/zod/debit-memos/debit-memos.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  createLedgerFixture,
  type LedgerFixture,
  ledgerMismatches,
  lotMismatches,
} from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// Debit memos (docs/domain/purchasing.md, Debit memos): goods back to a supplier at the average cost, lot-aware and
// never below zero; the bill's balance first, the rest the supplier's credit, spent on a later bill or refunded; voids
// that undo it or are refused with the reason.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let frameId: number;
let lensId: number;
let branchA: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA] = fixture.branchIds;
  [frameId, lensId] = fixture.itemIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  expect((await admin.patch(`/api/items/${lensId}`, { is_lot_tracked: true })).status).toBe(200);
  const receipt = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    received_date: today,
    lines: [
      { item_id: frameId, quantity: 5, unit_cost: 1000 },
      { item_id: frameId, quantity: 5, unit_cost: 2000 },
      { item_id: lensId, quantity: 3, unit_cost: 300, lot_number: 'EARLY', expires_on: '2031-01-31' },
      { item_id: lensId, quantity: 3, unit_cost: 300, lot_number: 'LATE', expires_on: '2032-01-31' },
    ],
  });
  expect(receipt.status).toBe(201);
});

afterAll(() => api.close());

function debit(body: Record<string, unknown>) {
  return admin.post('/api/debit-memos', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    memo_date: today,
    reason: 'returned',
    ...body,
  });
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

async function supplierCredit() {
  const contact = expectContract(await admin.get(`/api/contacts/${fixture.supplierId}`), 200, GetContactResponse);
  return contact.supplier_credit_balance;
}

async function billOf(id: number) {
  return expectContract(await admin.get(`/api/bills/${id}`), 200, GetBillResponse);
}

describe('a supplier return against a bill', () => {
  let billId = 0;
  let billLine = 0;

  it('lowers the bill’s balance and takes the goods off at the average cost, numbered DM', async () => {
    const bill = await admin.post('/api/bills', {
      contact_id: fixture.supplierId,
      branch_id: branchA,
      bill_date: today,
      lines: [{ item_id: frameId, quantity: 4, unit_cost: 1000 }],
    });
    expect(bill.status).toBe(201);
    billId = (bill.json as { id: number; lines: { id: number }[] }).id;
    billLine = (bill.json as { lines: { id: number }[] }).lines[0]?.id ?? 0;
    const memo = expectContract(
      await debit({ bill_id: billId, lines: [{ item_id: frameId, bill_line_id: billLine, quantity: 1 }] }),
      201,
      CreateDebitMemoResponse,
    );
    expect(memo.number).toMatch(/^DM-\d{8}-B\d{5}-00000001$/);
    expect(memo).toMatchObject({
      bill_number: (bill.json as { number: string }).number,
      total: 1000,
      applied_to_bill: 1000,
      supplier_credit_amount: 0,
      settlement: null,
    });
    expect(await onHand(frameId)).toBe(9);
    const movement = await api.db
      .selectFrom('stock_movements')
      .select('unit_cost')
      .where('document_type', '=', 'debit-memo')
      .where('document_id', '=', memo.id)
      .executeTakeFirstOrThrow();
    expect(Number(movement.unit_cost)).toBe(150000);
    expect(await billOf(billId)).toMatchObject({ debited_total: 1000, balance: 3000, status: 'partially_paid' });
  });

  it('refuses more than is left on the bill line, an item not on the bill, and more than is on hand: 422s naming the line', async () => {
    const billed = await debit({ bill_id: billId, lines: [{ item_id: frameId, bill_line_id: billLine, quantity: 4 }] });
    expect(billed.status).toBe(422);
    expect(Object.keys((billed.json as { errors: object }).errors)).toEqual(['lines.0.quantity']);
    // A line naming no bill line takes the bill's line of its item, and what is left on it.
    const unnamed = await debit({ bill_id: billId, lines: [{ item_id: frameId, quantity: 4 }] });
    expect(unnamed.status).toBe(422);
    expect((unnamed.json as { errors: Record<string, string[]> }).errors).toEqual({
      'lines.0.quantity': ['Only 3 left to debit on this bill line.'],
    });
    // An item the bill does not hold is no return against it.
    const stranger = await debit({
      bill_id: billId,
      lines: [
        { item_id: frameId, bill_line_id: billLine, quantity: 1 },
        { item_id: lensId, quantity: 1, unit_cost: 300 },
      ],
    });
    expect(stranger.status).toBe(422);
    const strangerErrors = (stranger.json as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(strangerErrors)).toEqual(['lines.1.item_id']);
    expect(strangerErrors['lines.1.item_id']?.[0]).toMatch(/^The item is not on bill B-/);
    const stock = await debit({ lines: [{ item_id: frameId, quantity: 50, unit_cost: 1000 }] });
    expect(stock.status).toBe(422);
    expect(Object.keys((stock.json as { errors: object }).errors)).toEqual(['lines.0.quantity']);
  });

  it('refunds or keeps as supplier credit what exceeds the balance', async () => {
    const paid = await admin.post('/api/bill-payments', {
      bill_id: billId,
      payment_date: today,
      amount: 3000,
      payment_method: 'bank_transfer',
    });
    expect(paid.status).toBe(201);
    const refund = expectContract(
      await debit({
        bill_id: billId,
        settlement: 'refund',
        refund_method: 'check',
        lines: [{ item_id: frameId, bill_line_id: billLine, quantity: 1 }],
      }),
      201,
      CreateDebitMemoResponse,
    );
    expect(refund).toMatchObject({ applied_to_bill: 0, refund_amount: 1000, settlement: 'refund' });
    expect(await billOf(billId)).toMatchObject({ balance: 0, status: 'paid' });
  });
});

describe('a supplier return without a bill', () => {
  it('takes the earliest lot, keeps supplier credit, spends it on a bill, and refuses the void once spent', async () => {
    const memo = expectContract(
      await debit({ reason: 'defective', lines: [{ item_id: lensId, quantity: 2, unit_cost: 300 }] }),
      201,
      CreateDebitMemoResponse,
    );
    expect(memo).toMatchObject({ total: 600, supplier_credit_amount: 600, settlement: 'supplier_credit' });
    expect(memo.lines[0]?.lots.map((lot) => [lot.lot_number, lot.quantity])).toEqual([['EARLY', 2]]);
    expect(await lotsOf(lensId)).toEqual({ EARLY: 1, LATE: 3 });
    expect(await supplierCredit()).toBe(600);

    const bill = await admin.post('/api/bills', {
      contact_id: fixture.supplierId,
      branch_id: branchA,
      bill_date: today,
      lines: [{ item_id: frameId, quantity: 1, unit_cost: 1000 }],
    });
    const laterBill = (bill.json as { id: number }).id;
    const pay = (amount: number) =>
      admin.post('/api/bill-payments', {
        bill_id: laterBill,
        payment_date: today,
        amount,
        payment_method: 'supplier_credit',
      });
    const tooMuch = await pay(700);
    expect(tooMuch.status).toBe(422);
    expect(Object.keys((tooMuch.json as { errors: object }).errors)).toEqual(['amount']);
    const paid = await pay(600);
    expect(paid.status).toBe(201);
    expect(await supplierCredit()).toBe(0);

    const refused = await admin.delete(`/api/debit-memos/${memo.id}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toMatch(/already spent/);
    expect((await admin.delete(`/api/bill-payments/${(paid.json as { id: number }).id}`)).status).toBe(200);
    expect((await admin.delete(`/api/debit-memos/${memo.id}`)).status).toBe(200);
    expect(await lotsOf(lensId)).toEqual({ EARLY: 3, LATE: 3 });
    expect(await supplierCredit()).toBe(0);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
    expect(await lotMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});
