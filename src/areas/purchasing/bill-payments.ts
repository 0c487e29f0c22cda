import { purchasePaymentMethodOptions } from '../../resources/options.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { documentsWithBalance } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const billPayments = defineResource({
  key: 'bill-payments',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'bill_number', label: 'Bill' },
    { field: 'contact_name', label: 'Contact' },
    { field: 'payment_date', label: 'Payment Date', kind: 'date' },
    { field: 'payment_method', label: 'Method', kind: 'payment-method' },
    { field: 'amount', label: 'Amount', kind: 'money', cost: true },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'bill_number', label: 'Bill' },
    { field: 'contact_name', label: 'Contact' },
    { field: 'payment_date', label: 'Payment Date', kind: 'date' },
    { field: 'payment_method', label: 'Method', kind: 'payment-method' },
    { field: 'amount', label: 'Amount', kind: 'money', cost: true },
    { field: 'reference', label: 'Reference' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'bill_id',
      label: 'Bill',
      kind: 'relation',
      resource: 'bills',
      labelField: 'bill_number',
      required: true,
      search: documentsWithBalance,
    },
    { name: 'payment_date', label: 'Payment Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'amount', label: 'Amount', kind: 'money', required: true },
    {
      name: 'payment_method',
      label: 'Payment Method',
      kind: 'select',
      options: purchasePaymentMethodOptions,
      required: true,
      defaultValue: 'cash',
    },
    { name: 'reference', label: 'Reference', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
  filters: [
    { name: 'payment_method', label: 'Payment Method', kind: 'select', options: purchasePaymentMethodOptions },
    relationFilter('bill_id', 'Bill', 'bills'),
    ...dateRangeFilters('payment_date', 'Payment date'),
  ],
  createParam: 'bill_id',
  numbering: { locationOf: { field: 'bill_id', resource: 'bills', prefix: '' } },
  pays: { field: 'bill_id', resource: 'bills', partyLabel: 'Supplier' },
  idempotentCreate: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/bill-payments/bill-payments.ts'),
      import('../../../generated/zod/bill-payments/bill-payments.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'BillPayment', many: 'BillPayments' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'bills'),
      prefill: async (id) => {
        const { getBill } = await import('../../../generated/hooks/bills/bills.ts');
        const bill = await getBill(id);
        return { bill_id: bill.id, bill_number: bill.number, amount: bill.balance };
      },
    };
  },
});
