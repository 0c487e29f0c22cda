import { type Kysely, sql } from 'kysely';
import { GetSalesJournalReportQueryParams } from '../../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../../db/database.ts';
import type { Location } from '../../../domain/location.ts';
import { ownerReport } from '../owner-report.ts';
import { reportLocation } from '../report-scope.ts';
import { asCentavos, atLocation, inPesos, monthPeriod, type Period, sumFigures } from './books.ts';

export const salesFigures = ['gross', 'vat_exempt', 'zero_rated', 'vatable', 'vat_amount', 'discount', 'net'] as const;

// A credit memo line gives back its share of the senior citizen or PWD discount its invoice line gave: the line's
// discount × returned ÷ sold, rounded once, as the sales report takes back the VAT exemption; a price adjustment
// returns no quantity and no discount.
const memoDiscount = sql`CASE WHEN l.quantity = 0 THEN 0
  ELSE ROUND(l.special_discount_amount * m.quantity * 1.0 / l.quantity) END`;

/**
 * The sales journal's entries (docs/domain/reports.md, The books): each standing invoice dated in the period as
 * it was issued, each standing credit memo dated in it as a negative entry. `net` is what the document charges
 * (VAT included) and breaks down into VATable (without VAT), VAT, VAT-exempt and zero-rated exactly as the document
 * stored it; `discount` is the senior citizen or PWD discount and `gross` the sale before it. Summing `vat_amount`
 * gives the daily sales report's VAT less its returns' VAT over the same days.
 */
export function salesJournalEntries(businessId: number, period: Period, location: Location | null) {
  return sql`
    SELECT v.invoice_date AS date, 'invoice' AS document_type, v.id AS document_id, v.number, c.name AS contact_name,
      c.tin, c.address, v.total + v.special_discount_total AS gross, v.vat_exempt_sales AS vat_exempt,
      v.zero_rated_sales AS zero_rated, v.vatable_sales AS vatable, v.vat_amount,
      v.special_discount_total AS discount, v.total AS net
    FROM invoices v
    JOIN contacts c ON c.id = v.contact_id
    WHERE v.business_id = ${businessId} AND v.deleted_at IS NULL
      AND v.invoice_date >= ${period.from} AND v.invoice_date <= ${period.to} ${atLocation(location, 'v.branch_id')}
    UNION ALL
    SELECT cm.memo_date, 'credit_memo', cm.id, cm.number, c.name, c.tin, c.address,
      -(cm.total + COALESCE(d.discount, 0)), -cm.vat_exempt_sales, -cm.zero_rated_sales, -cm.vatable_sales,
      -cm.vat_amount, -COALESCE(d.discount, 0), -cm.total
    FROM credit_memos cm
    JOIN contacts c ON c.id = cm.contact_id
    LEFT JOIN (
      SELECT m.credit_memo_id, SUM(${memoDiscount}) AS discount
      FROM credit_memo_lines m
      JOIN credit_memos dm ON dm.id = m.credit_memo_id
      JOIN invoice_lines l ON l.id = m.invoice_line_id
      WHERE dm.business_id = ${businessId} AND dm.deleted_at IS NULL
        AND dm.memo_date >= ${period.from} AND dm.memo_date <= ${period.to}
      GROUP BY m.credit_memo_id
    ) d ON d.credit_memo_id = cm.id
    WHERE cm.business_id = ${businessId} AND cm.deleted_at IS NULL
      AND cm.memo_date >= ${period.from} AND cm.memo_date <= ${period.to} ${atLocation(location, 'cm.branch_id')}`;
}

type EntryRow = {
  date: string;
  document_type: 'invoice' | 'credit_memo';
  document_id: number;
  number: string;
  contact_name: string;
  tin: string | null;
} & Record<(typeof salesFigures)[number], number | string>;

export async function salesJournal(
  db: Kysely<Database>,
  businessId: number,
  period: Period,
  location: Location | null,
) {
  const { rows } = await sql<EntryRow>`
    SELECT e.date, e.document_type, e.document_id, e.number, e.contact_name, e.tin,
      ${sql.join(salesFigures.map((figure) => sql.ref(`e.${figure}`)))}
    FROM (${salesJournalEntries(businessId, period, location)}) e
    ORDER BY e.date, e.document_type DESC, e.number`.execute(db);
  const entries = rows.map((row) => ({
    date: String(row.date),
    document_type: row.document_type,
    document_id: Number(row.document_id),
    number: row.number,
    contact_name: row.contact_name,
    tin: row.tin,
    ...asCentavos(row, salesFigures),
  }));
  return {
    rows: entries.map((entry) => inPesos(entry, salesFigures)),
    totals: inPesos(sumFigures(entries, salesFigures), salesFigures),
  };
}

export const salesJournalOwnerReport = ownerReport({
  name: 'sales-journal',
  query: GetSalesJournalReportQueryParams,
  run: ({ db, businessId, identity, today }, query) =>
    salesJournal(db, businessId, monthPeriod(query.month, today), reportLocation(identity, query)),
  csv: [
    { field: 'date', header: 'Date' },
    { field: 'number', header: 'Reference No.' },
    { field: 'document_type', header: 'Document' },
    { field: 'contact_name', header: 'Customer Name' },
    { field: 'tin', header: 'TIN' },
    { field: 'gross', header: 'Gross Sales', money: true },
    { field: 'vat_exempt', header: 'Exempt Sales', money: true },
    { field: 'zero_rated', header: 'Zero-Rated Sales', money: true },
    { field: 'vatable', header: 'Taxable Sales', money: true },
    { field: 'vat_amount', header: 'Output Tax', money: true },
    { field: 'discount', header: 'SC/PWD Discount', money: true },
    { field: 'net', header: 'Net Sales', money: true },
  ],
});
