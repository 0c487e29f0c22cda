import { describe, expect, it } from 'vitest';
import { sumDocumentTotals } from '../../server/domain/document-totals.ts';
import { computeLineAmount } from '../../server/domain/line-amount.ts';

describe('sumDocumentTotals', () => {
  it('adds the rounded line figures so the total matches the lines shown', () => {
    const lines = [
      computeLineAmount(1000, 333, 10),
      computeLineAmount(1000, 333, 10),
      computeLineAmount(1000, 333, 10),
    ];
    const totals = sumDocumentTotals(lines);
    expect(totals).toEqual({ subtotal: 999, discount_total: 99, total: 900 });
    expect(totals.total).toBe(lines.reduce((sum, line) => sum + line.amount, 0));
  });

  it('is zero for no lines', () => {
    expect(sumDocumentTotals([])).toEqual({ subtotal: 0, discount_total: 0, total: 0 });
  });
});
