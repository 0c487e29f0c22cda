import type { z } from 'zod';
import * as contract from '../../../generated/zod/sale-item-prices/sale-item-prices.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { moneyColumn, presentPrices, textMatchesOf } from '../../engine/price-helpers.ts';
import type { Resource } from '../../engine/resource.ts';

type PriceInput = z.output<typeof contract.CreateSaleItemPriceBody> | z.output<typeof contract.UpdateSaleItemPriceBody>;

// An item's selling price from a date on, for one branch or (branch_id null) for every branch.
export const saleItemPricesResource: Resource<'sale_item_prices', PriceInput, PriceInput> = {
  prefix: 'sale-item-prices',
  singular: 'sale item price',
  table: 'sale_item_prices',
  scope: 'business',
  schemas: contractSchemas(contract, 'SaleItemPrice', 'SaleItemPrices'),
  searchColumns: [],
  references: { item_id: 'items', branch_id: 'branches' },
  filters: { search: textMatchesOf('sale_item_prices', 'branch_id', 'branches') },
  toColumns: (input) => moneyColumn(input, 'unit_price'),
  present: (ctx, rows) =>
    presentPrices(ctx.db, rows, { column: 'branch_id', table: 'branches', name: 'branch_name' }, 'unit_price'),
};
