import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CancelAndCreditJobOrderBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { businessDate } from '../../domain/business-date.ts';
import { canMoveJobOrder, jobOrderStatusWords } from '../../domain/job-order-status.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError, forbidden } from '../../domain/refusal.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { permissionRefusal } from '../../http/permission-refusal.ts';
import { parseInput } from '../../http/validation.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument } from '../../ledger/references.ts';
import { recordJobOrderStatus } from '../eye-care/job-order-status-history.ts';
import { jobOrdersResource } from '../eye-care/job-orders.ts';
import { standingInvoiceOf } from '../eye-care/job-orders-posting.ts';
import { type CreditMemoInput, createCreditMemo } from './credit-memos-posting.ts';

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

// POST /api/job-orders/{id}/cancel-and-credit: an invoiced order cancelled with the credit memo for its invoice. It
// sits with the sales area, whose credit memo it posts; the eye-care area's routes move the order otherwise.
export function registerJobOrderCreditRoute(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/job-orders/:id/cancel-and-credit',
    { config: { access: { kind: 'business' as const, permissions: ['update-job-orders'] } } },
    async (request) => {
      const memoPermission = ['create-credit-memos'];
      if (request.identity && !holdsAny(request.identity, memoPermission)) {
        throw forbidden(permissionRefusal(memoPermission));
      }
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(CancelAndCreditJobOrderBody, request.body ?? {});
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const order = await findRecord(jobOrdersResource, trx, id);
          await checkWorkPlace(jobOrdersResource, trx, order);
          await cancelAndCreditJobOrder(postingContextOf(trx), id, body);
          return presentOne(jobOrdersResource, trx, id);
        }),
      );
    },
  );
}
