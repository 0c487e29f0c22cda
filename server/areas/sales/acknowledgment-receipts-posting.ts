import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  CreateAcknowledgmentReceiptBody,
  RefundAcknowledgmentReceiptBody,
} from '../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts';
import { refundDepositsAfterLabPermission } from '../../auth/permission-catalogue.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { type Centavos, formatPesos, pesosToCentavos } from '../../domain/money.ts';
import { conflict, fieldError, forbidden } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument, ownById, requireActive, standingById } from '../../ledger/references.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import { drawerForPayment } from '../cash/cash-sessions-posting.ts';
import { requireContactOfType } from '../eye-care/contact-roles.ts';
import { balanceSql, depositBalance } from '../eye-care/job-order-deposits.ts';

// Deposits (docs/domain/sales.md, Deposits): an acknowledgment receipt is money owed to the customer until an invoice
// applies it, it is refunded, or its job order is forfeited. Its balance is amount − applied − refunded − forfeited;
// every move of those three is a guarded UPDATE, so that two cashiers spending one receipt cannot both pass.

export type AcknowledgmentReceiptInput = z.output<typeof CreateAcknowledgmentReceiptBody>;
export type DepositRefundInput = z.output<typeof RefundAcknowledgmentReceiptBody>;

// A deposit is taken for the customer's own order while the order may still be released to them.
async function requireDepositableOrder(context: PostingContext, jobOrderId: number, contactId: number): Promise<void> {
  const order = await standingById(context, 'job_orders', jobOrderId)
    .select(['contact_id', 'status'])
    .executeTakeFirst();
  if (!order) throw fieldError('job_order_id', unknownChoice('job_order_id'));
  if (order.contact_id !== contactId) throw fieldError('job_order_id', 'The job order must be the customer’s own.');
  if (order.status === 'claimed' || order.status === 'cancelled' || order.status === 'forfeited') {
    throw fieldError('job_order_id', `The job order is ${order.status}: it takes no more deposits.`);
  }
}

export async function createAcknowledgmentReceipt(
  context: PostingContext,
  input: AcknowledgmentReceiptInput,
): Promise<number> {
  const amount = pesosToCentavos(input.amount);
  if (amount <= 0) throw fieldError('amount', 'A deposit is more than zero.');
  await requireContactOfType(context, input.contact_id, 'contact_id', 'customer');
  await requireActive(context, 'branches', input.branch_id, 'branch_id');
  if (input.job_order_id != null) await requireDepositableOrder(context, input.job_order_id, input.contact_id);
  const cashSessionId = await drawerForPayment(context, input.branch_id, input.payment_method);
  // Made at a terminal like every paper the counter issues (docs/domain/cash.md, Terminals): its series.
  const terminal = await resolveTerminal(context, input.branch_id, input.terminal_id);
  return enterDocument(context, 'acknowledgment_receipts', {
    number: await assignDocumentNumber(
      context,
      'acknowledgment-receipt',
      { branch_id: input.branch_id, warehouse_id: null },
      input.receipt_date,
      terminal.series_key,
    ),
    contact_id: input.contact_id,
    branch_id: input.branch_id,
    receipt_date: input.receipt_date,
    amount,
    payment_method: input.payment_method,
    job_order_id: input.job_order_id ?? null,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    terminal_id: terminal.id,
    cash_session_id: cashSessionId,
  });
}

// Taking the money in is the receipt itself; a void only has to find nothing spent of it.
export const postAcknowledgmentReceipt: Posting = async (context, id, direction) => {
  if (direction === 1) return;
  const receipt = await findDocument(context, 'acknowledgment_receipts', id);
  const spent = Number(receipt.applied_amount) + Number(receipt.refunded_amount) + Number(receipt.forfeited_amount);
  if (spent > 0) {
    throw conflict(
      `${formatPesos(spent)} of ${receipt.number} was already applied, refunded or forfeited: it can no longer be voided.`,
    );
  }
};

// Moves what invoices took of a receipt (a deposit payment, or its void). The receipt is the customer's own and standing;
// the balance guard sits in the UPDATE.
export async function applyDeposit(
  context: PostingContext,
  receiptId: number,
  contactId: number,
  delta: Centavos,
): Promise<void> {
  const field = 'acknowledgment_receipt_id';
  const receipt = await ownById(context, 'acknowledgment_receipts', receiptId)
    .select(['contact_id', 'number', 'deleted_at', 'amount', 'applied_amount', 'refunded_amount', 'forfeited_amount'])
    .executeTakeFirst();
  if (!receipt || (delta > 0 && receipt.deleted_at !== null)) throw fieldError(field, unknownChoice(field));
  if (receipt.contact_id !== contactId) {
    throw fieldError(field, `${receipt.number} is another customer’s deposit.`);
  }
  const result = await context.trx
    .updateTable('acknowledgment_receipts')
    .set({ applied_amount: sql`applied_amount + ${delta}`, updated_at: timestampOf(context) })
    .where('id', '=', receiptId)
    .where(sql<boolean>`${balanceSql} - ${delta} >= 0`)
    .where(sql<boolean>`applied_amount + ${delta} >= 0`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw fieldError('amount', `${receipt.number} has only ${formatPesos(depositBalance(receipt))} left to apply.`);
  }
}

// A refund pays back part or all of the balance: before the job went to the lab, any holder of the receipts'
// permissions; after, only with refund-deposits-after-lab and a reason. Cash leaves the refunder's open drawer.
export async function refundAcknowledgmentReceipt(
  context: PostingContext,
  id: number,
  input: DepositRefundInput,
): Promise<void> {
  const receipt = await ownById(context, 'acknowledgment_receipts', id)
    .selectAll()
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  if (receipt.deleted_at !== null) throw conflict(`${receipt.number} is voided: there is nothing to refund.`);
  const amount = pesosToCentavos(input.amount);
  if (amount <= 0) throw fieldError('amount', 'A refund is more than zero.');
  if (input.refund_date < receipt.receipt_date) {
    throw fieldError('refund_date', `A refund is dated on or after the receipt’s ${receipt.receipt_date}.`);
  }
  if (input.refund_date > businessDate(context.now)) throw fieldError('refund_date', 'A refund is not dated ahead.');
  const reason = input.reason?.trim() || null;
  const order =
    receipt.job_order_id === null
      ? undefined
      : await context.trx
          .selectFrom('job_orders')
          .select(['number', 'sent_to_lab_at'])
          .where('id', '=', receipt.job_order_id)
          .executeTakeFirst();
  if (order?.sent_to_lab_at) {
    if (!context.holds(refundDepositsAfterLabPermission)) {
      throw forbidden(
        `Job order ${order.number} went to the lab: only a user with the permission ${refundDepositsAfterLabPermission} may refund its deposit.`,
      );
    }
    if (reason === null) throw fieldError('reason', 'Say why a deposit is refunded after the job went to the lab.');
  }
  const result = await context.trx
    .updateTable('acknowledgment_receipts')
    .set({
      refunded_amount: sql`refunded_amount + ${amount}`,
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .where(sql<boolean>`${balanceSql} - ${amount} >= 0`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw fieldError(
      'amount',
      `The refund may not be more than the balance of ${formatPesos(depositBalance(receipt))}.`,
    );
  }
  const cashSessionId = await drawerForPayment(context, receipt.branch_id, input.payment_method);
  await context.trx
    .insertInto('acknowledgment_receipt_refunds')
    .values({
      business_id: context.businessId,
      acknowledgment_receipt_id: id,
      amount,
      payment_method: input.payment_method,
      refund_date: input.refund_date,
      reason,
      cash_session_id: cashSessionId,
      created_at: timestampOf(context),
      created_by: context.userId,
    })
    .execute();
  await recordDocumentHistory(context, 'acknowledgment_receipts', id, 'updated', {
    refunded_amount: [Number(receipt.refunded_amount) / 100, (Number(receipt.refunded_amount) + amount) / 100],
    ...(reason === null ? {} : { refund_reason: [null, reason] }),
  });
}
