import type { z } from 'zod';
import {
  CreatePurchaseItemPriceBody,
  ListPurchaseItemPricesQueryParams,
  SearchPurchaseItemPricesQueryParams,
  UpdatePurchaseItemPriceBody,
} from '../../../generated/zod/purchase-item-prices/purchase-item-prices.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { moneyColumn, textMatchesOf } from '../../engine/price-helpers.ts';
import type { Resource } from '../../engine/resource.ts';

type PriceInput = z.output<typeof CreatePurchaseItemPriceBody> | z.output<typeof UpdatePurchaseItemPriceBody>;

// A supplier's cost for an item from a date on; a new purchase line defaults to the latest one in effect.
export const purchaseItemPricesResource: Resource<'purchase_item_prices', PriceInput, PriceInput> = {
  prefix: 'purchase-item-prices',
  singular: 'purchase item price',
  table: 'purchase_item_prices',
  scope: 'business',
  schemas: {
    list: ListPurchaseItemPricesQueryParams,
    search: SearchPurchaseItemPricesQueryParams,
    create: CreatePurchaseItemPriceBody,
    update: UpdatePurchaseItemPriceBody,
  },
  searchColumns: [],
  costs: { fields: ['unit_cost'] },
  references: { item_id: 'items', contact_id: 'contacts' },
  filters: { search: textMatchesOf('purchase_item_prices', 'contact_id', 'contacts') },
  toColumns: (input) => moneyColumn(input, 'unit_cost'),
  async present(ctx, rows) {
    const [items, contacts] = await Promise.all([
      namesById(
        ctx.db,
        'items',
        rows.map((row) => row.item_id),
      ),
      namesById(
        ctx.db,
        'contacts',
        rows.map((row) => row.contact_id),
      ),
    ]);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      item_id: row.item_id,
      contact_id: row.contact_id,
      unit_cost: centavosToPesos(row.unit_cost),
      effective_date: row.effective_date,
      item_name: nameOf(items, row.item_id),
      contact_name: nameOf(contacts, row.contact_id),
    }));
  },
};
