import type { Option } from './resource.ts';

export const paymentMethodOptions: readonly Option[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'e_wallet', label: 'E-wallet' },
];
