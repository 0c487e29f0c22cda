import type { Column, Filter, RelationSearch, ResourceKey } from './resource.ts';

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

// The same columns when they are costs or payables (a purchase document's totals): shown with view-costs only.
export function costs(columns: readonly Column[]): readonly Column[] {
  return columns.map((column) => ({ ...column, cost: true }));
}

// The `{field}_from` / `{field}_to` pair the API filters a date by.
export function dateRangeFilters(field: string, label: string): readonly Filter[] {
  return [
    { name: `${field}_from`, label: `${label} from`, kind: 'date' },
    { name: `${field}_to`, label: `${label} to`, kind: 'date' },
  ];
}

// A filter by a related record, picked by name as the form picks it (`{relation}_id`).
export function relationFilter(name: string, label: string, resource: ResourceKey, search?: RelationSearch): Filter {
  return search ? { name, label, kind: 'relation', resource, search } : { name, label, kind: 'relation', resource };
}

// A filter by the branch or warehouse a document is at (`prefix` '' for its own, 'from_'/'to_' for a movement's ends).
export function locationFilter(prefix: '' | 'from_' | 'to_', label: string): Filter {
  return { name: prefix, label, kind: 'location' };
}

// docs/domain/sales.md (Philippine VAT; Senior citizen and PWD discounts): the VAT breakdown of a sales document and
// the senior citizen or PWD discount it gives.
export const vatBreakdown: readonly Column[] = [
  { field: 'vatable_sales', label: 'VATable Sales', kind: 'money' },
  { field: 'vat_amount', label: 'VAT', kind: 'money' },
  { field: 'vat_exempt_sales', label: 'VAT-Exempt Sales', kind: 'money' },
  { field: 'zero_rated_sales', label: 'Zero-Rated Sales', kind: 'money' },
  { field: 'vat_removed', label: 'Less: VAT (SC/PWD)', kind: 'money' },
  { field: 'special_discount_total', label: 'SC/PWD Discount', kind: 'money' },
  { field: 'special_discount', label: 'SC/PWD Holder', kind: 'special-discount' },
];
