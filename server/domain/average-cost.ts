import { divideRounded } from './line-amount.ts';
import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

// Thousandths × centavos: a quantity times a unit cost, unrounded (the value a stock row keeps, migration 030).
export type LedgerValue = number;

// The average cost is the value on hand over the quantity on hand, both kept exactly and rounded only here, where
// it is shown or an issue takes it. With nothing on hand the last average stands (the next issue or count has a
// cost to go by), and a value gone below zero by rounding reads as a zero average.
export function averageOf(value: LedgerValue, onHand: Thousandths, last: Centavos): Centavos {
  if (onHand <= 0) return last;
  if (value <= 0) return 0;
  return Number(divideRounded(BigInt(value), BigInt(onHand)));
}

// A kept value in centavos, rounded once.
export function ledgerValueCentavos(value: LedgerValue): Centavos {
  return Number(divideRounded(BigInt(value), 1000n));
}
