import { ListStocksQueryParams, SearchStocksQueryParams } from '../../../generated/zod/stocks/stocks.zod.ts';
import { dialectOf } from '../../db/dialect.ts';
import { stockValue } from '../../domain/average-cost.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { containsTextIndexed } from '../../engine/search-index.ts';
import { locationNames } from '../../ledger/document-presenting.ts';

// Read-only: stock rows change only inside the postings of documents.
export const stocksResource: Resource<'stocks'> = {
  prefix: 'stocks',
  singular: 'stock',
  table: 'stocks',
  scope: 'business',
  schemas: { list: ListStocksQueryParams, search: SearchStocksQueryParams },
  searchColumns: [],
  costs: { fields: ['average_unit_cost', 'value'] },
  filters: {
    // A stock row is found by its item's code or name.
    async search(value, ctx) {
      const dialect = dialectOf(ctx.db);
      const rows = await ctx.db
        .selectFrom('stocks')
        .innerJoin('items', 'items.id', 'stocks.item_id')
        .select('stocks.id')
        .where('stocks.business_id', '=', ctx.businessId ?? 0)
        .where(
          containsTextIndexed(
            dialect,
            [{ table: 'items', id: 'items.id' }],
            ['items.code', 'items.name'],
            String(value),
          ),
        )
        .execute();
      return rows.map((row) => row.id);
    },
  },
  async present(ctx, rows) {
    const items = await ctx.db
      .selectFrom('items')
      .select(['id', 'code', 'name', 'reorder_level'])
      .where('id', 'in', [...rows.map((row) => row.item_id), 0])
      .execute();
    const itemOf = new Map(items.map((item) => [item.id, item]));
    const locationName = await locationNames(ctx.db, rows);
    return rows.map((row) => {
      const item = itemOf.get(row.item_id);
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        item_id: row.item_id,
        branch_id: row.branch_id,
        warehouse_id: row.warehouse_id,
        quantity_on_hand: fromThousandths(Number(row.quantity_on_hand)),
        quantity_in_transit: fromThousandths(Number(row.quantity_in_transit)),
        average_unit_cost: centavosToPesos(Number(row.average_unit_cost)),
        value: centavosToPesos(stockValue(Number(row.quantity_on_hand), Number(row.average_unit_cost))),
        item_code: item?.code ?? '',
        item_name: item?.name ?? '',
        location_name: locationName(row.branch_id, row.warehouse_id) ?? '',
        reorder_level: item?.reorder_level == null ? null : fromThousandths(Number(item.reorder_level)),
      };
    });
  },
};
