import { lineFigures, toCentavos, toPesos } from '../format/line-amounts.ts';
import { formatMoney } from '../format/money.ts';
import type { Column } from './resource.ts';

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

// docs/domain/sales.md (Philippine VAT; Senior citizen and PWD discounts): a sales document's figures as a Philippine sales invoice names them: the total sales, what
// comes off them (a regular discount, or for a senior citizen or PWD the VAT and the program's discount), the amount
// due, the VAT breakdown, and whose ID the special discount was given on.
export const saleFigures: readonly Column[] = [
  { field: 'subtotal', label: 'Total sales', kind: 'money' },
  { field: 'discount_total', label: 'Less: Discount', kind: 'money' },
  { field: 'vat_removed', label: 'Less: VAT (SC/PWD)', kind: 'money' },
  { field: 'special_discount_total', label: 'Less SC/PWD discount', kind: 'money' },
  { field: 'total', label: 'Amount due', kind: 'money' },
  { field: 'vatable_sales', label: 'VATable Sales', kind: 'money' },
  { field: 'vat_amount', label: 'VAT', kind: 'money' },
  { field: 'vat_exempt_sales', label: 'VAT-Exempt Sales', kind: 'money' },
  { field: 'zero_rated_sales', label: 'Zero-Rated Sales', kind: 'money' },
  { field: 'special_discount', label: 'SC/PWD Holder', kind: 'special-discount' },
];

// A sale line's discount as the printed invoice gives it: the line's own percent, or on a senior citizen's or PWD's
// line the VAT taken off and the program's discount, so that quantity × price less these reads the line's amount.
export const saleLineDiscount: Column = {
  field: 'discount_percent',
  label: 'Discount',
  value: (line) => {
    const special = toCentavos(Number(line.special_discount_amount ?? 0));
    if (special <= 0) return typeof line.discount_percent === 'number' ? `${line.discount_percent}%` : null;
    const { gross } = lineFigures(line.quantity, line.unit_price, null);
    const vatOff = gross - toCentavos(Number(line.amount ?? 0)) - special;
    const programOff = `SC/PWD discount ${formatMoney(toPesos(special))}`;
    return vatOff > 0 ? `Less VAT ${formatMoney(toPesos(vatOff))}, less ${programOff}` : `Less ${programOff}`;
  },
};
