import { divideRounded } from './line-amount.ts';
import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

// An invoice line as a credit memo reads it: what it sold and what earlier memos credited.
export type CreditableLine = {
  quantity: Thousandths;
  amount: Centavos;
  credited_quantity: Thousandths;
  credited_amount: Centavos;
};

export const byThousandth = (value: number, part: number, whole: number): Centavos =>
  whole === 0 ? 0 : Number(divideRounded(BigInt(value) * BigInt(part), BigInt(whole)));

// What a line credits (docs/domain/sales.md, Credit memos): for a return, the invoice line's amount for that share of
// its quantity, rounded once, and all that is left when the rest of the quantity comes back, so that returning
// everything credits exactly what was paid; for a price adjustment, the amount given. The server posts it and the
// form shows it as the cashier types.
export function creditedAmount(line: CreditableLine, quantity: Thousandths | null, amount: Centavos | null): Centavos {
  if (quantity === null) return amount ?? 0;
  const amountLeft = line.amount - line.credited_amount;
  const quantityLeft = line.quantity - line.credited_quantity;
  return quantity === quantityLeft
    ? amountLeft
    : Math.min(amountLeft, byThousandth(line.amount, quantity, line.quantity));
}
