import { salesPaymentMethodOptions } from '../../resources/options.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { documentsWithBalance } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const invoicePayments = defineResource({
  key: 'invoice-payments',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'contact_name', label: 'Contact' },
    { field: 'payment_date', label: 'Payment Date', kind: 'date' },
    { field: 'payment_method', label: 'Method', kind: 'payment-method' },
    { field: 'amount', label: 'Amount', kind: 'money' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'contact_name', label: 'Contact' },
    { field: 'payment_date', label: 'Payment Date', kind: 'date' },
    { field: 'payment_method', label: 'Method', kind: 'payment-method' },
    { field: 'amount', label: 'Amount', kind: 'money' },
    { field: 'reference', label: 'Reference' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'invoice_id',
      label: 'Invoice',
      kind: 'relation',
      resource: 'invoices',
      labelField: 'invoice_number',
      required: true,
      search: documentsWithBalance,
    },
    { name: 'payment_date', label: 'Payment Date', kind: 'date', required: true, documentDate: 'sales' },
    { name: 'amount', label: 'Amount', kind: 'money', required: true },
    {
      name: 'payment_method',
      label: 'Payment Method',
      kind: 'select',
      options: salesPaymentMethodOptions,
      required: true,
      defaultValue: 'cash',
    },
    { name: 'reference', label: 'Reference', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
  prefillRoutes: [{ segment: 'store-credit', param: 'invoice_id' }],
  filters: [
    { name: 'payment_method', label: 'Payment Method', kind: 'select', options: salesPaymentMethodOptions },
    relationFilter('invoice_id', 'Invoice', 'invoices'),
    ...dateRangeFilters('payment_date', 'Payment date'),
  ],
  createParam: 'invoice_id',
  numbering: { locationOf: { field: 'invoice_id', resource: 'invoices', prefix: '' } },
  pays: { field: 'invoice_id', resource: 'invoices', partyLabel: 'Customer' },
  idempotentCreate: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/invoice-payments/invoice-payments.ts'),
      import('../../../generated/zod/invoice-payments/invoice-payments.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'InvoicePayment', many: 'InvoicePayments' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'invoices'),
      prefill: async (id) => {
        const { getInvoice } = await import('../../../generated/hooks/invoices/invoices.ts');
        const invoice = await getInvoice(id);
        return { invoice_id: invoice.id, invoice_number: invoice.number, amount: invoice.balance };
      },
      // An exchange's invoice is paid first from the customer's store credit (docs/domain/sales.md, Credit memos).
      prefillFrom: {
        'store-credit': async (id) => {
          const [{ getInvoice }, { getContact }] = await Promise.all([
            import('../../../generated/hooks/invoices/invoices.ts'),
            import('../../../generated/hooks/contacts/contacts.ts'),
          ]);
          const invoice = await getInvoice(id);
          const contact = await getContact(invoice.contact_id);
          return {
            invoice_id: invoice.id,
            invoice_number: invoice.number,
            payment_method: 'store_credit',
            amount: Math.min(invoice.balance, contact.store_credit_balance ?? 0),
          };
        },
      },
    };
  },
});
