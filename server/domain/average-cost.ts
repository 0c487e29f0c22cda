import { divideRounded } from './line-amount.ts';
import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

// Moving average after goods arrive: the value on hand plus the value received, over the new quantity.
export function averageAfterReceipt(
  onHand: Thousandths,
  average: Centavos,
  received: Thousandths,
  unitCost: Centavos,
): Centavos {
  const total = BigInt(onHand) + BigInt(received);
  if (total <= 0n) return unitCost;
  const value = BigInt(onHand) * BigInt(average) + BigInt(received) * BigInt(unitCost);
  return Number(divideRounded(value, total));
}

// Undoing a receipt takes its value back out; when nothing (or only a rounding remainder) is left, the
// average keeps its last meaningful figure instead of going negative.
export function averageAfterReceiptReversal(
  onHand: Thousandths,
  average: Centavos,
  removed: Thousandths,
  unitCost: Centavos,
): Centavos {
  const remaining = BigInt(onHand) - BigInt(removed);
  if (remaining <= 0n) return average;
  const value = BigInt(onHand) * BigInt(average) - BigInt(removed) * BigInt(unitCost);
  if (value <= 0n) return 0;
  return Number(divideRounded(value, remaining));
}

export function stockValue(onHand: Thousandths, average: Centavos): Centavos {
  return Number(divideRounded(BigInt(onHand) * BigInt(average), 1000n));
}
