import { sql } from 'kysely';
import { GetInventoryListReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { notAfterToday, ownerReport } from './owner-report.ts';
import { stockReportLocation } from './report-scope.ts';
import { valuedStock } from './stock-valuation.ts';

/**
 * The inventory list (docs/domain/reports.md, The books): per item, the quantity and value Stock Valuation gives at
 * the end of the day, through its very query, so that the list's total is Stock Valuation's as of that day (goods
 * in transit under their destination). The total is the ledger's value; the unit cost is that total over the
 * quantity, rounded to the centavo, as an average cost reads.
 */
export const inventoryListOwnerReport = ownerReport({
  name: 'inventory-list',
  query: GetInventoryListReportQueryParams,
  run: async (asked, query) => {
    const items = await valuedStock(
      asked.db,
      asked.businessId,
      {
        asOf: notAfterToday('as_of', query.as_of, asked.today),
        today: asked.today,
        location: await stockReportLocation(asked, query),
      },
      { key: sql`i.id`, label: sql`i.code`, detail: sql`i.name` },
    );
    const total = items.reduce((sum, item) => sum + item.value, 0);
    return {
      rows: items.map((item) => ({
        item_id: Number(item.key),
        code: item.label,
        name: item.detail,
        quantity: fromThousandths(item.quantity),
        unit_cost: centavosToPesos(item.quantity === 0 ? 0 : Math.round((item.value * 1000) / item.quantity)),
        total: centavosToPesos(item.value),
      })),
      totals: {
        quantity: fromThousandths(items.reduce((sum, item) => sum + item.quantity, 0)),
        total: centavosToPesos(total),
      },
    };
  },
  csv: [
    { field: 'code', header: 'Item Code' },
    { field: 'name', header: 'Item Description' },
    { field: 'quantity', header: 'Quantity' },
    { field: 'unit_cost', header: 'Unit Cost', money: true },
    { field: 'total', header: 'Total Cost', money: true },
  ],
});
