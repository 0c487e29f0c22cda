import { computeLineAmount, divideRounded } from './line-amount.ts';
import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

// Philippine VAT on VAT-inclusive prices, and the senior citizen / PWD discount (docs/domain/sales.md, Philippine VAT;
// Senior citizen and PWD discounts). Pure and free of server imports: the invoice form imports this very file to show
// the breakdown the server will store.

export const TAX_CLASSES = ['vatable', 'vat_exempt', 'zero_rated'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

// The rate of the Tax Code (section 106), not a shop's choice.
export const VAT_RATE_PERCENT = 12;

export type SaleLineInput = {
  quantity: Thousandths;
  unit_price: Centavos;
  discount_percent: number | null;
  tax_class: TaxClass;
  // The invoice names a special-discount program and the line's item type is one of the program's.
  qualifies: boolean;
};

export type SpecialProgram = { percent: number; vat_exempt: boolean };

export type VatSettings = { vatRegistered: boolean; program: SpecialProgram | null };

export type SaleLineFigures = {
  gross: Centavos;
  // The line's own discount, when it is the one given.
  discount: Centavos;
  // The VAT taken off a qualifying line before the program's percent.
  vat_removed: Centavos;
  // The program's discount, when it is the one given.
  special_discount: Centavos;
  amount: Centavos;
  // How the line counts in the breakdown: a qualifying line of a VAT-exempt program counts as VAT-exempt.
  counted_as: TaxClass;
  vat: Centavos;
};

export type VatBreakdown = {
  subtotal: Centavos;
  discount_total: Centavos;
  vat_removed: Centavos;
  special_discount_total: Centavos;
  vatable_sales: Centavos;
  vat_amount: Centavos;
  vat_exempt_sales: Centavos;
  zero_rated_sales: Centavos;
  total: Centavos;
};

function vatIn(amount: Centavos): Centavos {
  return Number(divideRounded(BigInt(amount) * BigInt(VAT_RATE_PERCENT), BigInt(100 + VAT_RATE_PERCENT)));
}

// A non-VAT business has no VAT to show or remove: everything it sells counts as VAT-exempt.
function countedClass(taxClass: TaxClass, settings: VatSettings, special: boolean): TaxClass {
  if (!settings.vatRegistered) return 'vat_exempt';
  if (special && settings.program?.vat_exempt) return 'vat_exempt';
  return taxClass;
}

export function computeSaleLine(line: SaleLineInput, settings: VatSettings): SaleLineFigures {
  const program = line.qualifies ? settings.program : null;
  if (program === null) {
    const { gross, discount, amount } = computeLineAmount(line.quantity, line.unit_price, line.discount_percent);
    const countedAs = countedClass(line.tax_class, settings, false);
    const vat = countedAs === 'vatable' ? vatIn(amount) : 0;
    return { gross, discount, vat_removed: 0, special_discount: 0, amount, counted_as: countedAs, vat };
  }
  // VAT off first (price ÷ 1.12, rounded once), then the larger of the two percents off what is left: the
  // holder never gets both discounts.
  const { gross } = computeLineAmount(line.quantity, line.unit_price, 0);
  const removesVat = program.vat_exempt && settings.vatRegistered && line.tax_class === 'vatable';
  const net = removesVat ? Number(divideRounded(BigInt(gross) * 100n, BigInt(100 + VAT_RATE_PERCENT))) : gross;
  const ownPercent = line.discount_percent ?? 0;
  const programWins = program.percent >= ownPercent;
  const off = Number(divideRounded(BigInt(net) * BigInt(programWins ? program.percent : ownPercent), 100n));
  const amount = net - off;
  const countedAs = countedClass(line.tax_class, settings, true);
  return {
    gross,
    discount: programWins ? 0 : off,
    vat_removed: gross - net,
    special_discount: programWins ? off : 0,
    amount,
    counted_as: countedAs,
    vat: countedAs === 'vatable' ? vatIn(amount) : 0,
  };
}

// Sums of the already-rounded line figures, so the parts always add up to the total to the centavo.
export function sumVatBreakdown(lines: readonly SaleLineFigures[]): VatBreakdown {
  const totals: VatBreakdown = {
    subtotal: 0,
    discount_total: 0,
    vat_removed: 0,
    special_discount_total: 0,
    vatable_sales: 0,
    vat_amount: 0,
    vat_exempt_sales: 0,
    zero_rated_sales: 0,
    total: 0,
  };
  for (const line of lines) {
    totals.subtotal += line.gross;
    totals.discount_total += line.discount;
    totals.vat_removed += line.vat_removed;
    totals.special_discount_total += line.special_discount;
    totals.total += line.amount;
    if (line.counted_as === 'vatable') {
      totals.vatable_sales += line.amount - line.vat;
      totals.vat_amount += line.vat;
    } else if (line.counted_as === 'vat_exempt') {
      totals.vat_exempt_sales += line.amount;
    } else {
      totals.zero_rated_sales += line.amount;
    }
  }
  return totals;
}

export function computeVatBreakdown(
  lines: readonly SaleLineInput[],
  settings: VatSettings,
): { lines: SaleLineFigures[]; totals: VatBreakdown } {
  const figures = lines.map((line) => computeSaleLine(line, settings));
  return { lines: figures, totals: sumVatBreakdown(figures) };
}

// A Philippine TIN: nine digits and a branch code of three or five (docs/domain/management.md), dashes optional on the way
// in and always on the way out ("123-456-789-000"); null when it is not one.
export function normalizeTin(value: string): string | null {
  const digits = value.trim().replace(/[-\s]/g, '');
  if (!/^(\d{12}|\d{14})$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)}-${digits.slice(9)}`;
}
