import * as contract from '../../../generated/zod/stock-lots/stock-lots.zod.ts';
import { containsText, dialectOf } from '../../db/dialect.ts';
import { businessDate } from '../../domain/business-date.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import type { ListCondition, Resource, Row } from '../../engine/resource.ts';
import { containsTextIndexed } from '../../engine/search/search-index.ts';
import { type HiddenStock, hiddenStock, isHidden } from '../../ledger/stock/blind-counts.ts';
import { stockNames } from './stock-names.ts';

const dayInMs = 24 * 60 * 60 * 1000;

// Lots with goods on hand that expire on or before the shop's today plus the days asked; the expired ones too,
// since they must leave the shelf as well. Earliest expiry first (the expired ones at the top): the order they
// leave the shelf in.
const expiringWithin: ListCondition = (rows, value, ctx) => {
  const limit = businessDate(new Date(Date.parse(ctx.now) + Number(value) * dayInMs));
  return rows.where('quantity_on_hand', '>', 0).where('expires_on', '<=', limit).orderBy('expires_on', 'asc');
};

// Read-only, seen with view-stocks (server/registry/resources.ts): lot rows change only inside the postings of documents, beside their stock row.
export const stockLotsResource: Resource<'stock_lots'> = {
  prefix: 'stock-lots',
  singular: 'stock lot',
  table: 'stock_lots',
  scope: 'business',
  schemas: contractSchemas(contract, 'StockLot', 'StockLots'),
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
    const { namesOf } = await stockNames(ctx.db, rows);
    const hidden = await hiddenStock(ctx.db, ctx.businessId, ctx.identity);
    return rows.map((row) => presentLot(row, namesOf(row), hidden));
  },
};

// A lot as the API shows it (the StockLot schema), named by its item and location: in the lots' list and among the
// Overview's expiring lots.
export function presentLot(
  row: Row<'stock_lots'>,
  names: { item_code: string; item_name: string; location_name: string },
  hidden: HiddenStock,
) {
  return {
    ...auditColumns(row),
    ...storedFields(row, [
      'business_id',
      'stock_id',
      'item_id',
      'branch_id',
      'warehouse_id',
      'lot_number',
      'expires_on',
    ]),
    quantity_on_hand: isHidden(hidden, row) ? null : fromThousandths(Number(row.quantity_on_hand)),
    quantity_in_transit: fromThousandths(Number(row.quantity_in_transit)),
    ...names,
  };
}
