import type { FastifyInstance } from 'fastify';
import { LinkJobOrderInvoiceBody, MoveJobOrderStatusBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput } from '../../http/validation.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { moveJobOrderStatus } from './job-order-status-moves.ts';
import { jobOrdersResource } from './job-orders.ts';
import { linkJobOrderInvoice } from './job-orders-posting.ts';

// PATCH /api/job-orders/{id}/status: one move of the order's life, recorded, in one transaction; POST
// /api/job-orders/{id}/link-invoice: an invoice made before the order, linked to it (Cancel and credit, which posts a
// credit memo, is registered by the sales area: server/areas/sales/job-order-cancel.ts).
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
}
