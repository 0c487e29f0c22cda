import { sql } from 'kysely';
import type { PaymentMethod } from '../db/tables/documents.ts';
import { type Centavos, formatPesos } from '../domain/money.ts';
import { conflict, fieldError } from '../domain/refusal.ts';
import { dynamic } from '../engine/dynamic.ts';
import {
  type ContactCreditColumn,
  creditedColumn,
  moveContactCredit,
  movePayment,
  type PayableTable,
  refreshPaymentStatus,
} from './payments.ts';
import { type PostingContext, type PostingDirection, timestampOf } from './posting-context.ts';

// Settling a document's balance (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md, Debit memos): a
// payment pays an invoice or a bill, possibly out of the contact's credit; a memo lowers its document's balance first
// and settles the rest as a refund or as the contact's credit. Sales and purchases do the same with their own credit
// and their own words.
type Side = {
  memos: 'credit_memos' | 'debit_memos';
  // The memo's column naming the document it lowers.
  documentColumn: 'invoice_id' | 'bill_id';
  credit: ContactCreditColumn;
  otherCredit: ContactCreditColumn;
  otherCreditRefused: string;
  creditShort: (left: Centavos) => string;
  memoCreditSpent: (left: Centavos, excess: Centavos) => string;
  refundMethodMissing: string;
  refundMethodRefused: string;
};

const sides: Record<PayableTable, Side> = {
  invoices: {
    memos: 'credit_memos',
    documentColumn: 'invoice_id',
    credit: 'store_credit',
    otherCredit: 'supplier_credit',
    otherCreditRefused: "A supplier's credit pays bills, not invoices.",
    creditShort: (left) => `The customer has only ${formatPesos(left)} of store credit.`,
    memoCreditSpent: (left, excess) =>
      `The customer has already spent this memo's store credit: ${formatPesos(left)} of ${formatPesos(excess)} is left.`,
    refundMethodMissing: 'Choose how the refund is paid out.',
    refundMethodRefused: 'A refund is paid out in cash, by transfer, check, card or e-wallet.',
  },
  bills: {
    memos: 'debit_memos',
    documentColumn: 'bill_id',
    credit: 'supplier_credit',
    otherCredit: 'store_credit',
    otherCreditRefused: "A customer's store credit pays invoices, not bills.",
    creditShort: (left) => `The supplier's credit is only ${formatPesos(left)}.`,
    memoCreditSpent: (left, excess) =>
      `The supplier's credit from this memo was already spent: ${formatPesos(left)} of ${formatPesos(excess)} is left.`,
    refundMethodMissing: 'Choose how the supplier pays the refund.',
    refundMethodRefused: 'A refund is paid in cash, by transfer, check, card or e-wallet.',
  },
};

// A payment moves its document's amount paid; one in the contact's credit spends it, never below zero, and its void
// gives the credit back. The other side's credit pays nothing here.
export async function settlePayment(
  context: PostingContext,
  table: PayableTable,
  payment: { document_id: number; contact_id: number; amount: Centavos; payment_method: PaymentMethod },
  direction: PostingDirection,
): Promise<void> {
  const side = sides[table];
  await movePayment(context, table, payment.document_id, direction * payment.amount, 'amount');
  if (payment.payment_method === side.otherCredit) throw fieldError('payment_method', side.otherCreditRefused);
  if (payment.payment_method === side.credit) {
    const spent = await moveContactCredit(context, side.credit, payment.contact_id, -direction * payment.amount);
    if (!spent.moved) throw fieldError('amount', side.creditShort(spent.left));
  }
}

type RefundInput = { settlement?: string | null; refund_method?: PaymentMethod | null };

// A memo's refund is paid in money: how is said when the memo asks for a refund, and a contact's credit is not money.
export function checkRefundMethod(table: PayableTable, input: RefundInput): void {
  if (input.settlement === 'refund' && input.refund_method == null) {
    throw fieldError('refund_method', sides[table].refundMethodMissing);
  }
  if (input.refund_method === 'store_credit' || input.refund_method === 'supplier_credit') {
    throw fieldError('refund_method', sides[table].refundMethodRefused);
  }
}

// Memos of one invoice or bill queue on its row, so that the balance each reads is the one it changes.
export async function queueOnBalance(context: PostingContext, table: PayableTable, id: number | null): Promise<void> {
  if (id === null || context.dialect !== 'postgres') return;
  await context.trx
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .forUpdate()
    .execute();
}

// A memo refers to its invoice or bill as it was printed (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md,
// Debit memos): while one stands, the document is neither edited nor voided.
export async function hasStandingMemos(context: PostingContext, table: PayableTable, id: number): Promise<boolean> {
  const side = sides[table];
  const memo = await dynamic(context.trx)
    .selectFrom(side.memos)
    .select('id')
    .where('business_id', '=', context.businessId)
    .where(side.documentColumn, '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return memo !== undefined;
}

type SettledMemo = {
  id: number;
  // The invoice or bill whose balance the memo lowers; a debit memo may name none.
  document_id: number | null;
  contact_id: number;
  total: number;
  excess_amount: number;
  settlement: 'refund' | ContactCreditColumn | null;
};

// The document's balance takes what it can; the rest is refunded or becomes the contact's credit. A restore settles
// afresh, since payments may have come in while the memo was void; a void is refused (409) when the credit it left
// was spent.
export async function settleMemo(
  context: PostingContext,
  table: PayableTable,
  memo: SettledMemo,
  direction: PostingDirection,
): Promise<void> {
  const side = sides[table];
  const total = Number(memo.total);
  if (direction === 1) {
    const balance = memo.document_id === null ? 0 : await balanceOf(context, table, memo.document_id);
    const applied = Math.min(total, balance);
    const excess = total - applied;
    const settlement = excess > 0 ? (memo.settlement ?? side.credit) : null;
    await context.trx
      .updateTable(side.memos)
      .set({ applied_amount: applied, excess_amount: excess, settlement })
      .where('id', '=', memo.id)
      .execute();
    if (memo.document_id !== null) await moveCredited(context, table, memo.document_id, total);
    if (settlement === side.credit) await moveContactCredit(context, side.credit, memo.contact_id, excess);
    return;
  }
  const excess = Number(memo.excess_amount);
  if (memo.settlement === side.credit && excess > 0) {
    const moved = await moveContactCredit(context, side.credit, memo.contact_id, -excess);
    if (!moved.moved) throw conflict(side.memoCreditSpent(moved.left, excess));
  }
  if (memo.document_id !== null) await moveCredited(context, table, memo.document_id, -total);
}

async function balanceOf(context: PostingContext, table: PayableTable, id: number): Promise<Centavos> {
  const row = await context.trx
    .selectFrom(table)
    .select(['total', 'amount_paid', sql<number>`${sql.ref(creditedColumn[table])}`.as('credited')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.total) - Number(row.credited) - Number(row.amount_paid));
}

async function moveCredited(context: PostingContext, table: PayableTable, id: number, delta: Centavos): Promise<void> {
  const credited = sql.ref(creditedColumn[table]);
  await context.trx
    .updateTable(table)
    .set({ [creditedColumn[table]]: sql`${credited} + ${delta}`, updated_at: timestampOf(context) })
    .where('id', '=', id)
    .execute();
  await refreshPaymentStatus(context, table, id);
}
