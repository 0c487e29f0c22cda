import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { printedItemColumns, printedQuantityColumn } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { receiptLotColumns, receiptLotFields } from '../../resources/lot-lines.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { ordersToReceive, suppliers } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { costs, recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { prefillFromOrder } from './order-follow-up.ts';

const purchaseOrderColumn = { field: 'purchase_order_number', label: 'Purchase Order' };

const columns: readonly Column[] = [
  column.number,
  purchaseOrderColumn,
  column.party('Supplier'),
  column.location,
  column.date('received_date', 'Received'),
  ...costs([column.total]),
];

export const receiveOrders = defineResource({
  key: 'receive-orders',
  title: 'number',
  columns,
  viewFields: [...columns, column.notes, ...recordTimestamps],
  formFields: [
    field.relation('purchase_order_id', 'Purchase Order', 'purchase-orders', 'purchase_order_number', {
      search: ordersToReceive,
    }),
    field.party('Supplier', suppliers),
    field.location,
    field.documentDate('received_date', 'Received Date'),
    field.notes,
    field.lines(
      [
        { name: 'purchase_order_line_id', label: 'Order Line', kind: 'id' },
        documentLine.item,
        documentLine.quantity,
        documentLine.unitPrice('purchase'),
        ...receiptLotFields,
      ],
      [
        ...documentLine.itemColumns,
        ...receiptLotColumns,
        documentLine.priceColumn('purchase'),
        documentLine.amountColumn('purchase'),
      ],
      { side: 'purchase', dateField: 'received_date' },
    ),
  ],
  filters: [
    filter.relation('purchase_order_id', 'Purchase Order', 'purchase-orders'),
    filter.relation('contact_id', 'Supplier', 'contacts', suppliers),
    filter.location('', 'Location'),
    ...filter.dateRange('received_date', 'Received'),
  ],
  createParam: 'purchase_order_id',
  homeField: 'location',
  idempotentCreate: true,
  opensAfterCreate: true,
  // The receiving copy: what came in, lot by lot with its expiry, at the costs it was taken in at.
  print: {
    dateField: 'received_date',
    parties: [column.party('Supplier'), { field: 'location_name', label: 'Received at' }, purchaseOrderColumn],
    columns: [
      ...printedItemColumns,
      printedQuantityColumn,
      ...receiptLotColumns,
      documentLine.priceColumn('purchase'),
      documentLine.amountColumn('purchase'),
    ],
    totals: true,
    totalsAreCosts: true,
    totalRows: [column.total],
    signatures: ['Received by', 'Checked by'],
  },
  load: async () => {
    const api = await import('../../../generated/hooks/receive-orders/receive-orders.ts');
    const schemas = () => import('../../../generated/zod/receive-orders/receive-orders.zod.ts');
    return {
      ...standardOperations({ one: 'ReceiveOrder', many: 'ReceiveOrders' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'purchase-orders'),
      prefill: prefillFromOrder((line) => remaining(line.quantity, line.received_quantity)),
    };
  },
});
