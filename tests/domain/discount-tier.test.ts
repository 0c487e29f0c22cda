import { describe, expect, it } from 'vitest';
import { pickDiscountPercent } from '../../server/domain/discount-tier.ts';

const tiers = [
  { quantity: 10_000, discount_percent: 10 },
  { quantity: 5_000, discount_percent: 5 },
  { quantity: 20_000, discount_percent: 15 },
];

describe('pickDiscountPercent', () => {
  it('applies no discount below the smallest tier', () => {
    expect(pickDiscountPercent(tiers, 4_999)).toBe(0);
  });

  it('applies the tier whose quantity is reached exactly', () => {
    expect(pickDiscountPercent(tiers, 10_000)).toBe(10);
  });

  it('applies the largest tier not above the quantity, whatever the list order', () => {
    expect(pickDiscountPercent(tiers, 19_999)).toBe(10);
    expect(pickDiscountPercent(tiers, 250_000)).toBe(15);
  });

  it('gives nothing for an item without tiers', () => {
    expect(pickDiscountPercent([], 1_000)).toBe(0);
  });
});
