import * as filter from '../../resources/filters.ts';
import { optionsOf } from '../../resources/options.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const statuses = [
  { value: 'incomplete', label: 'Incomplete' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];
const statusLabel = (row: Record<string, unknown>) =>
  statuses.find((status) => status.value === row.status)?.label ?? String(row.status ?? '');

// The outbox of e-invoices to the BIR's EIS (docs/domain/management.md, E-invoices): what waits, what the EIS
// rejected and what is late, each with Retry on its view.
const columns: readonly Column[] = [
  { field: 'document_number', label: 'Document' },
  {
    field: 'document_type',
    label: 'Type',
    value: (row) => (row.document_type === 'credit_memo' ? 'Credit memo' : 'Invoice'),
  },
  { field: 'document_date', label: 'Date', kind: 'date' },
  { field: 'status', label: 'Status', value: statusLabel },
  { field: 'late', label: 'Late', value: (row) => (row.late === true ? 'Late' : '') },
  { field: 'attempts', label: 'Attempts', kind: 'text' },
  { field: 'last_error', label: 'Last Error' },
];

export const eInvoices = defineResource({
  key: 'e-invoices',
  title: 'document_number',
  columns,
  viewFields: [
    ...columns,
    { field: 'eis_unique_id', label: 'EIS Unique ID' },
    { field: 'sent_at', label: 'Sent', kind: 'timestamp' },
    { field: 'answered_at', label: 'Answered', kind: 'timestamp' },
  ],
  formFields: [],
  filters: [
    filter.status(statuses),
    {
      name: 'document_type',
      label: 'Document Type',
      kind: 'select',
      options: optionsOf({ invoice: 'Invoice', credit_memo: 'Credit memo' }),
    },
    { name: 'late', label: 'Late', kind: 'select', options: [{ value: '1', label: 'Late only' }] },
    ...filter.dateRange('document_date', 'Date'),
  ],
  recordActions: {
    applies: (record) =>
      ['incomplete', 'pending', 'rejected'].includes(String((record as Record<string, unknown>).status)),
    load: async () => (await import('./e-invoice-panel.tsx')).EInvoiceRetry,
  },
  viewPanel: async () => (await import('./e-invoice-panel.tsx')).EInvoicePanel,
  listPanel: async () => (await import('./e-invoice-panel.tsx')).EisNotConfigured,
  load: async () => {
    const api = await import('../../../generated/hooks/e-invoices/e-invoices.ts');
    return standardOperations({ one: 'EInvoice', many: 'EInvoices' }, api);
  },
});
