// A line's figures in integer centavos, rounded as the server rounds them (half away from zero, per line), so that
// the totals the form shows are the totals the saved document will carry.
export type LineFigures = { gross: number; discount: number; amount: number };

export type DocumentFigures = { subtotal: number; discount: number; total: number };

export type DiscountTier = { quantity: number; discount_percent: number };

export const toCentavos = (pesos: number): number => Math.round(pesos * 100);

export const toThousandths = (quantity: number): number => Math.round(quantity * 1000);

export const toPesos = (centavos: number): number => centavos / 100;

// BigInt keeps quantity × price exact where the product passes 2^53.
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function lineFigures(quantity: unknown, price: unknown, discountPercent: unknown): LineFigures {
  const units = asNumber(quantity);
  const pesos = asNumber(price);
  if (units === null || pesos === null) return { gross: 0, discount: 0, amount: 0 };
  const gross = divideRounded(BigInt(toThousandths(units)) * BigInt(toCentavos(pesos)), 1000n);
  const discount = divideRounded(gross * BigInt(Math.trunc(asNumber(discountPercent) ?? 0)), 100n);
  return { gross: Number(gross), discount: Number(discount), amount: Number(gross - discount) };
}

// Sums of the already-rounded line figures, so the document equals the sum of the lines it shows.
export function documentFigures(lines: readonly LineFigures[]): DocumentFigures {
  let subtotal = 0;
  let discount = 0;
  for (const line of lines) {
    subtotal += line.gross;
    discount += line.discount;
  }
  return { subtotal, discount, total: subtotal - discount };
}

// docs/domain/catalogue.md, Quantity discount tiers: the tier with the largest quantity not above the line quantity
// applies; below every tier, none does (null, so that the field stays empty rather than claiming a 0% discount).
export function tierDiscount(tiers: readonly DiscountTier[], quantity: unknown): number | null {
  const units = asNumber(quantity);
  if (units === null) return null;
  const wanted = toThousandths(units);
  let chosen: DiscountTier | null = null;
  for (const tier of tiers) {
    const from = toThousandths(tier.quantity);
    if (from <= wanted && (chosen === null || from > toThousandths(chosen.quantity))) chosen = tier;
  }
  return chosen ? Math.trunc(chosen.discount_percent) : null;
}
