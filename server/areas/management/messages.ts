import * as contract from '../../../generated/zod/messages/messages.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';

// The texts to customers, queued by the server and sent by its worker (docs/domain/management.md, Texts to
// customers): listed, searched and read, never written through the API.
export const messagesResource: Resource<'messages'> = {
  prefix: 'messages',
  singular: 'message',
  table: 'messages',
  scope: 'business',
  schemas: contractSchemas(contract, 'TextMessage', 'Messages'),
  searchColumns: ['body', 'mobile', 'last_error'],
  async present(ctx, rows) {
    const { contacts, orders } = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
      orders: { table: 'job_orders', ids: rows.map((row) => row.job_order_id), column: 'number' },
    });
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'contact_id',
        'job_order_id',
        'purpose',
        'mobile',
        'body',
        'status',
        'send_after',
        'gateway_message_id',
        'attempts',
        'last_error',
        'sent_at',
      ]),
      attempts: Number(row.attempts),
      contact_name: nameOf(contacts, row.contact_id),
      job_order_number: nameOf(orders, row.job_order_id),
    }));
  },
};
