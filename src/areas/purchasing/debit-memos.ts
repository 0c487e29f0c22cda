import { refundMethodOptions } from '../../resources/options.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { defineResource, type Option } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { memoReasons } from '../sales/credit-memos.ts';

const settlements: readonly Option[] = [
  { value: 'supplier_credit', label: 'Supplier credit' },
  { value: 'refund', label: 'Refund' },
];

// docs/domain/purchasing.md, Debit memos: goods back to a supplier, from a bill's view or on their own.
export const debitMemos = defineResource({
  key: 'debit-memos',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'bill_number', label: 'Bill' },
    { field: 'location_name', label: 'Location' },
    { field: 'memo_date', label: 'Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'bill_number', label: 'Bill' },
    { field: 'location_name', label: 'Location' },
    { field: 'memo_date', label: 'Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
    { field: 'applied_to_bill', label: 'Applied to Bill', kind: 'money', cost: true },
    { field: 'refund_amount', label: 'Refunded', kind: 'money', cost: true },
    { field: 'refund_method', label: 'Refund Method', kind: 'payment-method' },
    { field: 'supplier_credit_amount', label: 'Supplier Credit', kind: 'money', cost: true },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'contact_id',
      label: 'Supplier',
      kind: 'relation',
      resource: 'contacts',
      labelField: 'contact_name',
      required: true,
      search: suppliers,
    },
    { name: 'location', label: 'Location', kind: 'location', prefix: '', labelField: 'location_name', required: true },
    { name: 'bill_id', label: 'Bill', kind: 'relation', resource: 'bills', labelField: 'bill_number' },
    { name: 'memo_date', label: 'Memo Date', kind: 'date', required: true, documentDate: 'any' },
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
        { name: 'bill_line_id', label: 'Bill Line', kind: 'id' },
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_cost', label: 'Unit Cost', kind: 'money' },
        { name: 'lot_number', label: 'Lot', kind: 'lot-number' },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'lot_number', label: 'Lot Number' },
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
        { field: 'amount', label: 'Amount', kind: 'money', cost: true },
        { field: 'return_stock', label: 'Returned', kind: 'boolean' },
      ],
    },
  ],
  filters: [
    { name: 'reason', label: 'Reason', kind: 'select', options: memoReasons },
    relationFilter('contact_id', 'Supplier', 'contacts', suppliers),
    relationFilter('bill_id', 'Bill', 'bills'),
    locationFilter('', 'Location'),
    ...dateRangeFilters('memo_date', 'Memo date'),
  ],
  createParam: 'bill_id',
  homeField: 'location',
  idempotentCreate: true,
  print: {
    dateField: 'memo_date',
    parties: [
      { field: 'contact_name', label: 'Supplier' },
      { field: 'bill_number', label: 'Bill' },
      { field: 'location_name', label: 'Location' },
      { field: 'reason', label: 'Reason', kind: 'label' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
      { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
      { field: 'amount', label: 'Amount', kind: 'money', cost: true },
    ],
    totals: true,
    totalsAreCosts: true,
    totalRows: [{ field: 'total', label: 'Total Debit', kind: 'money' }],
    signatures: ['Prepared by', 'Received by (supplier)'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/debit-memos/debit-memos.ts'),
      import('../../../generated/zod/debit-memos/debit-memos.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'DebitMemo', many: 'DebitMemos' }, api, schemas),
      // A return against a bill starts with its lines at what is left to debit on each.
      prefill: async (id) => {
        const { getBill } = await import('../../../generated/hooks/bills/bills.ts');
        const bill = await getBill(id);
        return {
          contact_id: bill.contact_id,
          contact_name: bill.contact_name,
          branch_id: bill.branch_id,
          warehouse_id: bill.warehouse_id,
          location_name: bill.location_name,
          bill_id: bill.id,
          bill_number: bill.number,
          reason: 'returned',
          lines: bill.lines.map((line) => ({ ...line, bill_line_id: line.id })),
        };
      },
    };
  },
});
