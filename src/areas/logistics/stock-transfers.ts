import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { requestsToTransfer } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// Stock can be received or returned while some of the transfer is still on its way.
const inTransit = (transfer: ResourceRecord) => readField(transfer, 'status') !== 'completed';

export const stockTransfers = defineResource({
  key: 'stock-transfers',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'stock_request_number', label: 'Request' },
    { field: 'from_location_name', label: 'From' },
    { field: 'to_location_name', label: 'To' },
    { field: 'transfer_date', label: 'Transfer Date', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'stock_request_number', label: 'Request' },
    { field: 'from_location_name', label: 'From' },
    { field: 'to_location_name', label: 'To' },
    { field: 'transfer_date', label: 'Transfer Date', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'stock_request_id',
      label: 'Stock Request',
      kind: 'relation',
      resource: 'stock-requests',
      labelField: 'stock_request_number',
      search: requestsToTransfer,
    },
    {
      name: 'from_location',
      label: 'From',
      kind: 'location',
      prefix: 'from_',
      labelField: 'from_location_name',
      required: true,
    },
    {
      name: 'to_location',
      label: 'To',
      kind: 'location',
      prefix: 'to_',
      labelField: 'to_location_name',
      required: true,
    },
    { name: 'transfer_date', label: 'Transfer Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'stock_request_line_id', label: 'Request Line', kind: 'id' },
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        issueLotField,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        takenLotsColumn,
        { field: 'received_quantity', label: 'Received', kind: 'quantity' },
        { field: 'returned_quantity', label: 'Returned', kind: 'quantity' },
      ],
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'in_transit', label: 'In transit' },
        { value: 'partially_received', label: 'Partially received' },
        { value: 'completed', label: 'Completed' },
      ],
    },
    relationFilter('stock_request_id', 'Stock Request', 'stock-requests'),
    locationFilter('from_', 'From'),
    locationFilter('to_', 'To'),
    ...dateRangeFilters('transfer_date', 'Transfer date'),
  ],
  createParam: 'stock_request_id',
  numbering: { locationPrefix: 'from_' },
  homeField: 'from_location',
  idempotentCreate: true,
  followUps: [
    { resource: 'stock-receives', label: 'Receive Stock', applies: (transfer) => inTransit(transfer) },
    { resource: 'stock-returns', label: 'Return Stock', applies: (transfer) => inTransit(transfer) },
  ],
  print: {
    dateField: 'transfer_date',
    parties: [
      { field: 'from_location_name', label: 'From' },
      { field: 'to_location_name', label: 'To' },
      { field: 'stock_request_number', label: 'Request' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
    ],
    totals: false,
    signatures: ['Released by', 'Delivered by', 'Received by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/stock-transfers/stock-transfers.ts'),
      import('../../../generated/zod/stock-transfers/stock-transfers.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'StockTransfer', many: 'StockTransfers' }, api, schemas),
      prefill: async (id) => {
        const { getStockRequest } = await import('../../../generated/hooks/stock-requests/stock-requests.ts');
        const request = await getStockRequest(id);
        return {
          ...request,
          stock_request_id: request.id,
          stock_request_number: request.number,
          lines: request.lines
            .map((line) => ({
              ...line,
              stock_request_line_id: line.id,
              quantity: remaining(line.quantity, line.transferred_quantity),
            }))
            .filter((line) => line.quantity > 0),
        };
      },
    };
  },
});
