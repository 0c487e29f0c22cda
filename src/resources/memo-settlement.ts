import * as filter from './filters.ts';
import { refundMethodOptions } from './options.ts';
import type { Filter, FormField, Option } from './resource.ts';

// docs/domain/sales.md, Credit memos, and docs/domain/purchasing.md, Debit memos: why goods came back, and how a memo
// settles what it does not apply to its invoice or bill: as the contact's credit, or refunded in money.

export const memoReasons: readonly Option[] = [
  { value: 'returned', label: 'Returned' },
  { value: 'defective', label: 'Defective' },
  { value: 'price_adjustment', label: 'Price adjustment' },
  { value: 'other', label: 'Other' },
];

// Why the goods came back and how the excess is settled; `settlements`: the side's own credit and a refund.
export function memoFields(settlements: readonly Option[]): readonly FormField[] {
  return [
    { name: 'reason', label: 'Reason', kind: 'select', options: memoReasons, required: true, defaultValue: 'returned' },
    { name: 'settlement', label: 'Settle the Excess as', kind: 'select', options: settlements },
    { name: 'refund_method', label: 'Refund Method', kind: 'select', options: refundMethodOptions },
    { name: 'refund_reference', label: 'Refund Reference', kind: 'text' },
  ];
}

// A memo's Advance Search: its reason, its contact (`party`), the invoice or bill it is against (`against`), where it
// was made (`place`: "Branch", "Location") and when.
export function memoFilters(party: Filter, against: Filter, place: string): readonly Filter[] {
  return [
    filter.reason(memoReasons),
    party,
    against,
    filter.location('', place),
    ...filter.dateRange('memo_date', 'Memo date'),
  ];
}
