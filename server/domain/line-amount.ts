import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

export type LineAmount = {
  gross: Centavos;
  discount: Centavos;
  amount: Centavos;
};

// Integer division rounding half away from zero; BigInt keeps quantity × price exact beyond 2^53.
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

export function computeLineAmount(
  quantity: Thousandths,
  unitPrice: Centavos,
  discountPercent: number | null,
): LineAmount {
  const gross = divideRounded(BigInt(quantity) * BigInt(unitPrice), 1000n);
  const discount = divideRounded(gross * BigInt(discountPercent ?? 0), 100n);
  return { gross: Number(gross), discount: Number(discount), amount: Number(gross - discount) };
}
