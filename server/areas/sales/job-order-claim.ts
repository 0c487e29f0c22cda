import type { FastifyInstance } from 'fastify';
import { holdsAny } from '../../auth/identity.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { conflict, fieldError, forbidden } from '../../domain/refusal.ts';
import { recordChange } from '../../engine/history.ts';
import { createWithin } from '../../engine/mutations.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import type { ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { permissionRefusal } from '../../http/permission-refusal.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { storedSaleLine } from '../../ledger/priced-lines.ts';
import { ownById } from '../../ledger/references.ts';
import { storedSpecialDiscount } from '../../ledger/vat-priced-lines.ts';
import { depositBalance } from '../eye-care/job-order-deposits.ts';
import { moveJobOrderStatus } from '../eye-care/job-order-status-moves.ts';
import { jobOrdersResource } from '../eye-care/job-orders.ts';
import { standingInvoiceOf } from '../eye-care/job-orders-posting.ts';
import { invoicePaymentsResource } from './invoice-payments.ts';
import { invoicesResource } from './invoices.ts';

// A document made by the claim, through the engine's own create (its checks: the day open, the branch the user's),
// with its history entry as a create of its own writes.
async function createDocument(
  resource: typeof invoicesResource | typeof invoicePaymentsResource,
  trx: ResourceContext,
  body: unknown,
): Promise<number> {
  const id = await createWithin(resource, trx, body);
  await recordChange(resource, trx, id, 'created', null, await presentOne(resource, trx, id));
  return id;
}

// Claim at release (docs/domain/sales.md, Deposits): the invoice of the order's lines dated the day it is handed over,
// its deposits applied as `deposit` payments, the order claimed, in one transaction. The order's row is taken first,
// so that a second cashier claiming the same order waits and then finds it claimed: one invoice, never two.
export async function claimJobOrder(trx: ResourceContext, id: number): Promise<void> {
  const context = postingContextOf(trx);
  const order = await ownById(context, 'job_orders', id)
    .selectAll()
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  if (order.deleted_at !== null) throw conflict('Restore the job order before claiming it.');
  if (order.status === 'claimed') return;
  if (order.status !== 'ready') throw fieldError('status', 'Only a ready job order is claimed.');
  const business = await context.trx
    .selectFrom('businesses')
    .select('job_invoicing')
    .where('id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  // At order, or with an invoice already made, the claim is section 6's: the invoice paid in full first.
  if (business.job_invoicing === 'at_order' || (await standingInvoiceOf(context, id))) {
    await moveJobOrderStatus(context, id, 'claimed');
    return;
  }
  const needed = ['create-invoices', 'create-invoice-payments'];
  if (!holdsAny(trx.identity, needed)) throw forbidden(permissionRefusal(needed));
  const today = businessDate(context.now);
  const lines = await linesOf(context.trx, 'job_order_lines', context.businessId, id)
    .read()
    .select(['item_id', 'quantity', 'unit_price', 'discount_percent'])
    .orderBy('position')
    .execute();
  const invoiceId = await createDocument(invoicesResource, trx, {
    contact_id: order.contact_id,
    branch_id: order.branch_id,
    invoice_date: today,
    job_order_id: id,
    special_discount: storedSpecialDiscount(order),
    lines: lines.map(storedSaleLine),
  });
  const deposits = await context.trx
    .selectFrom('acknowledgment_receipts')
    .select(['id', 'amount', 'applied_amount', 'refunded_amount', 'forfeited_amount'])
    .where('business_id', '=', context.businessId)
    .where('job_order_id', '=', id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  let owed = await invoiceBalance(trx, invoiceId);
  for (const deposit of deposits) {
    const applied = Math.min(depositBalance(deposit), owed);
    if (applied <= 0) continue;
    await createDocument(invoicePaymentsResource, trx, {
      invoice_id: invoiceId,
      payment_date: today,
      amount: centavosToPesos(applied),
      payment_method: 'deposit',
      acknowledgment_receipt_id: deposit.id,
    });
    owed -= applied;
  }
  await moveJobOrderStatus(context, id, 'claimed', 'release');
}

async function invoiceBalance(trx: ResourceContext, invoiceId: number): Promise<number> {
  const invoice = await trx.db
    .selectFrom('invoices')
    .select(['total', 'amount_paid', 'credited_total'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(invoice.total) - Number(invoice.amount_paid) - Number(invoice.credited_total);
}

// POST /api/job-orders/{id}/claim. It sits with the sales area, whose invoice and payments it makes.
export function registerJobOrderClaimRoute(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/job-orders/:id/claim',
    { config: { access: { kind: 'business' as const, permissions: ['update-job-orders'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const order = await findRecord(jobOrdersResource, trx, id);
          await checkWorkPlace(jobOrdersResource, trx, order);
          await claimJobOrder(trx, id);
          return presentOne(jobOrdersResource, trx, id);
        }),
      );
    },
  );
}
