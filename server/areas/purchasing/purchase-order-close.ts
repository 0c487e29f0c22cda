import type { FastifyInstance } from 'fastify';
import { ClosePurchaseOrderBody } from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { fieldError } from '../../domain/refusal.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput } from '../../http/validation.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { purchaseOrdersResource } from './purchase-orders.ts';

const closedWords: Record<string, string> = {
  received: 'Everything ordered was received; there is nothing left to close.',
  closed: 'The order is already closed.',
};

// Close short (docs/domain/purchasing.md, Purchase orders): what the order still awaits will not come. The order
// keeps what was received and billed; its lines stop awaiting, so no receipt takes it and reorder stops counting it.
export async function closePurchaseOrder(context: PostingContext, orderId: number, reason: string): Promise<void> {
  const order = await context.trx
    .selectFrom('purchase_orders')
    .select(['status', 'deleted_at'])
    .where('business_id', '=', context.businessId)
    .where('id', '=', orderId)
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  if (order.deleted_at !== null) throw fieldError('status', 'The order is voided.');
  const refused = closedWords[order.status];
  if (refused) throw fieldError('status', refused);
  await context.trx
    .updateTable('purchase_orders')
    .set({
      status: 'closed',
      closed_reason: reason,
      closed_at: timestampOf(context),
      closed_by: context.userId,
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('business_id', '=', context.businessId)
    .where('id', '=', orderId)
    .execute();
  await recordDocumentHistory(context, 'purchase_orders', orderId, 'status', {
    status: [order.status, 'closed'],
    closed_reason: [null, reason],
  });
}

// POST /api/purchase-orders/{id}/close, by a user who may edit purchase orders at the order's location.
export function registerPurchaseOrderCloseRoute(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/purchase-orders/:id/close',
    { config: { access: { kind: 'business' as const, permissions: ['update-purchase-orders'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(ClosePurchaseOrderBody, request.body ?? {});
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const order = await findRecord(purchaseOrdersResource, trx, id);
          await checkWorkPlace(purchaseOrdersResource, trx, order);
          await closePurchaseOrder(postingContextOf(trx), id, body.reason);
          return presentOne(purchaseOrdersResource, trx, id);
        }),
      );
    },
  );
}
