import { describe, expect, it } from 'vitest';
import { averageAfterReceipt, averageAfterReceiptReversal, stockValue } from '../../server/domain/average-cost.ts';

describe('moving average cost', () => {
  it('takes the receipt cost when nothing was on hand', () => {
    expect(averageAfterReceipt(0, 0, 5000, 12000)).toBe(12000);
  });

  it('weights the old and new cost by quantity', () => {
    // 10 units at 100.00 and 30 units at 200.00 average 175.00
    expect(averageAfterReceipt(10_000, 10_000, 30_000, 20_000)).toBe(17_500);
  });

  it('restores the previous average when a receipt is reversed', () => {
    const after = averageAfterReceipt(10_000, 10_000, 30_000, 20_000);
    expect(averageAfterReceiptReversal(40_000, after, 30_000, 20_000)).toBe(10_000);
  });

  it('keeps the average when a reversal empties the stock', () => {
    expect(averageAfterReceiptReversal(5_000, 12_000, 5_000, 12_000)).toBe(12_000);
  });

  it('values stock at quantity times average, in centavos', () => {
    expect(stockValue(2_500, 19_999)).toBe(49_998);
  });
});
