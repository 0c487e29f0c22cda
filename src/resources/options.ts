import { paymentMethodLabels } from '../format/payment-method.ts';
import type { Option } from './resource.ts';

export const paymentMethodOptions: readonly Option[] = Object.entries(paymentMethodLabels).map(([value, label]) => ({
  value,
  label,
}));
