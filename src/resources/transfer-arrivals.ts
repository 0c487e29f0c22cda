import type { StockTransfer } from '../../generated/model/index.ts';
import * as documentLine from './document-lines.ts';
import * as filter from './filters.ts';
import * as field from './form-fields.ts';
import { transfersInTransit } from './picker-searches.ts';
import type { Column, Filter, FormField, LineField, ResourceDeclaration } from './resource.ts';

// What becomes of a stock transfer at its destination, received there or sent back (stock receives and stock
// returns, docs/domain/logistics.md): both name the transfer, start from its view, take its lines by their ids and
// are numbered where it arrives.

export const transferColumn: Column = { field: 'stock_transfer_number', label: 'Transfer' };

// The transfer picked first, then the arrival's own date (`dateField`) and notes.
export function formFields(dateField: string, dateLabel: string, ...own: readonly FormField[]): FormField[] {
  return [
    {
      name: 'stock_transfer_id',
      label: 'Stock Transfer',
      kind: 'relation',
      resource: 'stock-transfers',
      labelField: 'stock_transfer_number',
      required: true,
      search: transfersInTransit,
    },
    field.documentDate(dateField, dateLabel),
    ...own,
    field.notes,
  ];
}

// A line names the transfer line it comes from, and how much of it arrived; `lot` is how its lot is given.
export function lineFields(...lot: readonly LineField[]): readonly LineField[] {
  return [
    { name: 'stock_transfer_line_id', label: 'Transfer Line', kind: 'id', required: true },
    documentLine.quantity,
    ...lot,
  ];
}

export function filters(dateField: string, dateLabel: string): readonly Filter[] {
  return [
    filter.relation('stock_transfer_id', 'Stock Transfer', 'stock-transfers'),
    ...filter.dateRange(dateField, dateLabel),
  ];
}

export const fromTransfer = {
  createParam: 'stock_transfer_id',
  numbering: { locationOf: { field: 'stock_transfer_id', resource: 'stock-transfers', prefix: 'to_' } },
  idempotentCreate: true,
  opensAfterCreate: true,
} as const satisfies Partial<ResourceDeclaration>;

// An arrival starts from its transfer's view: the transfer named, and `linesOf` its lines as what may still arrive.
export function prefill(linesOf: (transfer: StockTransfer) => readonly object[]) {
  return async (id: number) => {
    const { getStockTransfer } = await import('../../generated/hooks/stock-transfers/stock-transfers.ts');
    const transfer = await getStockTransfer(id);
    return { stock_transfer_id: transfer.id, stock_transfer_number: transfer.number, lines: linesOf(transfer) };
  };
}
