export type DiscountTierValue = { quantity: number; discount_percent: number };

// docs/domain/catalogue.md, Quantity discount tiers: shown as quantity:percent% joined by commas, the percent read as
// an integer.
export function formatDiscounts(tiers: readonly DiscountTierValue[] | null | undefined): string {
  return (tiers ?? []).map((tier) => `${tier.quantity}:${Math.trunc(Number(tier.discount_percent))}%`).join(', ');
}
