import type { Column, LineField } from './resource.ts';

// What document lines share: the item and quantity every line has, and the price a priced line carries, which is
// its unit cost on a purchase (a cost, hidden without view-costs) and its unit price on a sale.

export type PriceSide = 'purchase' | 'sale';

export const item: Extract<LineField, { kind: 'item' }> = {
  name: 'item_id',
  label: 'Item',
  kind: 'item',
  labelField: 'item_name',
  required: true,
};

export const quantity: LineField = { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true };

export function unitPrice(side: PriceSide): LineField {
  return side === 'purchase'
    ? { name: 'unit_cost', label: 'Unit Cost', kind: 'money' }
    : { name: 'unit_price', label: 'Unit Price', kind: 'money' };
}

// The quantity, price and discount a priced line is entered with, after its item.
export function pricedFields(side: PriceSide): readonly LineField[] {
  return [quantity, unitPrice(side), { name: 'discount_percent', label: 'Discount %', kind: 'percent' }];
}

// The item and quantity every line shows first.
export const itemColumns: readonly Column[] = [
  { field: 'item_name', label: 'Item' },
  { field: 'quantity', label: 'Quantity', kind: 'quantity' },
];

export const unitCostColumn: Column = { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true };

export function priceColumn(side: PriceSide): Column {
  return side === 'purchase' ? unitCostColumn : { field: 'unit_price', label: 'Unit Price', kind: 'money' };
}

export function amountColumn(side: PriceSide): Column {
  return side === 'purchase'
    ? { field: 'amount', label: 'Amount', kind: 'money', cost: true }
    : { field: 'amount', label: 'Amount', kind: 'money' };
}

export const discountColumn: Column = { field: 'discount_percent', label: 'Discount', kind: 'percent' };

// The VAT class of a sale line (docs/domain/sales.md, Philippine VAT).
export const taxClassColumn: Column = { field: 'tax_class', label: 'Tax', kind: 'label' };
