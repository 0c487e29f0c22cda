import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineAmount, divideRounded } from '../../server/domain/line-amount.ts';

describe('computeLineAmount', () => {
  it('prices 2.5 units at 199.99 pesos with 10% off', () => {
    expect(computeLineAmount(2500, 19999, 10)).toEqual({ gross: 49998, discount: 5000, amount: 44998 });
  });

  it('treats a missing discount as none', () => {
    expect(computeLineAmount(3000, 1250, null)).toEqual({ gross: 3750, discount: 0, amount: 3750 });
  });

  it('rounds half a centavo away from zero', () => {
    expect(computeLineAmount(500, 1, 0).gross).toBe(1);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
  });

  it('stays exact where floating point would not', () => {
    expect(computeLineAmount(7_777_777_777, 999_999_999, 0).gross).toBe(7_777_777_769_222_222);
  });

  it('never discounts below zero nor above the gross', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(100_000_000), fc.integer({ min: 0, max: 100 }), (q, p, d) => {
        const line = computeLineAmount(q, p, d);
        expect(line.discount).toBeGreaterThanOrEqual(0);
        expect(line.amount).toBeGreaterThanOrEqual(0);
        expect(line.gross - line.discount).toBe(line.amount);
      }),
    );
  });
});
