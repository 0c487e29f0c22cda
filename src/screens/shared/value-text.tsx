import { Badge, Text } from '@chakra-ui/react';
import { codeWords, hasOwnWording } from '../../format/code-words.ts';
import { formatDate, formatTimestamp } from '../../format/date.ts';
import { type DiscountTierValue, formatDiscounts } from '../../format/discounts.ts';
import { formatMoney } from '../../format/money.ts';
import { formatPaymentMethod } from '../../format/payment-method.ts';
import { formatPower, formatSphere } from '../../format/prescription.ts';
import { formatQuantity } from '../../format/quantity.ts';
import type { ValueKind } from '../../resources/resource.ts';

export type ValueTextProps = { value: unknown; kind?: ValueKind };

function isTierList(value: unknown): value is DiscountTierValue[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null);
}

// A senior citizen or PWD discount: who had it, on which ID, under which program.
function specialDiscountText(value: unknown): string {
  if (typeof value !== 'object') return String(value);
  const { holder_name, holder_id_number, program_name } = value as Record<string, unknown>;
  return `${String(holder_name ?? '')}, ${String(program_name ?? '')} ID ${String(holder_id_number ?? '')}`;
}

export function formatValue(value: unknown, kind: ValueKind = 'text'): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value) : String(value);
    case 'quantity':
      return typeof value === 'number' ? formatQuantity(value) : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'date':
      return formatDate(String(value));
    case 'timestamp':
      return formatTimestamp(String(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'discounts':
      return isTierList(value) ? formatDiscounts(value) : '';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'label':
      // A code reads as words, capitalised as a sentence where a page prints it ("defective": Defective); a badge
      // capitalises each word ("stock-receive": Stock Receive).
      return codeWords(String(value));
    case 'payment-method':
      return formatPaymentMethod(value);
    case 'special-discount':
      return specialDiscountText(value);
    case 'power':
      return typeof value === 'number' ? formatPower(value) : String(value);
    case 'sphere':
      return typeof value === 'number' ? formatSphere(value) : String(value);
    default:
      return String(value);
  }
}

export function ValueText({ value, kind }: ValueTextProps) {
  const text = formatValue(value, kind);
  if (kind === 'label' && text) {
    return (
      <Badge variant="subtle" textTransform={hasOwnWording(String(value)) ? undefined : 'capitalize'}>
        {text}
      </Badge>
    );
  }
  return <Text as="span">{text}</Text>;
}
