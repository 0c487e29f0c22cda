import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { customers } from '../../resources/picker-searches.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  paidAndBalance,
  recordTimestamps,
  relationFilter,
  saleFigures,
  saleLineDiscount,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

function hasAnythingToCredit(invoice: ResourceRecord): boolean {
  const lines = readField(invoice, 'lines');
  return (
    !invoice.deleted_at &&
    Array.isArray(lines) &&
    lines.some(
      (line: { amount?: number; credited_amount?: number }) => (line.amount ?? 0) > (line.credited_amount ?? 0),
    )
  );
}

export const invoices = defineResource({
  key: 'invoices',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'invoice_date', label: 'Date', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money' },
    { field: 'balance', label: 'Balance', kind: 'money' },
    { field: 'status', label: 'Status', kind: 'label' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'invoice_date', label: 'Date', kind: 'date' },
    { field: 'due_date', label: 'Due Date', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    ...saleFigures,
    { field: 'credited_total', label: 'Credited', kind: 'money' },
    ...paidAndBalance,
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'contact_id',
      label: 'Customer',
      kind: 'relation',
      resource: 'contacts',
      labelField: 'contact_name',
      required: true,
      search: customers,
      creates: 'customer',
    },
    {
      name: 'branch_id',
      label: 'Branch',
      kind: 'relation',
      resource: 'branches',
      labelField: 'branch_name',
      required: true,
    },
    { name: 'invoice_date', label: 'Invoice Date', kind: 'date', required: true, documentDate: 'sales' },
    { name: 'due_date', label: 'Due Date', kind: 'date' },
    {
      name: 'quotation_id',
      label: 'Quotation',
      kind: 'relation',
      resource: 'quotations',
      labelField: 'quotation_number',
    },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    { name: 'job_order_id', label: 'Job Order', kind: 'hidden' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      pricing: { side: 'sale', dateField: 'invoice_date' },
      columns: [
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_price', label: 'Unit Price', kind: 'money' },
        { name: 'discount_percent', label: 'Discount %', kind: 'percent' },
        issueLotField,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        takenLotsColumn,
        { field: 'unit_price', label: 'Unit Price', kind: 'money' },
        saleLineDiscount,
        { field: 'amount', label: 'Amount', kind: 'money' },
        { field: 'tax_class', label: 'Tax', kind: 'label' },
        { field: 'credited_quantity', label: 'Returned', kind: 'quantity' },
      ],
    },
    { name: 'special_discount', label: 'Senior Citizen / PWD', kind: 'special-discount' },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'unpaid', label: 'Unpaid' },
        { value: 'partially_paid', label: 'Partially paid' },
        { value: 'paid', label: 'Paid' },
      ],
    },
    {
      name: 'has_balance',
      label: 'Balance',
      kind: 'select',
      options: [{ value: '1', label: 'Unpaid or partly paid' }],
    },
    {
      name: 'has_credits',
      label: 'Credits',
      kind: 'select',
      options: [{ value: '1', label: 'Has credit memos' }],
    },
    { name: 'sort', label: 'Sort by', kind: 'select', options: [{ value: 'balance', label: 'Balance' }] },
    relationFilter('contact_id', 'Customer', 'contacts', customers),
    locationFilter('', 'Branch'),
    ...dateRangeFilters('invoice_date', 'Invoice date'),
    ...dateRangeFilters('due_date', 'Due date'),
  ],
  prefillRoutes: [
    { segment: 'from-job-order', param: 'job_order_id' },
    { segment: 'from-credit-memo', param: 'credit_memo_id' },
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  editable: (invoice) => readField(invoice, 'status') === 'unpaid',
  followUps: [
    {
      resource: 'invoice-payments',
      label: 'Record Payment',
      returnHere: true,
      applies: (invoice) => Number(readField(invoice, 'balance')) > 0,
    },
    // docs/domain/sales.md, Credit memos: a return or an exchange starts from the invoice, while it has anything left.
    {
      resource: 'credit-memos',
      label: 'Return / Credit',
      returnHere: true,
      applies: hasAnythingToCredit,
    },
    {
      resource: 'credit-memos',
      label: 'Exchange',
      segment: 'exchange',
      applies: hasAnythingToCredit,
    },
  ],
  print: {
    dateField: 'invoice_date',
    parties: [
      { field: 'contact_name', label: 'Customer' },
      { field: 'branch_name', label: 'Branch' },
      { field: 'due_date', label: 'Due', kind: 'date' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
      { field: 'unit_price', label: 'Unit Price', kind: 'money' },
      { field: 'discount_percent', label: 'Discount', kind: 'percent' },
      { field: 'amount', label: 'Amount', kind: 'money' },
    ],
    totals: true,
    salesInvoice: true,
    signatures: ['Issued by', 'Received by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/invoices/invoices.ts'),
      import('../../../generated/zod/invoices/invoices.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'Invoice', many: 'Invoices' }, api, schemas),
      related: [
        {
          caption: 'Payments',
          columns: [
            { field: 'number', label: 'Number' },
            { field: 'payment_date', label: 'Payment Date', kind: 'date' },
            { field: 'payment_method', label: 'Method', kind: 'payment-method' },
            { field: 'reference', label: 'Reference' },
            { field: 'amount', label: 'Amount', kind: 'money' },
          ],
          queryKey: (id) => ['invoices', id, 'payments'],
          load: async (id, signal) => {
            const { listInvoicePayments } = await import(
              '../../../generated/hooks/invoice-payments/invoice-payments.ts'
            );
            const page = await listInvoicePayments({ invoice_id: id, per_page: 100 }, undefined, signal);
            return page.data.map((payment) => ({ ...payment }));
          },
        },
      ],
      // The new invoice of an exchange (docs/domain/sales.md, Credit memos): the memo's customer and branch; once saved,
      // its first payment is the customer's store credit.
      nextAfterCreate: (saved, segment) =>
        segment === 'from-credit-memo'
          ? `/invoice-payments/create/store-credit/${saved.id}?redirect_to=invoices.view&id=${saved.id}`
          : null,
      prefillFrom: {
        'from-credit-memo': async (id) => {
          const { getCreditMemo } = await import('../../../generated/hooks/credit-memos/credit-memos.ts');
          const memo = await getCreditMemo(id);
          return {
            contact_id: memo.contact_id,
            contact_name: memo.contact_name,
            branch_id: memo.branch_id,
            branch_name: memo.branch_name,
            notes: `Exchange for ${memo.number}`,
          };
        },
        // The patient's eyewear order, billed line for line (docs/domain/eye-care.md, Eyewear job orders).
        'from-job-order': async (id) => {
          const { getJobOrder } = await import('../../../generated/hooks/job-orders/job-orders.ts');
          const order = await getJobOrder(id);
          return {
            contact_id: order.contact_id,
            contact_name: order.contact_name,
            branch_id: order.branch_id,
            branch_name: order.branch_name,
            job_order_id: order.id,
            notes: `Job order ${order.number}`,
            special_discount: order.special_discount,
            lines: order.lines.map((line) => ({ ...line })),
          };
        },
      },
    };
  },
});
