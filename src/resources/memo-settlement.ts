import { refundMethodOptions } from './options.ts';
import type { FormField, Option } from './resource.ts';

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
