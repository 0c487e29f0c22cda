// The one place amounts become text: Philippine peso, en-US digits, 0 to 2 decimals (docs/domain/screens.md,
// Constants).
const peso = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : peso.format(value);
}

const compactPeso = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'PHP',
  notation: 'compact',
  maximumFractionDigits: 1,
});

// For chart axes, where ₱1,250,000 would not fit: ₱1.3M.
export function formatMoneyCompact(value: number): string {
  return compactPeso.format(value);
}
