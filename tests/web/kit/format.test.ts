import { describe, expect, it } from 'vitest';
import { formatDiscounts } from '../../../src/format/discounts.ts';
import { formatMoney } from '../../../src/format/money.ts';
import { formatValue } from '../../../src/screens/shared/value-text.tsx';

describe('amounts in Philippine pesos, en-US, whole pesos bare and centavos with both digits', () => {
  it.each([
    [0, '₱0'],
    [1500, '₱1,500'],
    [1234.5, '₱1,234.50'],
    [1927.5, '₱1,927.50'],
    [99.999, '₱100'],
    [-42.25, '-₱42.25'],
  ])('%d shows as %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it.each([
    [48509, '₱48,509.00'],
    [1927.5, '₱1,927.50'],
    [43311.62, '₱43,311.62'],
    [0, '₱0.00'],
  ])('%d shows as %s in a column of figures', (value, text) => {
    expect(formatMoney(value, 'cents')).toBe(text);
  });
});

it('shows discount tiers as quantity:percent% joined by commas, the percent as an integer', () => {
  expect(
    formatDiscounts([
      { quantity: 10, discount_percent: 5 },
      { quantity: 50, discount_percent: 12.7 },
    ]),
  ).toBe('10:5%, 50:12%');
});

it('names tax classes as the item form does, and other codes by their words', () => {
  expect(formatValue('vat_exempt', 'label')).toBe('VAT-exempt');
  expect(formatValue('vatable', 'label')).toBe('VATable');
  expect(formatValue('zero_rated', 'label')).toBe('Zero-rated');
  expect(formatValue('partially_paid', 'label')).toBe('Partially paid');
  // A stock movement's document kind, shown capitalised in a badge: "Stock Receive", never "Stock-Receive".
  expect(formatValue('stock-receive', 'label')).toBe('Stock receive');
  expect(formatValue('z-reading', 'label')).toBe('Z-Reading');
});
