import * as contract from '../../../generated/zod/stocks/stocks.zod.ts';
import { dialectOf } from '../../db/dialect.ts';
import { ledgerValueCentavos } from '../../domain/average-cost.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { containsTextIndexed } from '../../engine/search/search-index.ts';
import { hiddenStock, isHidden, unlessHidden } from '../../ledger/stock/blind-counts.ts';
import { stockNames } from './stock-names.ts';

// Read-only: stock rows change only inside the postings of documents.
export const stocksResource: Resource<'stocks'> = {
  prefix: 'stocks',
  singular: 'stock',
  table: 'stocks',
  scope: 'business',
  schemas: contractSchemas(contract, 'Stock', 'Stocks'),
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
    const { itemOf, namesOf } = await stockNames(ctx.db, rows);
    const hidden = await hiddenStock(ctx.db, ctx.businessId, ctx.identity);
    return rows.map((row) => {
      const item = itemOf.get(row.item_id);
      // The value is the quantity times a cost the user may see: it goes with the quantity.
      const counting = isHidden(hidden, row);
      return {
        ...auditColumns(row),
        ...storedFields(row, ['business_id', 'item_id', 'branch_id', 'warehouse_id']),
        quantity_on_hand: unlessHidden(counting, fromThousandths(Number(row.quantity_on_hand))),
        quantity_in_transit: fromThousandths(Number(row.quantity_in_transit)),
        average_unit_cost: centavosToPesos(Number(row.average_unit_cost)),
        // The value on hand as its movements sum it (migration 030), not a rounded average times the quantity.
        value: unlessHidden(counting, centavosToPesos(ledgerValueCentavos(Number(row.value_on_hand)))),
        ...namesOf(row),
        reorder_level: item?.reorder_level == null ? null : fromThousandths(Number(item.reorder_level)),
      };
    });
  },
};
