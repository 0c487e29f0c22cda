import type { z } from 'zod';
import type { CancelAndCreditJobOrderBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { canMoveJobOrder, jobOrderStatusWords } from '../../domain/job-order-status.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError } from '../../domain/refusal.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument } from '../../ledger/references.ts';
import { type CreditMemoInput, createCreditMemo } from '../sales/credit-memos-posting.ts';
import { recordJobOrderStatus } from './job-order-status-history.ts';
import { standingInvoiceOf } from './job-orders-posting.ts';

export type CancelAndCreditInput = z.output<typeof CancelAndCreditJobOrderBody>;

// Cancel and credit (docs/domain/eye-care.md, Eyewear job orders): an invoiced order is cancelled together with a
// credit memo for everything its invoice still bills, in the request's one transaction. The memo puts the goods back
// on the branch's shelf, lowers the invoice's balance to nothing, and settles what the customer paid as a refund or
// their store credit; the order is then cancelled. Answers the memo's id, or null when earlier memos had credited all.
export async function cancelAndCreditJobOrder(
  context: PostingContext,
  id: number,
  input: CancelAndCreditInput,
): Promise<number | null> {
  const order = await findDocument(context, 'job_orders', id);
  if (order.deleted_at !== null) throw conflict('Restore the job order before cancelling it.');
  if (!canMoveJobOrder(order.status, 'cancelled')) {
    throw fieldError('status', `A job order that is ${jobOrderStatusWords(order.status)} cannot be cancelled.`);
  }
  const invoice = await standingInvoiceOf(context, id);
  if (!invoice) {
    throw fieldError('status', 'This job order has no invoice to credit; cancel it with Cancel instead.');
  }
  const left = await linesOf(context.trx, 'invoice_lines', context.businessId, invoice.id)
    .read()
    .select(['id', 'quantity', 'amount', 'credited_quantity', 'credited_amount'])
    .orderBy('position')
    .execute();
  const lines = left.flatMap((line): CreditMemoInput['lines'] => {
    const quantity = Number(line.quantity) - Number(line.credited_quantity);
    const amount = Number(line.amount) - Number(line.credited_amount);
    if (quantity > 0) return [{ invoice_line_id: line.id, quantity: fromThousandths(quantity), restock: true }];
    if (amount > 0) return [{ invoice_line_id: line.id, amount: centavosToPesos(amount) }];
    return [];
  });
  const today = businessDate(context.now);
  const memoId =
    lines.length === 0
      ? null
      : await createCreditMemo(context, {
          invoice_id: invoice.id,
          memo_date: today < invoice.invoice_date ? invoice.invoice_date : today,
          reason: 'returned',
          notes: `Job order ${order.number} cancelled.`,
          settlement: input.settlement ?? null,
          refund_method: input.refund_method ?? null,
          refund_reference: input.refund_reference ?? null,
          lines,
        });
  if (memoId !== null) {
    const memo = await context.trx
      .selectFrom('credit_memos')
      .select(['number', 'total'])
      .where('id', '=', memoId)
      .executeTakeFirstOrThrow();
    await recordDocumentHistory(context, 'credit_memos', memoId, 'created', {
      number: [null, memo.number],
      invoice_number: [null, invoice.number],
      total: [null, centavosToPesos(Number(memo.total))],
      notes: [null, `Job order ${order.number} cancelled.`],
    });
  }
  await context.trx
    .updateTable('job_orders')
    .set({ status: 'cancelled', updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .execute();
  await recordJobOrderStatus(context, id, 'cancelled');
  await recordDocumentHistory(context, 'job_orders', id, 'status', {
    status: [order.status, 'cancelled'],
    ...(memoId === null ? {} : { credited_by: [null, `credit memo for ${invoice.number}`] }),
  });
  return memoId;
}
