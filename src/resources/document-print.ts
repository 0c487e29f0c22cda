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

export function printedPricedColumns(side: PriceSide, discounted: boolean): readonly Column[] {
  return [
    ...printedItemColumns,
    printedQuantityColumn,
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
  },
): DocumentPrint {
  const { discounted = true, ...rest } = sheet;
  return {
    ...rest,
    columns: printedPricedColumns(side, discounted),
    totals: true,
    ...(side === 'purchase' ? { totalsAreCosts: true } : {}),
  };
}
