import { describe, expect, it } from 'vitest';
import { averageOf, ledgerValueCentavos } from '../../server/domain/average-cost.ts';

// Values are thousandths × centavos: 9 units at ₱1,200 are 9,000 × 120,000.
describe('average cost: the value on hand over the quantity on hand', () => {
  it('weights receipts by quantity, rounded only when read', () => {
    // 9 at ₱1,200 and 10 at ₱1,250: ₱23,300 over 19 is ₱1,226.3157…
    expect(averageOf(9_000 * 120_000 + 10_000 * 125_000, 19_000, 0)).toBe(122_632);
  });

  it('reads ₱80,880 over 58 as ₱1,394.48, whatever averages came before', () => {
    expect(averageOf(8_088_000 * 1000, 58_000, 139_449)).toBe(139_448);
  });

  it('keeps the last average when nothing is on hand, and never goes below zero', () => {
    expect(averageOf(0, 0, 12_000)).toBe(12_000);
    expect(averageOf(-5, 1_000, 12_000)).toBe(0);
  });

  it('rounds a kept value to centavos once', () => {
    expect(ledgerValueCentavos(7_803_864_400)).toBe(7_803_864);
  });
});
