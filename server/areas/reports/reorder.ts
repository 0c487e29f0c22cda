import { type Kysely, sql } from 'kysely';
import { GetReorderReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { ownerReport } from './owner-report.ts';
import { addDays, stockReportLocation } from './report-scope.ts';
import { stockAt } from './slow-movers.ts';

export type ReorderQuery = { today: string; location: Location | null };

// A suggestion covers this many days of the last 30 days' average sales, and at least refills to the reorder level.
const coverDays = 30;

type Row = {
  item_id: number;
  code: string;
  name: string;
  reorder_level: number | string;
  on_hand: number | string;
  in_transit: number | string;
  on_order: number | string;
  sold: number | string;
};

/**
 * Items whose stock on hand at the location (every location together when none is named) is below their reorder
 * level, with what is already coming (in transit, and ordered but not yet received on purchase orders still open)
 * and a suggested quantity to order: enough for 30 days of sales at the last 30 days' rate, and at least the
 * reorder level, less what is on hand and coming, in whole units. A lens family (an item with power variants and no
 * power of its own) is never suggested: its stock is its variants', each ordered by its power.
 */
export async function reorder(db: Kysely<Database>, businessId: number, query: ReorderQuery) {
  const since = addDays(query.today, -coverDays + 1);
  const location = query.location;
  const orderedTo =
    location === null
      ? sql``
      : location.branch_id !== null
        ? sql`AND o.branch_id = ${location.branch_id}`
        : sql`AND o.warehouse_id = ${location.warehouse_id}`;
  const soldAt =
    location === null
      ? sql``
      : location.branch_id !== null
        ? sql`AND v.branch_id = ${location.branch_id}`
        : sql`AND 1 = 0`;
  // Each figure summed once per item in its own grouped query (stock rows, open order lines, the last 30 days'
  // invoice lines by the invoice-date index), joined to the items that have a reorder level.
  const { rows } = await sql<Row>`
    SELECT i.id AS item_id, i.code, i.name, i.reorder_level,
      COALESCE(st.on_hand, 0) AS on_hand, COALESCE(st.in_transit, 0) AS in_transit,
      COALESCE(oo.on_order, 0) AS on_order, COALESCE(so.sold, 0) AS sold
    FROM items i
    LEFT JOIN (
      SELECT s.item_id, SUM(s.quantity_on_hand) AS on_hand, SUM(s.quantity_in_transit) AS in_transit FROM stocks s
      WHERE s.business_id = ${businessId} ${stockAt(location)} GROUP BY s.item_id
    ) st ON st.item_id = i.id
    LEFT JOIN (
      SELECT pl.item_id, SUM(pl.quantity - pl.received_quantity) AS on_order FROM purchase_orders o
      JOIN purchase_order_lines pl ON pl.purchase_order_id = o.id
      WHERE o.business_id = ${businessId} AND o.deleted_at IS NULL AND o.status NOT IN ('received', 'closed')
        AND pl.quantity > pl.received_quantity ${orderedTo}
      GROUP BY pl.item_id
    ) oo ON oo.item_id = i.id
    LEFT JOIN (
      SELECT l.item_id, SUM(l.quantity) AS sold FROM invoices v JOIN invoice_lines l ON l.invoice_id = v.id
      WHERE v.business_id = ${businessId} AND v.deleted_at IS NULL
        AND v.invoice_date >= ${since} AND v.invoice_date <= ${query.today} ${soldAt}
      GROUP BY l.item_id
    ) so ON so.item_id = i.id
    WHERE i.business_id = ${businessId} AND i.deleted_at IS NULL AND i.reorder_level IS NOT NULL
      AND i.is_inventory_tracked = 1 AND COALESCE(st.on_hand, 0) < i.reorder_level
      AND NOT (i.sphere IS NULL AND i.cylinder IS NULL AND i.add_power IS NULL AND EXISTS (
        SELECT 1 FROM items fv WHERE fv.business_id = ${businessId} AND fv.variant_of_item_id = i.id
          AND fv.deleted_at IS NULL))
    ORDER BY i.code`.execute(db);
  const below = rows.map((row) => {
    const level = Number(row.reorder_level);
    const onHand = Number(row.on_hand);
    const inTransit = Number(row.in_transit);
    const onOrder = Number(row.on_order);
    const averageDaily = Math.round(Number(row.sold) / coverDays);
    const target = Math.max(level, averageDaily * coverDays);
    const missing = Math.max(0, target - onHand - inTransit - onOrder);
    return {
      item_id: Number(row.item_id),
      code: row.code,
      name: row.name,
      level,
      onHand,
      inTransit,
      onOrder,
      averageDaily,
      suggested: Math.ceil(missing / 1000) * 1000,
    };
  });
  return {
    rows: below.map((row) => ({
      item_id: row.item_id,
      code: row.code,
      name: row.name,
      reorder_level: fromThousandths(row.level),
      quantity_on_hand: fromThousandths(row.onHand),
      quantity_in_transit: fromThousandths(row.inTransit),
      quantity_on_order: fromThousandths(row.onOrder),
      average_daily_sales: fromThousandths(row.averageDaily),
      suggested_quantity: fromThousandths(row.suggested),
    })),
    totals: { suggested_quantity: fromThousandths(below.reduce((sum, row) => sum + row.suggested, 0)) },
  };
}

export const reorderOwnerReport = ownerReport({
  name: 'reorder',
  query: GetReorderReportQueryParams,
  run: async (asked, query) =>
    reorder(asked.db, asked.businessId, { today: asked.today, location: await stockReportLocation(asked, query) }),
});
