import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { pricedPrint } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import { costs, documentTotals, recordTimestamps } from '../../resources/shared-declarations.ts';
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

// What a receipt may still bring: nothing once received in full or closed short.
function stillToCome(order: ResourceRecord): boolean {
  const lines = readField(order, 'lines');
  return Array.isArray(lines) && lines.some((line: { still_to_come?: unknown }) => Number(line.still_to_come ?? 0) > 0);
}

export const purchaseOrders = defineResource({
  key: 'purchase-orders',
  title: 'number',
  columns: [
    column.number,
    column.reference,
    column.party('Supplier'),
    column.location,
    column.date('order_date', 'Order Date'),
    ...costs([column.total]),
    column.status,
  ],
  viewFields: [
    column.number,
    column.reference,
    column.party('Supplier'),
    column.location,
    column.date('order_date', 'Order Date'),
    column.date('expected_date', 'Expected'),
    column.status,
    { field: 'closed_reason', label: 'Closed Short Because' },
    { field: 'closed_at', label: 'Closed Short At', kind: 'timestamp' },
    ...costs(documentTotals),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Supplier', suppliers, 'supplier'),
    field.location,
    field.documentDate('order_date', 'Order Date'),
    field.date('expected_date', 'Expected Date'),
    field.notes,
    { name: 'job_order_id', label: 'Job Order', kind: 'hidden' },
    field.lines(
      [
        documentLine.item,
        { name: 'unit_of_measurement_id', label: 'Unit', kind: 'unit', labelField: 'unit_of_measurement_name' },
        ...documentLine.pricedFields('purchase'),
      ],
      [
        ...documentLine.itemColumns,
        documentLine.priceColumn('purchase'),
        documentLine.discountColumn,
        { field: 'received_quantity', label: 'Received', kind: 'quantity' },
        { field: 'billed_quantity', label: 'Billed', kind: 'quantity' },
        { field: 'still_to_come', label: 'Still to Come', kind: 'quantity' },
        documentLine.amountColumn('purchase'),
      ],
      { side: 'purchase', dateField: 'order_date' },
    ),
  ],
  filters: [
    filter.status([
      { value: 'open', label: 'Open' },
      { value: 'partially_received', label: 'Partially received' },
      { value: 'received', label: 'Received' },
      { value: 'closed', label: 'Closed short' },
    ]),
    filter.relation('contact_id', 'Supplier', 'contacts', suppliers),
    filter.location('', 'Location'),
    ...filter.dateRange('order_date', 'Order date'),
  ],
  prefillRoutes: [{ segment: 'from-job-order', param: 'job_order_id' }],
  homeField: 'location',
  idempotentCreate: true,
  opensAfterCreate: true,
  editable: (order) => readField(order, 'status') === 'open' && !hasBilledLines(order),
  followUps: [
    { resource: 'receive-orders', label: 'Receive', applies: (order) => stillToCome(order) },
    { resource: 'bills', label: 'Create Bill', applies: (order) => hasUnbilledLines(order) },
  ],
  recordActions: {
    applies: (order) => stillToCome(order),
    load: async () => (await import('./purchase-order-close-action.tsx')).PurchaseOrderCloseAction,
  },
  print: pricedPrint('purchase', {
    unit: true,
    dateField: 'order_date',
    parties: [
      column.party('Supplier'),
      { field: 'location_name', label: 'Deliver to' },
      column.date('expected_date', 'Expected'),
    ],
    signatures: ['Prepared by', 'Approved by'],
  }),
  load: async () => {
    const api = await import('../../../generated/hooks/purchase-orders/purchase-orders.ts');
    const schemas = () => import('../../../generated/zod/purchase-orders/purchase-orders.zod.ts');
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
