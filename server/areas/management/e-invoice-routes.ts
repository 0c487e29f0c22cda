import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { retryEInvoicesPermission } from '../../auth/identity.ts';
import { conflict } from '../../domain/refusal.ts';
import { findRecord } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { buildEisPayload } from './e-invoice-outbox.ts';
import { eInvoicesResource, presentEInvoice } from './e-invoices.ts';
import type { EisConfig } from './eis-transport.ts';

const view = { access: { kind: 'business' as const, permissions: ['view-e-invoices'] } };
const retry = { access: { kind: 'business' as const, permissions: [retryEInvoicesPermission] } };

// The e-invoice calls beside list and read: whether the EIS is configured, and a retry.
export function registerEInvoiceRoutes(app: FastifyInstance, options: EngineOptions & { eis: EisConfig | null }): void {
  app.get('/api/e-invoices/transmission', { config: view }, async () => ({ configured: options.eis !== null }));

  // A rejected document goes again under a new EisUniqueId (the EIS keeps the rejected one); an incomplete one is
  // built again from the business's record as it now is; a pending one is sent at the next round, its backoff
  // forgotten.
  app.post('/api/e-invoices/:id/retry', { config: retry }, async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const businessId = ctx.businessId ?? 0;
    await findRecord(eInvoicesResource, ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('e_invoices')
        .selectAll()
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending' && row.status !== 'rejected' && row.status !== 'incomplete') {
        throw conflict(`An e-invoice that is ${row.status} cannot be retried.`);
      }
      const eisUniqueId = row.status === 'rejected' ? randomUUID() : row.eis_unique_id;
      const built = await buildEisPayload(trx, businessId, row.document_type, row.document_id, eisUniqueId);
      const updated = await trx
        .updateTable('e_invoices')
        .set({
          eis_unique_id: eisUniqueId,
          payload: built.payload === null ? null : JSON.stringify(built.payload),
          status: built.payload === null ? 'incomplete' : 'pending',
          next_attempt_at: ctx.now,
          last_error: built.errors,
          updated_at: ctx.now,
          updated_by: ctx.identity.userId,
        })
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentEInvoice(updated, new Date(ctx.now));
    });
  });
}
