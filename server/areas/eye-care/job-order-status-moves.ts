import type { Updateable } from 'kysely';
import { forfeitJobOrdersPermission } from '../../auth/permission-catalogue.ts';
import type { JobOrderTable } from '../../db/tables/eye-care.ts';
import { businessDate } from '../../domain/business-date.ts';
import { canMoveJobOrder, type JobOrderStatus, jobOrderStatusWords } from '../../domain/job-order-status.ts';
import { formatPesos } from '../../domain/money.ts';
import { conflict, fieldError, forbidden } from '../../domain/refusal.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument } from '../../ledger/references.ts';
import { queueJobOrderTexts } from '../management/message-queue.ts';
import { forfeitDeposits } from './job-order-deposits.ts';
import { cancelExpectedLabCredit, issueRemakeGoods, isUnbilledRemake } from './job-order-remake.ts';
import { recordJobOrderStatus } from './job-order-status-history.ts';
import { standingInvoiceOf } from './job-orders-posting.ts';

// The patient takes the glasses home only when the invoice for them is paid in full.
async function requirePaidInvoice(context: PostingContext, jobOrderId: number): Promise<void> {
  const invoice = await context.trx
    .selectFrom('invoices')
    .select(['number', 'total', 'amount_paid', 'credited_total'])
    .where('job_order_id', '=', jobOrderId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!invoice) throw fieldError('status', 'Invoice this job order before it is claimed.');
  const balance = Number(invoice.total) - Number(invoice.credited_total) - Number(invoice.amount_paid);
  if (balance > 0) {
    throw fieldError(
      'status',
      `Invoice ${invoice.number} still has a balance of ${formatPesos(balance)}; take the payment before the order is claimed.`,
    );
  }
}

// An order with an invoice is cancelled only by Cancel and credit (server/areas/sales/job-order-cancel.ts): cancelled alone, its invoice
// would go on billing goods that are back on the shelf.
async function refuseInvoicedCancel(context: PostingContext, jobOrderId: number): Promise<void> {
  const invoice = await standingInvoiceOf(context, jobOrderId);
  if (invoice) {
    throw fieldError(
      'status',
      `This job order is invoiced on ${invoice.number}; cancel it with Cancel and credit, which credits the invoice and puts its goods back in stock.`,
    );
  }
}

// A ready order left unclaimed past the business's pickup_forfeit_days is forfeited by a holder of forfeit-job-orders
// (docs/domain/eye-care.md, The order's road). An invoiced order's goods were sold: it is cancelled and credited instead.
async function requireForfeitable(
  context: PostingContext,
  order: { id: number; ready_at: string | null },
): Promise<void> {
  if (!context.holds(forfeitJobOrdersPermission)) {
    throw forbidden(`Only a user with the permission ${forfeitJobOrdersPermission} may forfeit a job order.`);
  }
  const business = await context.trx
    .selectFrom('businesses')
    .select('pickup_forfeit_days')
    .where('id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  const days = Number(business.pickup_forfeit_days);
  const readyOn = order.ready_at === null ? null : businessDate(new Date(order.ready_at));
  const forfeitableOn =
    readyOn === null ? null : businessDate(new Date(Date.parse(`${readyOn}T12:00:00+08:00`) + days * 86_400_000));
  if (forfeitableOn === null || businessDate(context.now) < forfeitableOn) {
    throw fieldError(
      'status',
      `A ready order is forfeited ${days} days after it was ready, on ${forfeitableOn ?? 'a later day'}.`,
    );
  }
  if (await standingInvoiceOf(context, order.id)) {
    throw fieldError(
      'status',
      'This job order is invoiced: cancel it with Cancel and credit instead of forfeiting it.',
    );
  }
}

// The road's stamps (docs/domain/eye-care.md, The order's road): when and by whom the order reached the lab, came back
// ready, and was forfeited.
function roadStamps(context: PostingContext, to: JobOrderStatus): Updateable<JobOrderTable> {
  const at = timestampOf(context);
  if (to === 'in_lab') return { sent_to_lab_at: at, sent_to_lab_by: context.userId };
  if (to === 'ready') return { ready_at: at, ready_by: context.userId };
  if (to === 'forfeited') return { forfeited_at: at, forfeited_by: context.userId };
  return {};
}

// `release`: the claim at release made the invoice just now, and what it leaves owed may stay owed (docs/domain/sales.md,
// Deposits); any other claim needs the invoice paid.
export async function moveJobOrderStatus(
  context: PostingContext,
  id: number,
  to: JobOrderStatus,
  claim: 'paid' | 'release' = 'paid',
): Promise<void> {
  const order = await findDocument(context, 'job_orders', id);
  if (order.deleted_at !== null) throw conflict('Restore the job order before moving it.');
  if (!canMoveJobOrder(order.status, to)) {
    throw fieldError(
      'status',
      `A job order that is ${jobOrderStatusWords(order.status)} cannot become ${jobOrderStatusWords(to)}.`,
    );
  }
  // An unbilled remake has no invoice: claiming it hands over goods the shop bears the cost of.
  if (to === 'claimed' && isUnbilledRemake(order)) await issueRemakeGoods(context, order);
  else if (to === 'claimed' && claim === 'paid') await requirePaidInvoice(context, id);
  if (to === 'cancelled') await refuseInvoicedCancel(context, id);
  if (to === 'forfeited') await requireForfeitable(context, order);
  await context.trx
    .updateTable('job_orders')
    .set({ status: to, ...roadStamps(context, to), updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .execute();
  // The order's deposits become other income. Its stock frame was never taken off the shelf (the invoice made at
  // release takes it), so it is on hand as it was.
  if (to === 'forfeited') await forfeitDeposits(context, id);
  if (to === 'cancelled' && order.remake_of_id !== null) await cancelExpectedLabCredit(context, id);
  await recordJobOrderStatus(context, id, to);
  await queueJobOrderTexts(context, id, order.status, to);
  await recordDocumentHistory(context, 'job_orders', id, 'status', { status: [order.status, to] });
}
