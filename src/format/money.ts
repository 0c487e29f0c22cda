import { madeOnUse } from './made-on-use.ts';

// The one place amounts become text: Philippine peso, en-US digits, 0 or 2 decimals (docs/domain/screens.md,
// Constants): whole pesos without centavos, any other amount with both digits of its centavos (₱1,927.50, never
// ₱1,927.5). A column of figures that are read and added side by side (a report, a reading) asks for `cents`: every
// amount with two decimals.
const wholePeso = madeOnUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP', maximumFractionDigits: 0 }),
);
const centsPeso = madeOnUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'PHP',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

export function formatMoney(value: number | null | undefined, decimals: 'auto' | 'cents' = 'auto'): string {
  if (value === null || value === undefined) return '';
  return decimals === 'auto' && Number.isInteger(Math.round(value * 100) / 100)
    ? wholePeso().format(value)
    : centsPeso().format(value);
}

const compactPeso = madeOnUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'PHP',
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
);

// For chart axes, where ₱1,250,000 would not fit: ₱1.3M.
export function formatMoneyCompact(value: number): string {
  return compactPeso().format(value);
}
