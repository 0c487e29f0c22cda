import { type Kysely, sql } from 'kysely';
import { GetPurchaseJournalReportQueryParams } from '../../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../../db/database.ts';
import type { Location } from '../../../domain/location.ts';
import { ownerReport } from '../owner-report.ts';
import { reportLocation } from '../report-scope.ts';
import { asCentavos, atLocation, inPesos, monthPeriod, type Period, sumFigures, vatInside } from './books.ts';

export const purchaseFigures = ['gross', 'vat_exempt', 'zero_rated', 'vatable', 'vat_amount'] as const;

// A purchase line counts by its item's tax class: a vatable line's amount holds its VAT, as a sale price does.
const lineFigures = sql`
  SUM(CASE WHEN i.tax_class = 'vat_exempt' THEN l.amount ELSE 0 END) AS vat_exempt,
  SUM(CASE WHEN i.tax_class = 'zero_rated' THEN l.amount ELSE 0 END) AS zero_rated,
  SUM(CASE WHEN i.tax_class = 'vatable' THEN l.amount - ${vatInside(sql`l.amount`)} ELSE 0 END) AS vatable,
  SUM(CASE WHEN i.tax_class = 'vatable' THEN ${vatInside(sql`l.amount`)} ELSE 0 END) AS vat_amount`;

/**
 * The purchase journal's entries (docs/domain/reports.md, The books): each standing bill dated in the period and
 * each standing debit memo dated in it as a negative entry, with the supplier's TIN. `gross` is what the document
 * charges (its lines' amounts), broken down by the lines' items' tax classes.
 */
export function purchaseJournalEntries(businessId: number, period: Period, location: Location | null) {
  return sql`
    SELECT b.bill_date AS date, 'bill' AS document_type, b.id AS document_id, b.number,
      b.supplier_invoice_number, c.name AS contact_name, c.tin, c.address, ${lineFigures}
    FROM bills b
    JOIN bill_lines l ON l.bill_id = b.id
    JOIN items i ON i.id = l.item_id
    JOIN contacts c ON c.id = b.contact_id
    WHERE b.business_id = ${businessId} AND b.deleted_at IS NULL AND l.business_id = ${businessId}
      AND b.bill_date >= ${period.from} AND b.bill_date <= ${period.to}
      ${atLocation(location, 'b.branch_id', 'b.warehouse_id')}
    GROUP BY b.id, b.bill_date, b.number, b.supplier_invoice_number, c.name, c.tin, c.address
    UNION ALL
    SELECT e.date, 'debit_memo', e.document_id, e.number, e.supplier_invoice_number, e.contact_name, e.tin,
      e.address, -e.vat_exempt, -e.zero_rated, -e.vatable, -e.vat_amount
    FROM (
      SELECT dm.memo_date AS date, dm.id AS document_id, dm.number, b.supplier_invoice_number,
        c.name AS contact_name, c.tin, c.address, ${lineFigures}
      FROM debit_memos dm
      JOIN debit_memo_lines l ON l.debit_memo_id = dm.id
      JOIN items i ON i.id = l.item_id
      JOIN contacts c ON c.id = dm.contact_id
      LEFT JOIN bills b ON b.id = dm.bill_id
      WHERE dm.business_id = ${businessId} AND dm.deleted_at IS NULL AND l.business_id = ${businessId}
        AND dm.memo_date >= ${period.from} AND dm.memo_date <= ${period.to}
        ${atLocation(location, 'dm.branch_id', 'dm.warehouse_id')}
      GROUP BY dm.id, dm.memo_date, dm.number, b.supplier_invoice_number, c.name, c.tin, c.address
    ) e`;
}

type EntryRow = {
  date: string;
  document_type: 'bill' | 'debit_memo';
  document_id: number;
  number: string;
  supplier_invoice_number: string | null;
  contact_name: string;
  tin: string | null;
} & Record<Exclude<(typeof purchaseFigures)[number], 'gross'>, number | string>;

export async function purchaseJournal(
  db: Kysely<Database>,
  businessId: number,
  period: Period,
  location: Location | null,
) {
  const { rows } = await sql<EntryRow>`
    SELECT e.date, e.document_type, e.document_id, e.number, e.supplier_invoice_number, e.contact_name, e.tin,
      e.vat_exempt, e.zero_rated, e.vatable, e.vat_amount
    FROM (${purchaseJournalEntries(businessId, period, location)}) e
    ORDER BY e.date, e.document_type, e.number`.execute(db);
  const entries = rows.map((row) => {
    const figures = asCentavos(row, ['vat_exempt', 'zero_rated', 'vatable', 'vat_amount'] as const);
    return {
      date: String(row.date),
      document_type: row.document_type,
      document_id: Number(row.document_id),
      number: row.number,
      supplier_invoice_number: row.supplier_invoice_number,
      contact_name: row.contact_name,
      tin: row.tin,
      gross: figures.vat_exempt + figures.zero_rated + figures.vatable + figures.vat_amount,
      ...figures,
    };
  });
  return {
    rows: entries.map((entry) => inPesos(entry, purchaseFigures)),
    totals: inPesos(sumFigures(entries, purchaseFigures), purchaseFigures),
  };
}

export const purchaseJournalOwnerReport = ownerReport({
  name: 'purchase-journal',
  query: GetPurchaseJournalReportQueryParams,
  run: ({ db, businessId, identity, today }, query) =>
    purchaseJournal(db, businessId, monthPeriod(query.month, today), reportLocation(identity, query)),
  csv: [
    { field: 'date', header: 'Date' },
    { field: 'number', header: 'Reference No.' },
    { field: 'document_type', header: 'Document' },
    { field: 'supplier_invoice_number', header: "Supplier's Invoice No." },
    { field: 'contact_name', header: 'Supplier Name' },
    { field: 'tin', header: 'TIN' },
    { field: 'gross', header: 'Gross Purchase', money: true },
    { field: 'vat_exempt', header: 'Exempt Purchase', money: true },
    { field: 'zero_rated', header: 'Zero-Rated Purchase', money: true },
    { field: 'vatable', header: 'Taxable Purchase', money: true },
    { field: 'vat_amount', header: 'Input Tax', money: true },
  ],
});
