import * as filter from '../../resources/filters.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// The texts to customers (docs/domain/management.md, Texts to customers): read only, with their status and errors.
const purposeWords: Record<string, string> = {
  ready: 'Order ready',
  pickup_reminder: 'Pickup reminder',
  recall: 'Exam recall',
};
const purpose: Column = {
  field: 'purpose',
  label: 'Purpose',
  value: (row) => purposeWords[String(row.purpose)] ?? row.purpose,
};

export const messages = defineResource({
  key: 'messages',
  title: 'mobile',
  columns: [
    { field: 'contact_name', label: 'Customer' },
    { field: 'mobile', label: 'Mobile' },
    purpose,
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'send_after', label: 'Send After', kind: 'timestamp' },
    { field: 'attempts', label: 'Attempts' },
    { field: 'last_error', label: 'Last Error' },
  ],
  viewFields: [
    { field: 'contact_name', label: 'Customer', link: { resource: 'contacts', idField: 'contact_id' } },
    { field: 'mobile', label: 'Mobile' },
    purpose,
    { field: 'job_order_number', label: 'Job Order', link: { resource: 'job-orders', idField: 'job_order_id' } },
    { field: 'body', label: 'Text' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'send_after', label: 'Send After', kind: 'timestamp' },
    { field: 'sent_at', label: 'Sent At', kind: 'timestamp' },
    { field: 'gateway_message_id', label: 'Gateway Message ID' },
    { field: 'attempts', label: 'Attempts' },
    { field: 'last_error', label: 'Last Error' },
    ...recordTimestamps,
  ],
  formFields: [],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: ['queued', 'sent', 'delivered', 'failed'].map((value) => ({
        value,
        label: value[0]?.toUpperCase() + value.slice(1),
      })),
    },
    {
      name: 'purpose',
      label: 'Purpose',
      kind: 'select',
      options: Object.entries(purposeWords).map(([value, label]) => ({ value, label })),
    },
    filter.relation('contact_id', 'Customer', 'contacts'),
  ],
  listPanel: async () => (await import('./message-gateway-notice.tsx')).MessageGatewayNotice,
  load: async () => {
    const api = await import('../../../generated/hooks/messages/messages.ts');
    return standardOperations({ one: 'TextMessage', many: 'Messages' }, api);
  },
});
