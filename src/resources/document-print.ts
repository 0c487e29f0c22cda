import type { PriceSide } from './document-lines.ts';
import * as documentLine from './document-lines.ts';
import type { Column, DocumentPrint } from './resource.ts';

// The printed document's line columns: every sheet names each line by its code and item; a priced document adds its
// quantity, price, discount (when its lines carry one) and amount, and prints its totals, which a purchase document
// prints only for a user with view-costs.

export const printedItemColumns: readonly Column[] = [
  { field: 'item_code', label: 'Code' },
  { field: 'item_name', label: 'Item' },
];

export const printedQuantityColumn: Column = { field: 'quantity', label: 'Quantity', kind: 'quantity' };

// A line's unit beside its quantity, where lines count in more than one unit ("6 Pair", "2 Box").
const printedUnitColumn: Column = { field: 'unit_name', label: 'Unit' };

export function printedPricedColumns(side: PriceSide, discounted: boolean, unit = false): readonly Column[] {
  return [
    ...printedItemColumns,
    printedQuantityColumn,
    ...(unit ? [printedUnitColumn] : []),
    documentLine.priceColumn(side),
    ...(discounted ? [documentLine.discountColumn] : []),
    documentLine.amountColumn(side),
  ];
}

// A priced document's paper copy: its date, who and where, its priced lines and its totals.
export function pricedPrint(
  side: PriceSide,
  sheet: Pick<DocumentPrint, 'dateField' | 'parties' | 'signatures' | 'salesInvoice' | 'totalRows'> & {
    discounted?: boolean;
    unit?: boolean;
  },
): DocumentPrint {
  const { discounted = true, unit = false, ...rest } = sheet;
  return {
    ...rest,
    columns: printedPricedColumns(side, discounted, unit),
    totals: true,
    ...(side === 'purchase' ? { totalsAreCosts: true } : {}),
  };
}
