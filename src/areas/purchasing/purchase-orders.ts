import { suppliers } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import {
  costs,
  dateRangeFilters,
  documentTotals,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// A bill may only bill what its order lines have not billed yet (docs/domain/purchasing.md, Bills).
function hasUnbilledLines(order: ResourceRecord): boolean {
  const lines = readField(order, 'lines');
  return (
    Array.isArray(lines) &&
    lines.some(
      (line: { quantity?: unknown; billed_quantity?: unknown }) =>
        remaining(Number(line.quantity ?? 0), Number(line.billed_quantity ?? 0)) > 0,
    )
  );
}

function hasBilledLines(order: ResourceRecord): boolean {
  const lines = readField(order, 'lines');
  return (
    Array.isArray(lines) && lines.some((line: { billed_quantity?: unknown }) => Number(line.billed_quantity ?? 0) > 0)
  );
}

export const purchaseOrders = defineResource({
  key: 'purchase-orders',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'location_name', label: 'Location' },
    { field: 'order_date', label: 'Order Date', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
    { field: 'status', label: 'Status', kind: 'label' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'location_name', label: 'Location' },
    { field: 'order_date', label: 'Order Date', kind: 'date' },
    { field: 'expected_date', label: 'Expected', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    ...costs(documentTotals),
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
      creates: 'supplier',
    },
    { name: 'location', label: 'Location', kind: 'location', prefix: '', labelField: 'location_name', required: true },
    { name: 'order_date', label: 'Order Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'expected_date', label: 'Expected Date', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    { name: 'job_order_id', label: 'Job Order', kind: 'hidden' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      pricing: { side: 'purchase', dateField: 'order_date' },
      columns: [
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'unit_of_measurement_id', label: 'Unit', kind: 'unit', labelField: 'unit_of_measurement_name' },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_cost', label: 'Unit Cost', kind: 'money' },
        { name: 'discount_percent', label: 'Discount %', kind: 'percent' },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
        { field: 'discount_percent', label: 'Discount', kind: 'percent' },
        { field: 'received_quantity', label: 'Received', kind: 'quantity' },
        { field: 'billed_quantity', label: 'Billed', kind: 'quantity' },
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
        { value: 'open', label: 'Open' },
        { value: 'partially_received', label: 'Partially received' },
        { value: 'received', label: 'Received' },
      ],
    },
    relationFilter('contact_id', 'Supplier', 'contacts', suppliers),
    locationFilter('', 'Location'),
    ...dateRangeFilters('order_date', 'Order date'),
  ],
  prefillRoutes: [{ segment: 'from-job-order', param: 'job_order_id' }],
  homeField: 'location',
  idempotentCreate: true,
  editable: (order) => readField(order, 'status') === 'open' && !hasBilledLines(order),
  followUps: [
    { resource: 'receive-orders', label: 'Receive', applies: (order) => readField(order, 'status') !== 'received' },
    { resource: 'bills', label: 'Create Bill', applies: (order) => hasUnbilledLines(order) },
  ],
  print: {
    dateField: 'order_date',
    parties: [
      { field: 'contact_name', label: 'Supplier' },
      { field: 'location_name', label: 'Deliver to' },
      { field: 'expected_date', label: 'Expected', kind: 'date' },
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
      import('../../../generated/hooks/purchase-orders/purchase-orders.ts'),
      import('../../../generated/zod/purchase-orders/purchase-orders.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'PurchaseOrder', many: 'PurchaseOrders' }, api, schemas),
      // The lenses an outside lab makes for a job order, ordered from that lab at the job order's branch.
      prefillFrom: {
        'from-job-order': async (id) => {
          const { getJobOrder } = await import('../../../generated/hooks/job-orders/job-orders.ts');
          const order = await getJobOrder(id);
          return {
            contact_id: order.lab_contact_id,
            contact_name: order.lab_contact_name,
            branch_id: order.branch_id,
            location_name: order.branch_name,
            expected_date: order.promised_date,
            job_order_id: order.id,
            notes: `Job order ${order.number} for ${order.contact_name ?? 'the patient'}`,
            lines: order.lines
              .filter((line) => line.role === 'lens_od' || line.role === 'lens_os')
              .map((line) => ({ item_id: line.item_id, item_name: line.item_name, quantity: line.quantity })),
          };
        },
      },
    };
  },
});
