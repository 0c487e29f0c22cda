import {
  ListStockLotsQueryParams,
  SearchStockLotsQueryParams,
} from '../../../generated/zod/stock-lots/stock-lots.zod.ts';
import { containsText, dialectOf } from '../../db/dialect.ts';
import { businessDate } from '../../domain/business-date.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { ListCondition, Resource } from '../../engine/resource.ts';
import { containsTextIndexed } from '../../engine/search-index.ts';
import { locationNames } from '../../ledger/document-presenting.ts';

const dayInMs = 24 * 60 * 60 * 1000;

// Lots with goods on hand that expire on or before the shop's today plus the days asked; the expired ones too,
// since they must leave the shelf as well.
const expiringWithin: ListCondition = (rows, value, ctx) => {
  const limit = businessDate(new Date(Date.parse(ctx.now) + Number(value) * dayInMs));
  return rows.where('quantity_on_hand', '>', 0).where('expires_on', '<=', limit);
};

// Read-only, seen with view-stocks (server/registry/resources.ts): lot rows change only inside the postings of documents, beside their stock row.
export const stockLotsResource: Resource<'stock_lots'> = {
  prefix: 'stock-lots',
  singular: 'stock lot',
  table: 'stock_lots',
  scope: 'business',
  schemas: { list: ListStockLotsQueryParams, search: SearchStockLotsQueryParams },
  searchColumns: [],
  conditions: { expiring_within_days: expiringWithin },
  filters: {
    // A lot is found by its number or by its item's code or name (lot numbers are few per item: no index of
    // their own).
    async search(value, ctx) {
      const dialect = dialectOf(ctx.db);
      const text = String(value);
      const byItem = await ctx.db
        .selectFrom('stock_lots')
        .innerJoin('items', 'items.id', 'stock_lots.item_id')
        .select('stock_lots.id')
        .where('stock_lots.business_id', '=', ctx.businessId ?? 0)
        .where(containsTextIndexed(dialect, [{ table: 'items', id: 'items.id' }], ['items.code', 'items.name'], text))
        .execute();
      const byLot = await ctx.db
        .selectFrom('stock_lots')
        .select('id')
        .where('business_id', '=', ctx.businessId ?? 0)
        .where(containsText(dialect, 'lot_number', text))
        .execute();
      return [...byItem, ...byLot].map((row) => row.id);
    },
  },
  async present(ctx, rows) {
    const items = await ctx.db
      .selectFrom('items')
      .select(['id', 'code', 'name'])
      .where('id', 'in', [...rows.map((row) => row.item_id), 0])
      .execute();
    const itemOf = new Map(items.map((item) => [item.id, item]));
    const locationName = await locationNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      stock_id: row.stock_id,
      item_id: row.item_id,
      branch_id: row.branch_id,
      warehouse_id: row.warehouse_id,
      lot_number: row.lot_number,
      expires_on: row.expires_on,
      quantity_on_hand: fromThousandths(Number(row.quantity_on_hand)),
      quantity_in_transit: fromThousandths(Number(row.quantity_in_transit)),
      item_code: itemOf.get(row.item_id)?.code ?? '',
      item_name: itemOf.get(row.item_id)?.name ?? '',
      location_name: locationName(row.branch_id, row.warehouse_id) ?? '',
    }));
  },
};
