import type { Column, Filter } from './resource.ts';

// Declarations that many resource definitions share, written once so that a label reads the same everywhere.

export const recordTimestamps: readonly Column[] = [
  { field: 'created_at', label: 'Created', kind: 'timestamp' },
  { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
];

export const documentTotals: readonly Column[] = [
  { field: 'subtotal', label: 'Subtotal', kind: 'money' },
  { field: 'discount_total', label: 'Discount', kind: 'money' },
  { field: 'total', label: 'Total', kind: 'money' },
];

export const paidAndBalance: readonly Column[] = [
  { field: 'amount_paid', label: 'Paid', kind: 'money' },
  { field: 'balance', label: 'Balance', kind: 'money' },
];

// The `{field}_from` / `{field}_to` pair the API filters a date by.
export function dateRangeFilters(field: string, label: string): readonly Filter[] {
  return [
    { name: `${field}_from`, label: `${label} from`, kind: 'date' },
    { name: `${field}_to`, label: `${label} to`, kind: 'date' },
  ];
}
