import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { transfersInTransit } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const stockReturns = defineResource({
  key: 'stock-returns',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'stock_transfer_number', label: 'Transfer' },
    // The route is the transfer's; the goods of a return go back along it, from its destination to its source.
    { field: 'to_location_name', label: 'Returned From' },
    { field: 'from_location_name', label: 'Returned To' },
    { field: 'return_date', label: 'Return Date', kind: 'date' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'stock_transfer_number', label: 'Transfer' },
    { field: 'to_location_name', label: 'Returned From' },
    { field: 'from_location_name', label: 'Returned To' },
    { field: 'return_date', label: 'Return Date', kind: 'date' },
    { field: 'reason', label: 'Reason' },
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
    { name: 'return_date', label: 'Return Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'reason', label: 'Reason', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'stock_transfer_line_id', label: 'Transfer Line', kind: 'id', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        issueLotField,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        takenLotsColumn,
      ],
    },
  ],
  filters: [
    relationFilter('stock_transfer_id', 'Stock Transfer', 'stock-transfers'),
    ...dateRangeFilters('return_date', 'Return'),
  ],
  createParam: 'stock_transfer_id',
  numbering: { locationOf: { field: 'stock_transfer_id', resource: 'stock-transfers', prefix: 'to_' } },
  idempotentCreate: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/stock-returns/stock-returns.ts'),
      import('../../../generated/zod/stock-returns/stock-returns.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'StockReturn', many: 'StockReturns' }, api, schemas),
      prefill: async (id) => {
        const { getStockTransfer } = await import('../../../generated/hooks/stock-transfers/stock-transfers.ts');
        const transfer = await getStockTransfer(id);
        return {
          stock_transfer_id: transfer.id,
          stock_transfer_number: transfer.number,
          lines: transfer.lines
            .map((line) => ({
              stock_transfer_line_id: line.id,
              item_name: line.item_name,
              quantity: remaining(line.quantity, line.received_quantity + line.returned_quantity),
              is_lot_tracked: line.lots.length > 0,
            }))
            .filter((line) => line.quantity > 0),
        };
      },
    };
  },
});
