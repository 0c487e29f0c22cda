import type { StockTransfer } from '../../../generated/model/index.ts';
import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import * as field from '../../resources/form-fields.ts';
import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { remaining } from '../../resources/remaining.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import * as arrival from '../../resources/transfer-arrivals.ts';

// The route is the transfer's; the goods of a return go back along it, from its destination to its source.
const returnRoute: readonly Column[] = [
  { field: 'to_location_name', label: 'Returned From' },
  { field: 'from_location_name', label: 'Returned To' },
];
const returnDateColumn = column.date('return_date', 'Return Date');

// What of each transfer line is still away from its source, to send back; lots are taken as posting picks them.
function returnLinesOf(transfer: StockTransfer) {
  return transfer.lines
    .map((line) => ({
      stock_transfer_line_id: line.id,
      item_name: line.item_name,
      quantity: remaining(line.quantity, line.received_quantity + line.returned_quantity + line.lost_quantity),
      is_lot_tracked: line.lots.length > 0,
    }))
    .filter((line) => line.quantity > 0);
}

export const stockReturns = defineResource({
  key: 'stock-returns',
  title: 'number',
  columns: [column.number, arrival.transferColumn, ...returnRoute, returnDateColumn],
  viewFields: [
    column.number,
    arrival.transferColumn,
    ...returnRoute,
    returnDateColumn,
    { field: 'reason', label: 'Reason' },
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    ...arrival.formFields('return_date', 'Return Date', { name: 'reason', label: 'Reason', kind: 'text' }),
    field.lines(arrival.lineFields(issueLotField), [...documentLine.itemColumns, takenLotsColumn]),
  ],
  filters: arrival.filters('return_date', 'Return'),
  ...arrival.fromTransfer,
  load: async () => {
    const api = await import('../../../generated/hooks/stock-returns/stock-returns.ts');
    const schemas = () => import('../../../generated/zod/stock-returns/stock-returns.zod.ts');
    return {
      ...standardOperations({ one: 'StockReturn', many: 'StockReturns' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'stock-transfers'),
      prefill: arrival.prefill(returnLinesOf),
    };
  },
});
