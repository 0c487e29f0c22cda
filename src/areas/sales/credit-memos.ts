import { refundMethodOptions } from '../../resources/options.ts';
import { customers } from '../../resources/picker-searches.ts';
import { defineResource, type Option } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { creditMemoLinesFrom } from './credit-memo-lines.ts';

// docs/domain/sales.md, Credit memos: why the sale came back.
export const memoReasons: readonly Option[] = [
  { value: 'returned', label: 'Returned' },
  { value: 'defective', label: 'Defective' },
  { value: 'price_adjustment', label: 'Price adjustment' },
  { value: 'other', label: 'Other' },
];

const settlements: readonly Option[] = [
  { value: 'store_credit', label: 'Store credit' },
  { value: 'refund', label: 'Refund' },
];

const vatBreakdown = [
  { field: 'vatable_sales', label: 'VATable Sales', kind: 'money' },
  { field: 'vat_amount', label: 'VAT', kind: 'money' },
  { field: 'vat_exempt_sales', label: 'VAT-Exempt Sales', kind: 'money' },
  { field: 'zero_rated_sales', label: 'Zero-Rated Sales', kind: 'money' },
] as const;

export const creditMemos = defineResource({
  key: 'credit-memos',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'memo_date', label: 'Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    { field: 'total', label: 'Total', kind: 'money' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'invoice_date', label: 'Invoice Date', kind: 'date' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'memo_date', label: 'Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    ...vatBreakdown,
    { field: 'total', label: 'Total', kind: 'money' },
    { field: 'applied_to_invoice', label: 'Applied to Invoice', kind: 'money' },
    { field: 'refund_amount', label: 'Refunded', kind: 'money' },
    { field: 'refund_method', label: 'Refund Method', kind: 'payment-method' },
    { field: 'refund_reference', label: 'Refund Reference' },
    { field: 'store_credit_amount', label: 'Store Credit', kind: 'money' },
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
    },
    { name: 'memo_date', label: 'Memo Date', kind: 'date', required: true, documentDate: 'sales' },
    { name: 'reason', label: 'Reason', kind: 'select', options: memoReasons, required: true, defaultValue: 'returned' },
    { name: 'settlement', label: 'Settle the Excess as', kind: 'select', options: settlements },
    { name: 'refund_method', label: 'Refund Method', kind: 'select', options: refundMethodOptions },
    { name: 'refund_reference', label: 'Refund Reference', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'invoice_line_id', label: 'Item', kind: 'id', required: true },
        { name: 'quantity', label: 'Quantity Returned', kind: 'quantity' },
        { name: 'amount', label: 'Or Amount', kind: 'money' },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'amount', label: 'Amount', kind: 'money' },
        { field: 'vat_amount', label: 'VAT', kind: 'money' },
        { field: 'tax_class', label: 'Tax', kind: 'label' },
        { field: 'restock', label: 'Restocked', kind: 'boolean' },
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
      ],
    },
  ],
  filters: [
    { name: 'reason', label: 'Reason', kind: 'select', options: memoReasons },
    relationFilter('contact_id', 'Customer', 'contacts', customers),
    relationFilter('invoice_id', 'Invoice', 'invoices'),
    locationFilter('', 'Branch'),
    ...dateRangeFilters('memo_date', 'Memo date'),
  ],
  createParam: 'invoice_id',
  prefillRoutes: [{ segment: 'exchange', param: 'invoice_id' }],
  idempotentCreate: true,
  print: {
    dateField: 'memo_date',
    parties: [
      { field: 'invoice_number', label: 'Original Invoice' },
      { field: 'invoice_date', label: 'Invoice Date', kind: 'date' },
      { field: 'contact_name', label: 'Customer' },
      { field: 'branch_name', label: 'Branch' },
      { field: 'reason', label: 'Reason', kind: 'label' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
      { field: 'tax_class', label: 'Tax', kind: 'label' },
      { field: 'amount', label: 'Amount', kind: 'money' },
    ],
    totals: true,
    totalRows: [...vatBreakdown, { field: 'total', label: 'Total Credit', kind: 'money' }],
    signatures: ['Issued by', 'Received by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/credit-memos/credit-memos.ts'),
      import('../../../generated/zod/credit-memos/credit-memos.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'CreditMemo', many: 'CreditMemos' }, api, schemas),
      prefill: creditMemoLinesFrom,
      prefillFrom: { exchange: (id) => creditMemoLinesFrom(id, 'exchange') },
      // An exchange goes on to the new invoice of the same customer, which the memo's store credit then pays.
      nextAfterCreate: (saved, segment) =>
        segment === 'exchange' ? `/invoices/create/from-credit-memo/${saved.id}` : null,
    };
  },
});
