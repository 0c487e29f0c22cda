// One label per payment method, wherever a method is named: the form's select, lists, views, the daily sales.
export const paymentMethodLabels = {
  cash: 'Cash',
  bank_transfer: 'Bank Transfer',
  check: 'Check',
  card: 'Card',
  e_wallet: 'E-Wallet',
  store_credit: 'Store Credit',
  supplier_credit: 'Supplier Credit',
  deposit: 'Deposit',
} as const satisfies Record<string, string>;

export function formatPaymentMethod(value: unknown): string {
  const key = String(value);
  return key in paymentMethodLabels ? paymentMethodLabels[key as keyof typeof paymentMethodLabels] : key;
}
