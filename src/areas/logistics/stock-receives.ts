import { arrivalLinesOf, receiptLotColumns, receiptLotFields } from '../../resources/lot-lines.ts';
import { transfersInTransit } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const stockReceives = defineResource({
  key: 'stock-receives',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'stock_transfer_number', label: 'Transfer' },
    { field: 'from_location_name', label: 'From' },
    { field: 'to_location_name', label: 'To' },
    { field: 'received_date', label: 'Received Date', kind: 'date' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'stock_transfer_number', label: 'Transfer' },
    { field: 'from_location_name', label: 'From' },
    { field: 'to_location_name', label: 'To' },
    { field: 'received_date', label: 'Received Date', kind: 'date' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'stock_transfer_id',
      label: 'Stock Transfer',
      kind: 'relation',
      resource: 'stock-transfers',
      labelField: 'stock_transfer_number',
      required: true,
      search: transfersInTransit,
    },
    { name: 'received_date', label: 'Received Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'stock_transfer_line_id', label: 'Transfer Line', kind: 'id', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        ...receiptLotFields,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        ...receiptLotColumns,
      ],
    },
  ],
  filters: [
    relationFilter('stock_transfer_id', 'Stock Transfer', 'stock-transfers'),
    ...dateRangeFilters('received_date', 'Received'),
  ],
  createParam: 'stock_transfer_id',
  numbering: { locationOf: { field: 'stock_transfer_id', resource: 'stock-transfers', prefix: 'to_' } },
  idempotentCreate: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/stock-receives/stock-receives.ts'),
      import('../../../generated/zod/stock-receives/stock-receives.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'StockReceive', many: 'StockReceives' }, api, schemas),
      prefill: async (id) => {
        const { getStockTransfer } = await import('../../../generated/hooks/stock-transfers/stock-transfers.ts');
        const transfer = await getStockTransfer(id);
        return {
          stock_transfer_id: transfer.id,
          stock_transfer_number: transfer.number,
          lines: arrivalLinesOf(transfer),
        };
      },
    };
  },
});
