import type { Filter, Option, RelationSearch, ResourceKey } from './resource.ts';

// The Advance Search filters the lists share, named once so that each reads the same on every list.

// The `{field}_from` / `{field}_to` pair the API filters a date by.
export function dateRange(field: string, label: string): readonly Filter[] {
  return [
    { name: `${field}_from`, label: `${label} from`, kind: 'date' },
    { name: `${field}_to`, label: `${label} to`, kind: 'date' },
  ];
}

// A filter by a related record, picked by name as the form picks it (`{relation}_id`).
export function relation(name: string, label: string, resource: ResourceKey, search?: RelationSearch): Filter {
  return search ? { name, label, kind: 'relation', resource, search } : { name, label, kind: 'relation', resource };
}

// A filter by the branch or warehouse a document is at (`prefix` '' for its own, 'from_'/'to_' for a movement's ends).
export function location(prefix: '' | 'from_' | 'to_', label: string): Filter {
  return { name: prefix, label, kind: 'location' };
}

export function status(options: readonly Option[]): Filter {
  return { name: 'status', label: 'Status', kind: 'select', options };
}

export function reason(options: readonly Option[]): Filter {
  return { name: 'reason', label: 'Reason', kind: 'select', options };
}

// docs/domain/sales.md and purchasing.md: an invoice's or bill's status follows its payments.
export const paymentStatuses: readonly Option[] = [
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'partially_paid', label: 'Partially paid' },
  { value: 'paid', label: 'Paid' },
];

// What is owed on a paid document (an invoice, a bill): its status, whether anything is left to pay, whether returns
// were credited against it (`credits`: "Has credit memos", "Has debit memos"), and the largest balances first.
export function owed(credits: string): readonly Filter[] {
  return [
    status(paymentStatuses),
    {
      name: 'has_balance',
      label: 'Balance',
      kind: 'select',
      options: [{ value: '1', label: 'Unpaid or partly paid' }],
    },
    { name: 'has_credits', label: 'Credits', kind: 'select', options: [{ value: '1', label: credits }] },
    { name: 'sort', label: 'Sort by', kind: 'select', options: [{ value: 'balance', label: 'Balance' }] },
  ];
}
