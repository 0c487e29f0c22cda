import { type Kysely, sql } from 'kysely';
import { GetSlowMoversReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { ownerReport } from './owner-report.ts';
import { addDays, stockReportLocation } from './report-scope.ts';

export type SlowMoversQuery = { days: number; today: string; location: Location | null };

type Row = {
  item_id: number;
  code: string;
  name: string;
  last_sold_on: string | null;
  on_hand: number | string;
  value: number | string;
};

export const stockAt = (location: Location | null) =>
  location === null
    ? sql``
    : location.branch_id !== null
      ? sql`AND s.branch_id = ${location.branch_id}`
      : sql`AND s.warehouse_id = ${location.warehouse_id}`;

/**
 * Items on hand at the location (every location when none is named) that no standing invoice there has sold in
 * the last `days` days, the stalest first: what ties up money on the shelf.
 */
export async function slowMovers(db: Kysely<Database>, businessId: number, query: SlowMoversQuery) {
  const since = addDays(query.today, -query.days + 1);
  const soldAt =
    query.location === null
      ? sql``
      : query.location.branch_id !== null
        ? sql`AND ls.branch_id = ${query.location.branch_id}`
        : sql`AND 1 = 0`;
  // Every item's last sale at the location from the kept last sales (one row per item and branch), joined to what
  // is on hand.
  const { rows } = await sql<Row>`
    SELECT i.id AS item_id, i.code, i.name, x.on_hand, x.value, ls.last_sold_on
    FROM (
      SELECT s.item_id, SUM(s.quantity_on_hand) AS on_hand, SUM(s.value_on_hand) AS value
      FROM stocks s
      WHERE s.business_id = ${businessId} AND s.quantity_on_hand > 0 ${stockAt(query.location)}
      GROUP BY s.item_id
    ) x
    JOIN items i ON i.id = x.item_id
    LEFT JOIN (
      SELECT ls.item_id, MAX(ls.last_sold_on) AS last_sold_on FROM item_last_sales ls
      WHERE ls.business_id = ${businessId} ${soldAt}
      GROUP BY ls.item_id
    ) ls ON ls.item_id = i.id
    WHERE ls.last_sold_on IS NULL OR ls.last_sold_on < ${since}
    ORDER BY ls.last_sold_on IS NOT NULL, ls.last_sold_on, i.code`.execute(db);
  const slow = rows.map((row) => ({
    ...row,
    on_hand: Number(row.on_hand),
    value: Math.round(Number(row.value) / 1000),
  }));
  return {
    rows: slow.map((row) => ({
      item_id: Number(row.item_id),
      code: row.code,
      name: row.name,
      last_sold_on: row.last_sold_on,
      quantity_on_hand: fromThousandths(row.on_hand),
      value: centavosToPesos(row.value),
    })),
    totals: {
      quantity_on_hand: fromThousandths(slow.reduce((sum, row) => sum + row.on_hand, 0)),
      value: centavosToPesos(slow.reduce((sum, row) => sum + row.value, 0)),
    },
  };
}

export const slowMoversOwnerReport = ownerReport({
  name: 'slow-movers',
  query: GetSlowMoversReportQueryParams,
  run: async (asked, query) =>
    slowMovers(asked.db, asked.businessId, {
      days: query.days ?? 90,
      today: asked.today,
      location: await stockReportLocation(asked, query),
    }),
});
