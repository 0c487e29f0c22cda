import { suppliers } from '../../resources/picker-searches.ts';
import { receivedUnbilledKey, remaining } from '../../resources/remaining.ts';
import { defineResource, readField } from '../../resources/resource.ts';
import {
  costs,
  dateRangeFilters,
  documentTotals,
  locationFilter,
  paidAndBalance,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const bills = defineResource({
  key: 'bills',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'bill_date', label: 'Bill Date', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
    { field: 'balance', label: 'Balance', kind: 'money', cost: true },
    { field: 'status', label: 'Status', kind: 'label' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'purchase_order_number', label: 'Purchase Order' },
    { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'location_name', label: 'Location' },
    { field: 'bill_date', label: 'Bill Date', kind: 'date' },
    { field: 'due_date', label: 'Due Date', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    ...costs(documentTotals),
    { field: 'debited_total', label: 'Debited', kind: 'money', cost: true },
    ...costs(paidAndBalance),
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'purchase_order_id',
      label: 'Purchase Order',
      kind: 'relation',
      resource: 'purchase-orders',
      labelField: 'purchase_order_number',
    },
    {
      name: 'contact_id',
      label: 'Supplier',
      kind: 'relation',
      resource: 'contacts',
      labelField: 'contact_name',
      required: true,
      search: suppliers,
      creates: 'supplier',
    },
    { name: 'location', label: 'Location', kind: 'location', prefix: '', labelField: 'location_name', required: true },
    { name: 'bill_date', label: 'Bill Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'due_date', label: 'Due Date', kind: 'date' },
    { name: 'supplier_invoice_number', label: 'Supplier Invoice Number', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      pricing: { side: 'purchase', dateField: 'bill_date' },
      columns: [
        { name: 'purchase_order_line_id', label: 'Order Line', kind: 'id' },
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_cost', label: 'Unit Cost', kind: 'money' },
        { name: 'discount_percent', label: 'Discount %', kind: 'percent' },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
        { field: 'discount_percent', label: 'Discount', kind: 'percent' },
        { field: 'amount', label: 'Amount', kind: 'money', cost: true },
      ],
    },
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
      options: [{ value: '1', label: 'Has debit memos' }],
    },
    { name: 'sort', label: 'Sort by', kind: 'select', options: [{ value: 'balance', label: 'Balance' }] },
    relationFilter('contact_id', 'Supplier', 'contacts', suppliers),
    locationFilter('', 'Location'),
    ...dateRangeFilters('bill_date', 'Bill date'),
    ...dateRangeFilters('due_date', 'Due date'),
  ],
  createParam: 'purchase_order_id',
  homeField: 'location',
  idempotentCreate: true,
  followUps: [
    {
      resource: 'bill-payments',
      label: 'Pay Bill',
      returnHere: true,
      applies: (bill) => Number(readField(bill, 'balance')) > 0,
    },
    // docs/domain/purchasing.md, Debit memos: goods sent back against this bill.
    { resource: 'debit-memos', label: 'Return to Supplier', returnHere: true, applies: (bill) => !bill.deleted_at },
  ],
  print: {
    dateField: 'bill_date',
    parties: [
      { field: 'contact_name', label: 'Supplier' },
      { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
      { field: 'location_name', label: 'Location' },
      { field: 'due_date', label: 'Due', kind: 'date' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
      { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
      { field: 'discount_percent', label: 'Discount', kind: 'percent' },
      { field: 'amount', label: 'Amount', kind: 'money', cost: true },
    ],
    totals: true,
    totalsAreCosts: true,
    signatures: ['Prepared by', 'Approved by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/bills/bills.ts'),
      import('../../../generated/zod/bills/bills.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'Bill', many: 'Bills' }, api, schemas),
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
          queryKey: (id) => ['bills', id, 'payments'],
          load: async (id, signal) => {
            const { listBillPayments } = await import('../../../generated/hooks/bill-payments/bill-payments.ts');
            const page = await listBillPayments({ bill_id: id, per_page: 100 }, undefined, signal);
            return page.data.map((payment) => ({ ...payment }));
          },
        },
      ],
      prefill: async (id) => {
        const { getPurchaseOrder } = await import('../../../generated/hooks/purchase-orders/purchase-orders.ts');
        const order = await getPurchaseOrder(id);
        return {
          ...order,
          purchase_order_id: order.id,
          purchase_order_number: order.number,
          // A bill charges for goods received (docs/domain/purchasing.md, Bills): each line starts at what its order line has
          // received and not yet billed, which the form keeps to warn when a line bills more.
          lines: order.lines
            .map((line) => {
              const receivedUnbilled = remaining(line.received_quantity, line.billed_quantity);
              return {
                ...line,
                purchase_order_line_id: line.id,
                quantity: receivedUnbilled,
                [receivedUnbilledKey]: receivedUnbilled,
              };
            })
            .filter((line) => line.quantity > 0),
        };
      },
    };
  },
});
