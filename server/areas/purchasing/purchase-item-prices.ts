import type { z } from 'zod';
import * as contract from '../../../generated/zod/purchase-item-prices/purchase-item-prices.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { moneyColumn, presentPrices, textMatchesOf } from '../../engine/price-helpers.ts';
import type { Resource } from '../../engine/resource.ts';

type PriceInput =
  | z.output<typeof contract.CreatePurchaseItemPriceBody>
  | z.output<typeof contract.UpdatePurchaseItemPriceBody>;

// A supplier's cost for an item from a date on; a new purchase line defaults to the latest one in effect.
export const purchaseItemPricesResource: Resource<'purchase_item_prices', PriceInput, PriceInput> = {
  prefix: 'purchase-item-prices',
  singular: 'purchase item price',
  table: 'purchase_item_prices',
  scope: 'business',
  schemas: contractSchemas(contract, 'PurchaseItemPrice', 'PurchaseItemPrices'),
  searchColumns: [],
  costs: { fields: ['unit_cost'] },
  references: { item_id: 'items', contact_id: 'contacts' },
  filters: { search: textMatchesOf('purchase_item_prices', 'contact_id', 'contacts') },
  toColumns: (input) => moneyColumn(input, 'unit_cost'),
  present: (ctx, rows) =>
    presentPrices(ctx.db, rows, { column: 'contact_id', table: 'contacts', name: 'contact_name' }, 'unit_cost'),
};
