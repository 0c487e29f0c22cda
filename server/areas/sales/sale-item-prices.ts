import type { z } from 'zod';
import {
  CreateSaleItemPriceBody,
  ListSaleItemPricesQueryParams,
  SearchSaleItemPricesQueryParams,
  UpdateSaleItemPriceBody,
} from '../../../generated/zod/sale-item-prices/sale-item-prices.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { moneyColumn, textMatchesOf } from '../../engine/price-helpers.ts';
import type { Resource } from '../../engine/resource.ts';

type PriceInput = z.output<typeof CreateSaleItemPriceBody> | z.output<typeof UpdateSaleItemPriceBody>;

// An item's selling price from a date on, for one branch or (branch_id null) for every branch.
export const saleItemPricesResource: Resource<'sale_item_prices', PriceInput, PriceInput> = {
  prefix: 'sale-item-prices',
  singular: 'sale item price',
  table: 'sale_item_prices',
  scope: 'business',
  schemas: {
    list: ListSaleItemPricesQueryParams,
    search: SearchSaleItemPricesQueryParams,
    create: CreateSaleItemPriceBody,
    update: UpdateSaleItemPriceBody,
  },
  searchColumns: [],
  references: { item_id: 'items', branch_id: 'branches' },
  filters: { search: textMatchesOf('sale_item_prices', 'branch_id', 'branches') },
  toColumns: (input) => moneyColumn(input, 'unit_price'),
  async present(ctx, rows) {
    const [items, branches] = await Promise.all([
      namesById(
        ctx.db,
        'items',
        rows.map((row) => row.item_id),
      ),
      namesById(
        ctx.db,
        'branches',
        rows.map((row) => row.branch_id),
      ),
    ]);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      item_id: row.item_id,
      branch_id: row.branch_id,
      unit_price: centavosToPesos(row.unit_price),
      effective_date: row.effective_date,
      item_name: nameOf(items, row.item_id),
      branch_name: nameOf(branches, row.branch_id),
    }));
  },
};
