import { type Kysely, type RawBuilder, sql } from 'kysely';
import { GetStockValuationReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { revaluationDocumentType } from '../purchasing/bill-revaluation.ts';
import { notAfterToday, ownerReport } from './owner-report.ts';
import { addDays, manilaDayStart, stockReportLocation } from './report-scope.ts';

export type StockValuationGroup = 'location' | 'item_type' | 'brand' | 'item';
export type StockValuationQuery = {
  asOf: string;
  today: string;
  location: Location | null;
  groupBy: StockValuationGroup;
};

// Where each kind of stock movement finds the date of its document. A movement of a kind not listed here is
// taken as dated on the day it was posted, which is what every posting does unless a document is backdated.
export const movementDocumentDates: Readonly<Record<string, { table: string; column: string }>> = {
  invoice: { table: 'invoices', column: 'invoice_date' },
  'receive-order': { table: 'receive_orders', column: 'received_date' },
  'stock-transfer': { table: 'stock_transfers', column: 'transfer_date' },
  'stock-receive': { table: 'stock_receives', column: 'received_date' },
  'stock-return': { table: 'stock_returns', column: 'return_date' },
  'stock-adjustment': { table: 'stock_adjustments', column: 'adjustment_date' },
  'credit-memo': { table: 'credit_memos', column: 'memo_date' },
  'debit-memo': { table: 'debit_memos', column: 'memo_date' },
  'warranty-claim': { table: 'warranty_claims', column: 'claim_date' },
  [revaluationDocumentType]: { table: 'bill_receipt_matches', column: 'revalued_on' },
};

const documentDate = sql.join(
  Object.entries(movementDocumentDates).map(
    ([type, { table, column }]) =>
      sql`WHEN ${type} THEN (SELECT d.${sql.ref(column)} FROM ${sql.table(table)} d WHERE d.id = m.document_id)`,
  ),
  sql` `,
);

const groupColumns: Record<StockValuationGroup, { key: ReturnType<typeof sql>; label: ReturnType<typeof sql> }> = {
  location: {
    key: sql`CASE WHEN s.branch_id IS NOT NULL THEN 'B' || s.branch_id ELSE 'W' || s.warehouse_id END`,
    label: sql`COALESCE(b.name, w.name)`,
  },
  item_type: { key: sql`CAST(i.item_type_id AS TEXT)`, label: sql`t.name` },
  brand: { key: sql`COALESCE(CAST(i.brand_id AS TEXT), '')`, label: sql`COALESCE(br.name, 'No brand')` },
  item: { key: sql`CAST(i.id AS TEXT)`, label: sql`i.code || ' ' || i.name` },
};

type ValuationRow = { key: string; label: string; detail: string; quantity: number | string; value: number | string };

type Grouping = { key: RawBuilder<unknown>; label: RawBuilder<unknown>; detail: RawBuilder<unknown> };

/**
 * Stock as the ledger stood at the end of `asOf`: the quantity is the sum of the movements' quantities and the
 * value the sum of quantity × unit cost (a receipt at its cost, an issue at the average cost it left at, goods in
 * transit at the cost they left at, under their destination), never a rounded average times a quantity. Today's
 * figures are the stock rows' balances and their kept ledger values (migration 015). A past date walks back from
 * them through the movements of documents dated after it; only movements posted after the day can belong to such
 * documents (no document is dated after the day it is posted), so those alone are read, and their document's date
 * looked up. A voided document's posting and its reversal carry the same document, so both fall on the same side
 * of the day and cancel: voided documents are left out at every date. Each group's value is in centavos, rounded
 * once; the inventory list groups by item through the same query, so that the two agree.
 */
export async function valuedStock(
  db: Kysely<Database>,
  businessId: number,
  query: Omit<StockValuationQuery, 'groupBy'>,
  group: Grouping,
) {
  const locationOf = (alias: string) =>
    query.location === null
      ? sql``
      : query.location.branch_id !== null
        ? sql`AND ${sql.ref(`${alias}.branch_id`)} = ${query.location.branch_id}`
        : sql`AND ${sql.ref(`${alias}.warehouse_id`)} = ${query.location.warehouse_id}`;
  const later =
    query.asOf < query.today
      ? sql`SELECT m.stock_id, SUM(m.quantity_delta) AS quantity, SUM(m.quantity_delta * m.unit_cost + m.value_delta) AS value
          FROM stock_movements m
          WHERE m.business_id = ${businessId} AND m.occurred_at >= ${manilaDayStart(addDays(query.asOf, 1))}
            ${locationOf('m')}
            AND COALESCE(CASE m.document_type ${documentDate} END, '9999-12-31') > ${query.asOf}
          GROUP BY m.stock_id`
      : sql`SELECT 0 AS stock_id, 0 AS quantity, 0 AS value`;
  const { rows } = await sql<ValuationRow>`
    SELECT ${group.key} AS key, ${group.label} AS label, ${group.detail} AS detail,
      SUM(s.quantity_on_hand + s.quantity_in_transit - COALESCE(l.quantity, 0)) AS quantity,
      SUM(COALESCE(v.value, 0) - COALESCE(l.value, 0)) AS value
    FROM stocks s
    LEFT JOIN stock_ledger_values v ON v.stock_id = s.id
    LEFT JOIN (${later}) l ON l.stock_id = s.id
    JOIN items i ON i.id = s.item_id
    LEFT JOIN item_types t ON t.id = i.item_type_id
    LEFT JOIN brands br ON br.id = i.brand_id
    LEFT JOIN branches b ON b.id = s.branch_id
    LEFT JOIN warehouses w ON w.id = s.warehouse_id
    WHERE s.business_id = ${businessId} ${locationOf('s')}
    GROUP BY 1, 2, 3
    ORDER BY 2, 1`.execute(db);
  return rows
    .map((row) => ({
      key: String(row.key),
      label: String(row.label ?? ''),
      detail: String(row.detail ?? ''),
      quantity: Number(row.quantity),
      // Sums of thousandths × centavos, rounded once per row.
      value: Math.round(Number(row.value) / 1000),
    }))
    .filter((row) => row.quantity !== 0 || row.value !== 0);
}

export async function stockValuation(db: Kysely<Database>, businessId: number, query: StockValuationQuery) {
  const group = groupColumns[query.groupBy];
  const figures = (await valuedStock(db, businessId, query, { ...group, detail: group.label })).map(
    ({ detail: _, ...row }) => row,
  );
  const totals = figures.reduce(
    (sum, row) => ({ quantity: sum.quantity + row.quantity, value: sum.value + row.value }),
    {
      quantity: 0,
      value: 0,
    },
  );
  return {
    rows: figures.map((row) => ({
      ...row,
      quantity: fromThousandths(row.quantity),
      value: centavosToPesos(row.value),
    })),
    totals: { quantity: fromThousandths(totals.quantity), value: centavosToPesos(totals.value) },
  };
}

export const stockValuationOwnerReport = ownerReport({
  name: 'stock-valuation',
  query: GetStockValuationReportQueryParams,
  run: async (asked, query) =>
    stockValuation(asked.db, asked.businessId, {
      asOf: notAfterToday('as_of', query.as_of, asked.today),
      today: asked.today,
      location: await stockReportLocation(asked, query),
      groupBy: query.group_by ?? 'location',
    }),
});
