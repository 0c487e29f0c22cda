// The one place amounts become text: Philippine peso, en-US digits, 0 to 2 decimals (SPEC section 9).
const peso = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : peso.format(value);
}
