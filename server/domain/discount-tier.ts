import type { Thousandths } from './quantity.ts';

export type DiscountTier = {
  quantity: Thousandths;
  discount_percent: number;
};

// The tier with the largest quantity not above the line quantity applies; none applies below the smallest tier.
export function pickDiscountPercent(tiers: readonly DiscountTier[], lineQuantity: Thousandths): number {
  let chosen: DiscountTier | undefined;
  for (const tier of tiers) {
    if (tier.quantity <= lineQuantity && (chosen === undefined || tier.quantity > chosen.quantity)) {
      chosen = tier;
    }
  }
  return chosen?.discount_percent ?? 0;
}
