import { canMoveJobOrder, type JobOrderStatus, jobOrderStatusWords } from '../../domain/job-order-status.ts';
import { formatPesos } from '../../domain/money.ts';
import { conflict, fieldError } from '../../domain/refusal.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument } from '../../ledger/references.ts';
import { issueRemakeGoods, isUnbilledRemake } from './job-order-remake.ts';
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

export async function moveJobOrderStatus(context: PostingContext, id: number, to: JobOrderStatus): Promise<void> {
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
  else if (to === 'claimed') await requirePaidInvoice(context, id);
  if (to === 'cancelled') await refuseInvoicedCancel(context, id);
  await context.trx
    .updateTable('job_orders')
    .set({ status: to, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .execute();
  await recordJobOrderStatus(context, id, to);
  await recordDocumentHistory(context, 'job_orders', id, 'status', { status: [order.status, to] });
}
