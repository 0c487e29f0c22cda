import { describe, expect, it } from 'vitest';
import { documentFigures, lineFigures, tierDiscount } from '../../../src/format/line-amounts.ts';

describe('line amounts in centavos', () => {
  it('adds ₱0.10 and ₱0.20 to exactly ₱0.30, where float sums drift', () => {
    const figures = documentFigures([lineFigures(1, 0.1, null), lineFigures(1, 0.2, null)]);
    expect(figures).toEqual({ subtotal: 30, discount: 0, total: 30 });
  });

  it('rounds each line half away from zero, and totals the rounded lines', () => {
    // 0.333 × ₱10.05 = ₱3.34665 → ₱3.35; 15% of it = 50.25 centavos → 50.
    expect(lineFigures(0.333, 10.05, 15)).toEqual({ gross: 335, discount: 50, amount: 285 });
  });

  it('takes the tier with the largest quantity not above the line quantity, none below the smallest', () => {
    const tiers = [
      { quantity: 10, discount_percent: 15 },
      { quantity: 5, discount_percent: 10 },
    ];
    expect(tierDiscount(tiers, 4.999)).toBeNull();
    expect(tierDiscount(tiers, 5)).toBe(10);
    expect(tierDiscount(tiers, 12)).toBe(15);
  });
});
