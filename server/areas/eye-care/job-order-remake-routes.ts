import type { FastifyInstance } from 'fastify';
import { ListLabCreditsQueryParams, RemakeJobOrderBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { forbidden } from '../../domain/refusal.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { permissionRefusal } from '../../http/permission-refusal.ts';
import { parseInput } from '../../http/validation.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { remakeJobOrder } from './job-order-remake.ts';
import { jobOrdersResource } from './job-orders.ts';
import { listLabCredits } from './lab-credits.ts';

// POST /api/job-orders/{id}/remake and GET /api/lab-credits (docs/domain/eye-care.md, Remakes), each in one
// transaction; the lab's confirmation is purchasing's (lab-credit-confirmation.ts there).
export function registerJobOrderRemakeRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/job-orders/:id/remake',
    { config: { access: { kind: 'business' as const, permissions: ['create-job-orders'] } } },
    async (request) => {
      const also = ['update-job-orders'];
      if (request.identity && !holdsAny(request.identity, also)) throw forbidden(permissionRefusal(also));
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(RemakeJobOrderBody, request.body);
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const order = await findRecord(jobOrdersResource, trx, id);
          await checkWorkPlace(jobOrdersResource, trx, order);
          const remakeId = await remakeJobOrder(postingContextOf(trx), id, body);
          return presentOne(jobOrdersResource, trx, remakeId);
        }),
      );
    },
  );
  app.get(
    '/api/lab-credits',
    { config: { access: { kind: 'business' as const, permissions: ['view-job-orders'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const query = parseInput(ListLabCreditsQueryParams, request.query);
      return listLabCredits(ctx.db, ctx.businessId ?? 0, query.status);
    },
  );
}
