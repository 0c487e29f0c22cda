import type { FastifyInstance } from 'fastify';
import {
  CancelAndCreditJobOrderBody,
  LinkJobOrderInvoiceBody,
  MoveJobOrderStatusBody,
} from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { forbidden } from '../../domain/refusal.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { permissionRefusal } from '../../http/permission-refusal.ts';
import { parseInput } from '../../http/validation.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { cancelAndCreditJobOrder } from './job-order-cancel.ts';
import { moveJobOrderStatus } from './job-order-status-moves.ts';
import { jobOrdersResource } from './job-orders.ts';
import { linkJobOrderInvoice } from './job-orders-posting.ts';

// PATCH /api/job-orders/{id}/status: one move of the order's life, recorded, in one transaction; POST
// /api/job-orders/{id}/link-invoice: an invoice made before the order, linked to it; POST
// /api/job-orders/{id}/cancel-and-credit: an invoiced order cancelled with the credit memo for its invoice.
export function registerJobOrderRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.patch(
    '/api/job-orders/:id/status',
    { config: { access: { kind: 'business' as const, permissions: ['update-job-orders'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(MoveJobOrderStatusBody, request.body);
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          await findRecord(jobOrdersResource, trx, id);
          await moveJobOrderStatus(postingContextOf(trx), id, body.status);
          return presentOne(jobOrdersResource, trx, id);
        }),
      );
    },
  );
  app.post(
    '/api/job-orders/:id/link-invoice',
    { config: { access: { kind: 'business' as const, permissions: ['update-job-orders'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(LinkJobOrderInvoiceBody, request.body);
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const order = await findRecord(jobOrdersResource, trx, id);
          await checkWorkPlace(jobOrdersResource, trx, order);
          await linkJobOrderInvoice(postingContextOf(trx), id, body.invoice_id);
          return presentOne(jobOrdersResource, trx, id);
        }),
      );
    },
  );
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
