import type { Location } from '../../domain/location.ts';
import { lineField } from '../document-lifecycle.ts';
import type { PostingDirection } from '../posting-context.ts';
import type { StockChange } from './stock-ledger.ts';

// A document line as its stock moves: its item, how much, at what unit cost, at which position on the document.
type MovedLine = { id: number; item_id: number; quantity: number; unit_cost: number };

// The line's goods arriving on hand at a location at the line's cost (a receipt, a restock, a transfer's arrival);
// reversing takes them out again at that cost.
export function lineArrival(
  line: MovedLine,
  position: number,
  location: Location,
  direction: PostingDirection,
): StockChange {
  return movement(line, position, location, direction, direction === 1 ? 'receipt' : 'receipt_reversal');
}

// The line's goods leaving a location's hand at the average cost (a sale, a transfer, goods sent back to a
// supplier); reversing puts them back at the cost they left at, which the line keeps.
export function lineIssue(
  line: MovedLine,
  position: number,
  location: Location,
  direction: PostingDirection,
): StockChange {
  return movement(line, position, location, -direction, direction === 1 ? 'issue' : 'receipt');
}

function movement(
  line: MovedLine,
  position: number,
  location: Location,
  sign: number,
  costEffect: StockChange['costEffect'],
): StockChange {
  return {
    itemId: line.item_id,
    location,
    balance: 'on_hand',
    delta: sign * Number(line.quantity),
    unitCost: Number(line.unit_cost),
    costEffect,
    field: lineField(position, 'quantity'),
    documentLineId: line.id,
  };
}
