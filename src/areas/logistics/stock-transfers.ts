import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { printedItemColumns, printedQuantityColumn } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { requestsToTransfer } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { type Column, defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { fromToColumns, routeField, routeFilters } from '../../resources/stock-route.ts';

// Stock can be received or returned while some of the transfer is still on its way.
const inTransit = (transfer: ResourceRecord) => readField(transfer, 'status') !== 'completed';

const requestColumn: Column = { field: 'stock_request_number', label: 'Request' };
const transferDateColumn = column.date('transfer_date', 'Transfer Date');

export const stockTransfers = defineResource({
  key: 'stock-transfers',
  title: 'number',
  columns: [column.number, requestColumn, ...fromToColumns, transferDateColumn, column.status],
  viewFields: [
    column.number,
    requestColumn,
    ...fromToColumns,
    transferDateColumn,
    column.status,
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.relation('stock_request_id', 'Stock Request', 'stock-requests', 'stock_request_number', {
      search: requestsToTransfer,
    }),
    routeField('from_', 'From'),
    routeField('to_', 'To'),
    field.documentDate('transfer_date', 'Transfer Date'),
    field.notes,
    field.lines(
      [
        { name: 'stock_request_line_id', label: 'Request Line', kind: 'id' },
        documentLine.item,
        documentLine.quantity,
        issueLotField,
      ],
      [
        ...documentLine.itemColumns,
        takenLotsColumn,
        { field: 'received_quantity', label: 'Received', kind: 'quantity' },
        { field: 'returned_quantity', label: 'Returned', kind: 'quantity' },
        { field: 'lost_quantity', label: 'Lost', kind: 'quantity' },
      ],
    ),
  ],
  filters: [
    filter.status([
      { value: 'in_transit', label: 'In transit' },
      { value: 'partially_received', label: 'Partially received' },
      { value: 'completed', label: 'Completed' },
    ]),
    filter.relation('stock_request_id', 'Stock Request', 'stock-requests'),
    ...routeFilters,
    ...filter.dateRange('transfer_date', 'Transfer date'),
  ],
  createParam: 'stock_request_id',
  numbering: { locationPrefix: 'from_' },
  homeField: 'from_location',
  idempotentCreate: true,
  opensAfterCreate: true,
  followUps: [
    { resource: 'stock-receives', label: 'Receive Stock', workedAt: 'to_', applies: (transfer) => inTransit(transfer) },
    { resource: 'stock-returns', label: 'Return Stock', workedAt: 'to_', applies: (transfer) => inTransit(transfer) },
  ],
  recordActions: {
    applies: (transfer) => inTransit(transfer),
    load: async () => (await import('./transfer-settle-action.tsx')).TransferSettleAction,
  },
  print: {
    dateField: 'transfer_date',
    parties: [...fromToColumns, requestColumn],
    columns: [...printedItemColumns, printedQuantityColumn, takenLotsColumn],
    totals: false,
    signatures: ['Released by', 'Delivered by', 'Received by'],
  },
  load: async () => {
    const api = await import('../../../generated/hooks/stock-transfers/stock-transfers.ts');
    const schemas = () => import('../../../generated/zod/stock-transfers/stock-transfers.zod.ts');
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
