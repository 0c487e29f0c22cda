import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { QueueRecallMessagesBody } from '../../../generated/zod/messages/messages.zod.ts';
import { reportPermissionOf } from '../../auth/permission-catalogue.ts';
import { fieldError } from '../../domain/refusal.ts';
import { type EngineOptions, resourceContext } from '../../engine/routes.ts';
import { parseInput } from '../../http/validation.ts';
import { notTextable, queueText, recipientOf, renderedText } from './message-queue.ts';
import type { SmsGateway } from './sms-gateway.ts';

// The texts' calls beside the read-only list: whether the gateway is configured, and the Recalls report's "Text
// recall" (docs/domain/management.md, Texts to customers).
export function registerMessageRoutes(app: FastifyInstance, options: EngineOptions, gateway: SmsGateway | null): void {
  app.get(
    '/api/messages/gateway',
    { config: { access: { kind: 'business' as const, permissions: ['view-messages'] } } },
    async () => ({ configured: gateway !== null, sender_name: gateway?.senderName ?? null }),
  );

  app.post(
    '/api/messages/recalls',
    { config: { access: { kind: 'business' as const, permissions: [reportPermissionOf('recalls')] } } },
    async (request) => {
      const { contact_ids: contactIds } = parseInput(QueueRecallMessagesBody, request.body);
      const ctx = resourceContext(request, options);
      const businessId = ctx.businessId ?? 0;
      const now = new Date(ctx.now);
      return ctx.db.transaction().execute(async (trx) => {
        const business = await trx
          .selectFrom('businesses')
          .select(['name', 'trade_name'])
          .where('id', '=', businessId)
          .executeTakeFirstOrThrow();
        let queued = 0;
        const skipped: { contact_id: number; name: string; reason: string }[] = [];
        for (const contactId of [...new Set(contactIds)]) {
          const contact = await recipientOf(trx, businessId, contactId);
          if (!contact) throw fieldError('contact_ids', `There is no contact ${contactId} in this business.`);
          const reason = notTextable(contact, 'recall');
          if (reason !== null || contact.mobile === null) {
            skipped.push({ contact_id: contact.id, name: contact.name, reason: reason ?? '' });
            continue;
          }
          // The branch the patient last bought at, as the Recalls report shows it.
          const branch = await trx
            .selectFrom('invoices')
            .innerJoin('branches', 'branches.id', 'invoices.branch_id')
            .select('branches.name')
            .where('invoices.business_id', '=', businessId)
            .where('invoices.contact_id', '=', contact.id)
            .where('invoices.deleted_at', 'is', null)
            .orderBy(sql`invoices.invoice_date`, 'desc')
            .orderBy('invoices.id', 'desc')
            .executeTakeFirst();
          const figures = {
            customer: contact.name,
            shop: business.trade_name ?? business.name,
            branch: branch?.name ?? '',
            job_number: '',
            balance: '',
          };
          await queueText(trx, {
            businessId,
            contact: { ...contact, mobile: contact.mobile },
            purpose: 'recall',
            body: await renderedText(trx, businessId, 'recall', figures),
            sendAfter: now,
            jobOrderId: null,
            at: ctx.now,
            userId: ctx.identity.userId,
          });
          queued += 1;
        }
        return { queued, skipped };
      });
    },
  );
}
