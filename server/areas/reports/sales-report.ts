import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';

export type SalesGroup = 'branch' | 'item_type' | 'brand' | 'item' | 'user' | 'contact' | 'day' | 'month';
export type SalesQuery = {
  dateFrom: string;
  dateTo: string;
  location: Location | null;
  groupBy: SalesGroup;
  seesCosts: boolean;
};

const groups: Record<SalesGroup, { key: RawBuilder<unknown>; label: RawBuilder<unknown> }> = {
  branch: { key: sql`CAST(v.branch_id AS TEXT)`, label: sql`b.name` },
  item_type: { key: sql`CAST(i.item_type_id AS TEXT)`, label: sql`t.name` },
  brand: { key: sql`COALESCE(CAST(i.brand_id AS TEXT), '')`, label: sql`COALESCE(br.name, 'No brand')` },
  item: { key: sql`CAST(i.id AS TEXT)`, label: sql`i.code || ' ' || i.name` },
  user: { key: sql`COALESCE(CAST(v.created_by AS TEXT), '')`, label: sql`COALESCE(u.name, 'Unknown')` },
  contact: { key: sql`CAST(v.contact_id AS TEXT)`, label: sql`c.name` },
  day: { key: sql`v.invoice_date`, label: sql`v.invoice_date` },
  month: { key: sql`SUBSTR(v.invoice_date, 1, 7)`, label: sql`SUBSTR(v.invoice_date, 1, 7)` },
};

type Figures = { quantity: number; gross: number; discounts: number; net: number; cost: number };
type SumsRow = { key: string; label: string | null } & Record<keyof Figures, number | string>;

// Each line's figures in centavos, rounded once per line as the invoice rounded them: gross is quantity × unit price
// (VAT-inclusive), discounts are the line's own and the senior/PWD discount, net sales leave VAT out (the VAT
// charged and the VAT a senior/PWD line was exempted from), cost of sales is quantity × the cost it left at.
const lineGross = sql`ROUND(l.quantity * l.unit_price / 1000.0)`;
const lineCost = sql`ROUND(l.quantity * l.unit_cost / 1000.0)`;

/** The standing invoices dated in the range, summed per group (docs/domain/reports.md, Sales). */
export async function salesReport(db: Kysely<Database>, businessId: number, query: SalesQuery) {
  const group = groups[query.groupBy];
  // Days and months read in calendar order; every other grouping from the best seller down.
  const order = query.groupBy === 'day' || query.groupBy === 'month' ? sql`1` : sql`6 DESC, 2`;
  const location = query.location?.branch_id ? sql`AND v.branch_id = ${query.location.branch_id}` : sql``;
  // A warehouse sells nothing: a warehouse clerk's sales report is empty rather than every branch's.
  const nowhere = query.location !== null && query.location.branch_id === null ? sql`AND 1 = 0` : sql``;
  const { rows } = await sql<SumsRow>`
    SELECT ${group.key} AS key, ${group.label} AS label,
      SUM(l.quantity) AS quantity,
      SUM(${lineGross}) AS gross,
      SUM(${lineGross} - l.vat_removed - l.amount) AS discounts,
      SUM(l.amount - l.vat_amount) AS net,
      SUM(${lineCost}) AS cost
    FROM invoice_lines l
    JOIN invoices v ON v.id = l.invoice_id
    JOIN items i ON i.id = l.item_id
    LEFT JOIN item_types t ON t.id = i.item_type_id
    LEFT JOIN brands br ON br.id = i.brand_id
    LEFT JOIN branches b ON b.id = v.branch_id
    LEFT JOIN users u ON u.id = v.created_by
    LEFT JOIN contacts c ON c.id = v.contact_id
    WHERE v.business_id = ${businessId} AND v.deleted_at IS NULL
      AND v.invoice_date >= ${query.dateFrom} AND v.invoice_date <= ${query.dateTo} ${location} ${nowhere}
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
  }));
  const totals = figures.reduce(
    (sum, row) => ({
      quantity: sum.quantity + row.quantity,
      gross: sum.gross + row.gross,
      discounts: sum.discounts + row.discounts,
      net: sum.net + row.net,
      cost: sum.cost + row.cost,
    }),
    { quantity: 0, gross: 0, discounts: 0, net: 0, cost: 0 },
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
    };
  };
  return {
    rows: figures.map((row) => ({ key: row.key, label: row.label, ...present(row) })),
    totals: present(totals),
  };
}
