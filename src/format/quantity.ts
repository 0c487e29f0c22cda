import { madeOnUse } from './made-on-use.ts';

// Quantities are stored in thousandths, so three decimals are the most there can be.
const quantity = madeOnUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 }),
);

export function formatQuantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : quantity().format(value);
}
