import type { LineAmount } from './line-amount.ts';
import type { Centavos } from './money.ts';

export type DocumentTotals = {
  subtotal: Centavos;
  discount_total: Centavos;
  total: Centavos;
};

// Totals are sums of the already-rounded line figures, so the document always equals the sum of what it shows.
export function sumDocumentTotals(lines: readonly LineAmount[]): DocumentTotals {
  let subtotal = 0;
  let discountTotal = 0;
  for (const line of lines) {
    subtotal += line.gross;
    discountTotal += line.discount;
  }
  return { subtotal, discount_total: discountTotal, total: subtotal - discountTotal };
}
