import { paymentMethodLabels } from '../format/payment-method.ts';
import type { Option } from './resource.ts';

// Options from each value's label, in the order written: a select's words declared as the map they are.
// Typed by its values (`optionsOf<RemakeReason>`), it must name every one of them.
export function optionsOf<Value extends string = string>(
  labels: Readonly<Record<Value, string>>,
): (Option & { value: Value })[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }));
}

export const paymentMethodOptions: readonly Option[] = optionsOf(paymentMethodLabels);

// A contact's credit pays only its own side's documents: store credit an invoice, supplier credit a bill
// (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md, Debit memos); a refund is paid out in money.
// A deposit is applied by claiming its job order (docs/domain/sales.md, Deposits), never picked on a payment form.
const chosenMethods = paymentMethodOptions.filter((option) => option.value !== 'deposit');
export const salesPaymentMethodOptions = chosenMethods.filter((option) => option.value !== 'supplier_credit');
export const purchasePaymentMethodOptions = chosenMethods.filter((option) => option.value !== 'store_credit');
export const refundMethodOptions = chosenMethods.filter(
  (option) => option.value !== 'store_credit' && option.value !== 'supplier_credit',
);
