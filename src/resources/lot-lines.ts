import type { LineLot, StockTransfer } from '../../generated/model/index.ts';
import { formatDate } from '../format/date.ts';
import { formatQuantity } from '../format/quantity.ts';
import { remaining } from './remaining.ts';
import type { Column, LineField } from './resource.ts';

// The lot columns of document lines (docs/domain/eye-care.md, Lots and expiry).

export const receiptLotFields: readonly LineField[] = [
  { name: 'lot_number', label: 'Lot Number', kind: 'lot-number' },
  { name: 'expires_on', label: 'Expiry', kind: 'expiry' },
];

export const issueLotField: LineField = { name: 'lot_number', label: 'Lot', kind: 'lot-number' };

export const receiptLotColumns: readonly Column[] = [
  { field: 'lot_number', label: 'Lot Number' },
  { field: 'expires_on', label: 'Expiry', kind: 'date' },
];

export function formatLineLots(lots: readonly LineLot[]): string {
  return lots
    .map((lot) => `${lot.lot_number} (exp. ${formatDate(lot.expires_on)}) × ${formatQuantity(lot.quantity)}`)
    .join(', ');
}

// The lots a posted issue line took, earliest expiry first.
export const takenLotsColumn: Column = {
  field: 'lots',
  label: 'Lots',
  value: (row) => (Array.isArray(row.lots) ? formatLineLots(row.lots as LineLot[]) : ''),
};

// A transfer's lines as arrival lines: a lot-tracked line becomes one line per lot it carries, its expiry with it,
// up to what the line still has in transit (the earliest expiry is taken to have arrived first).
export function arrivalLinesOf(transfer: StockTransfer) {
  return transfer.lines.flatMap((line) => {
    const left = remaining(line.quantity, line.received_quantity + line.returned_quantity + line.lost_quantity);
    if (left <= 0) return [];
    if (line.lots.length === 0) {
      return [{ stock_transfer_line_id: line.id, item_name: line.item_name, quantity: left, is_lot_tracked: false }];
    }
    let skipped = remaining(line.quantity, left);
    return line.lots.flatMap((lot) => {
      const arrived = Math.min(skipped, lot.quantity);
      skipped = remaining(skipped, arrived);
      const quantity = remaining(lot.quantity, arrived);
      if (quantity <= 0) return [];
      return [
        {
          stock_transfer_line_id: line.id,
          item_name: line.item_name,
          quantity,
          lot_number: lot.lot_number,
          expires_on: lot.expires_on,
          is_lot_tracked: true,
        },
      ];
    });
  });
}
