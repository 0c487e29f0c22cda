import type { FastifyInstance } from 'fastify';
import {
  ConfirmLabCreditBody,
  ListLabCreditsQueryParams,
  RemakeJobOrderBody,
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
import { remakeJobOrder } from './job-order-remake.ts';
import { jobOrdersResource } from './job-orders.ts';
import { confirmLabCredit, listLabCredits, readLabCredits } from './lab-credits.ts';

// POST /api/job-orders/{id}/remake, GET /api/lab-credits and POST /api/lab-credits/{id}/confirm
// (docs/domain/eye-care.md, Remakes), each in one transaction.
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
  app.post(
    '/api/lab-credits/:id/confirm',
    { config: { access: { kind: 'business' as const, permissions: ['create-debit-memos'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(ConfirmLabCreditBody, request.body ?? {});
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          await confirmLabCredit(postingContextOf(trx), id, body.memo_date);
          const [credit] = await readLabCredits(db, ctx.businessId ?? 0, { id });
          return credit;
        }),
      );
    },
  );
}
