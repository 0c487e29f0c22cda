import { receiptLotColumns, receiptLotFields } from '../../resources/lot-lines.ts';
import { ordersToReceive, suppliers } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const receiveOrders = defineResource({
  key: 'receive-orders',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'purchase_order_number', label: 'Purchase Order' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'location_name', label: 'Location' },
    { field: 'received_date', label: 'Received', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'purchase_order_number', label: 'Purchase Order' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'location_name', label: 'Location' },
    { field: 'received_date', label: 'Received', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money', cost: true },
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
      search: ordersToReceive,
    },
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
    { name: 'received_date', label: 'Received Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      pricing: { side: 'purchase', dateField: 'received_date' },
      columns: [
        { name: 'purchase_order_line_id', label: 'Order Line', kind: 'id' },
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_cost', label: 'Unit Cost', kind: 'money' },
        ...receiptLotFields,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        ...receiptLotColumns,
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
        { field: 'amount', label: 'Amount', kind: 'money', cost: true },
      ],
    },
  ],
  filters: [
    relationFilter('purchase_order_id', 'Purchase Order', 'purchase-orders'),
    relationFilter('contact_id', 'Supplier', 'contacts', suppliers),
    locationFilter('', 'Location'),
    ...dateRangeFilters('received_date', 'Received'),
  ],
  createParam: 'purchase_order_id',
  homeField: 'location',
  idempotentCreate: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/receive-orders/receive-orders.ts'),
      import('../../../generated/zod/receive-orders/receive-orders.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'ReceiveOrder', many: 'ReceiveOrders' }, api, schemas),
      prefill: async (id) => {
        const { getPurchaseOrder } = await import('../../../generated/hooks/purchase-orders/purchase-orders.ts');
        const order = await getPurchaseOrder(id);
        return {
          ...order,
          purchase_order_id: order.id,
          purchase_order_number: order.number,
          lines: order.lines
            .map((line) => ({
              ...line,
              purchase_order_line_id: line.id,
              quantity: remaining(line.quantity, line.received_quantity),
            }))
            .filter((line) => line.quantity > 0),
        };
      },
    };
  },
});
