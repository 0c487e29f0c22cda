import { type Kysely, type RawBuilder, sql } from 'kysely';
import { GetSalesReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { holdsAny, viewCostsPermission } from '../../auth/identity.ts';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { fieldError } from '../../domain/refusal.ts';
import { longestSpanDays, ownerReport } from './owner-report.ts';
import { daysBetween, reportLocation } from './report-scope.ts';

export type SalesGroup = 'branch' | 'item_type' | 'brand' | 'item' | 'user' | 'contact' | 'day' | 'month';
export type SalesQuery = {
  dateFrom: string;
  dateTo: string;
  location: Location | null;
  groupBy: SalesGroup;
  seesCosts: boolean;
};

// A forfeited deposit has no item and no seller: it is its own row's key where the grouping is by item or staff, and
// that row only adds to the totals (docs/domain/reports.md, Sales). So is a bill's revaluation of goods that had left
// a warehouse, or of goods sold to no one customer, where the grouping is by branch or customer.
const otherIncome = 'other-income';
const byItem = (key: RawBuilder<unknown>) => sql`CASE WHEN s.item_id IS NULL THEN ${otherIncome} ELSE ${key} END`;

const groups: Record<SalesGroup, { key: RawBuilder<unknown>; label: RawBuilder<unknown> }> = {
  branch: { key: sql`COALESCE(CAST(s.branch_id AS TEXT), ${otherIncome})`, label: sql`b.name` },
  item_type: { key: byItem(sql`CAST(i.item_type_id AS TEXT)`), label: sql`t.name` },
  brand: { key: byItem(sql`COALESCE(CAST(i.brand_id AS TEXT), '')`), label: sql`COALESCE(br.name, 'No brand')` },
  item: { key: byItem(sql`CAST(i.id AS TEXT)`), label: sql`i.code || ' ' || i.name` },
  user: { key: byItem(sql`COALESCE(CAST(s.created_by AS TEXT), '')`), label: sql`COALESCE(u.name, 'Unknown')` },
  contact: { key: sql`COALESCE(CAST(s.contact_id AS TEXT), ${otherIncome})`, label: sql`c.name` },
  day: { key: sql`s.sold_on`, label: sql`s.sold_on` },
  month: { key: sql`SUBSTR(s.sold_on, 1, 7)`, label: sql`SUBSTR(s.sold_on, 1, 7)` },
};

type Figures = { quantity: number; gross: number; discounts: number; net: number; cost: number; forfeited: number };
type SumsRow = { key: string; label: string | null } & Record<keyof Figures, number | string>;

// Each line's figures in centavos, rounded once per line as the invoice rounded them: gross is quantity × unit price
// (VAT-inclusive), discounts are the line's own and the senior/PWD discount, net sales leave VAT out (the VAT
// charged and the VAT a senior/PWD line was exempted from), cost of sales is quantity × the cost it left at.
const lineGross = sql`ROUND(l.quantity * l.unit_price / 1000.0)`;
const lineCost = sql`ROUND(l.quantity * l.unit_cost / 1000.0)`;
// A credit memo line takes its share back on the memo's own date (docs/domain/sales.md, Credit memos): the gross and
// the VAT exemption of the quantity returned, its amount and VAT as credited; a price adjustment is a discount. Only
// goods that came back on the shelf leave the cost of sales.
const memoGross = sql`ROUND(m.quantity * l.unit_price / 1000.0)`;
const memoVatRemoved = sql`CASE WHEN l.quantity = 0 THEN 0 ELSE ROUND(l.vat_removed * m.quantity * 1.0 / l.quantity) END`;
const memoCost = sql`CASE WHEN m.restock = 1 THEN ROUND(m.quantity * m.unit_cost / 1000.0) ELSE 0 END`;

/** The standing invoices dated in the range, net of the standing credit memos dated in it, with the cost of sales a
 * bill's cost added to goods that had already left (docs/domain/purchasing.md, Bills), summed per group, and beside
 * them the deposits forfeited in it, other income apart from sales (docs/domain/reports.md, Sales). */
export async function salesReport(db: Kysely<Database>, businessId: number, query: SalesQuery) {
  const group = groups[query.groupBy];
  // Days and months read in calendar order; every other grouping from the best seller down.
  const order = query.groupBy === 'day' || query.groupBy === 'month' ? sql`1` : sql`6 DESC, 2`;
  // A warehouse sells nothing: a warehouse clerk's sales report is empty rather than every branch's.
  const nowhere = query.location !== null && query.location.branch_id === null ? sql`AND 1 = 0` : sql``;
  const location = query.location?.branch_id ? sql`AND s.branch_id = ${query.location.branch_id}` : sql``;
  const { rows } = await sql<SumsRow>`
    SELECT ${group.key} AS key, ${group.label} AS label,
      SUM(s.quantity) AS quantity, SUM(s.gross) AS gross, SUM(s.discounts) AS discounts, SUM(s.net) AS net,
      SUM(s.cost) AS cost, SUM(s.forfeited) AS forfeited
    FROM (
      SELECT v.branch_id, v.invoice_date AS sold_on, v.created_by, v.contact_id, l.item_id, l.quantity,
        ${lineGross} AS gross, ${lineGross} - l.vat_removed - l.amount AS discounts, l.amount - l.vat_amount AS net,
        ${lineCost} AS cost, 0 AS forfeited
      FROM invoice_lines l
      JOIN invoices v ON v.id = l.invoice_id
      WHERE v.business_id = ${businessId} AND v.deleted_at IS NULL
        AND v.invoice_date >= ${query.dateFrom} AND v.invoice_date <= ${query.dateTo}
      UNION ALL
      SELECT cm.branch_id, cm.memo_date, cm.created_by, cm.contact_id, m.item_id, -m.quantity,
        -${memoGross}, -(${memoGross} - ${memoVatRemoved} - m.amount), -(m.amount - m.vat_amount), -${memoCost}, 0
      FROM credit_memo_lines m
      JOIN credit_memos cm ON cm.id = m.credit_memo_id
      JOIN invoice_lines l ON l.id = m.invoice_line_id
      WHERE cm.business_id = ${businessId} AND cm.deleted_at IS NULL
        AND cm.memo_date >= ${query.dateFrom} AND cm.memo_date <= ${query.dateTo}
      UNION ALL
      SELECT r.branch_id, r.revalued_on, r.created_by, NULL, r.item_id, 0, 0, 0, 0,
        ROUND(r.cost_of_sales_value / 1000.0), 0
      FROM bill_receipt_matches r
      WHERE r.business_id = ${businessId} AND r.cost_of_sales_value <> 0
        AND r.revalued_on >= ${query.dateFrom} AND r.revalued_on <= ${query.dateTo}
      UNION ALL
      SELECT r.branch_id, r.forfeited_on, NULL, r.contact_id, NULL, 0, 0, 0, 0, 0, r.forfeited_amount
      FROM acknowledgment_receipts r
      WHERE r.business_id = ${businessId} AND r.deleted_at IS NULL AND r.forfeited_amount > 0
        AND r.forfeited_on >= ${query.dateFrom} AND r.forfeited_on <= ${query.dateTo}
    ) s
    LEFT JOIN items i ON i.id = s.item_id
    LEFT JOIN item_types t ON t.id = i.item_type_id
    LEFT JOIN brands br ON br.id = i.brand_id
    LEFT JOIN branches b ON b.id = s.branch_id
    LEFT JOIN users u ON u.id = s.created_by
    LEFT JOIN contacts c ON c.id = s.contact_id
    WHERE 1 = 1 ${location} ${nowhere}
    GROUP BY 1, 2
    ORDER BY ${order}`.execute(db);
  const figures = rows.map((row) => ({
    key: String(row.key),
    label: String(row.label ?? ''),
    quantity: Number(row.quantity),
    gross: Number(row.gross),
    discounts: Number(row.discounts),
    net: Number(row.net),
    cost: Number(row.cost),
    forfeited: Number(row.forfeited),
  }));
  const totals = figures.reduce(
    (sum, row) => ({
      quantity: sum.quantity + row.quantity,
      gross: sum.gross + row.gross,
      discounts: sum.discounts + row.discounts,
      net: sum.net + row.net,
      cost: sum.cost + row.cost,
      forfeited: sum.forfeited + row.forfeited,
    }),
    { quantity: 0, gross: 0, discounts: 0, net: 0, cost: 0, forfeited: 0 },
  );
  const present = (row: Figures) => {
    const margin = row.net - row.cost;
    return {
      quantity: fromThousandths(row.quantity),
      gross_sales: centavosToPesos(row.gross),
      discounts: centavosToPesos(row.discounts),
      net_sales: centavosToPesos(row.net),
      cost_of_sales: query.seesCosts ? centavosToPesos(row.cost) : null,
      margin: query.seesCosts ? centavosToPesos(margin) : null,
      margin_percent: query.seesCosts && row.net !== 0 ? Math.round((margin * 10_000) / row.net) / 100 : null,
      forfeited_deposits: centavosToPesos(row.forfeited),
    };
  };
  return {
    rows: figures
      .filter((row) => row.key !== otherIncome)
      .map((row) => ({ key: row.key, label: row.label, ...present(row) })),
    totals: present(totals),
  };
}

export const salesOwnerReport = ownerReport({
  name: 'sales',
  query: GetSalesReportQueryParams,
  run: ({ db, businessId, identity, today }, query) => {
    const dateTo = query.date_to ?? today;
    const dateFrom = query.date_from ?? `${dateTo.slice(0, 8)}01`;
    if (dateTo < dateFrom) throw fieldError('date_to', 'The date to must be on or after the date from.');
    if (daysBetween(dateFrom, dateTo) >= longestSpanDays) {
      throw fieldError('date_to', `The report covers at most ${longestSpanDays} days.`);
    }
    return salesReport(db, businessId, {
      dateFrom,
      dateTo,
      location: reportLocation(identity, query),
      groupBy: query.group_by ?? 'branch',
      seesCosts: holdsAny(identity, [viewCostsPermission]),
    });
  },
});
