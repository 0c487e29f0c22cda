import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  GetCashDisbursementsJournalReportQueryParams,
  GetCashReceiptsJournalReportQueryParams,
} from '../../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../../db/database.ts';
import { businessDate } from '../../../domain/business-date.ts';
import type { Location } from '../../../domain/location.ts';
import { centavosToPesos } from '../../../domain/money.ts';
import { type CsvColumn, ownerReport } from '../owner-report.ts';
import { addDays, manilaDayStart, reportLocation } from '../report-scope.ts';
import { atLocation, monthPeriod, type Period } from './books.ts';

type CashRow = {
  date: string;
  document_type: string;
  document_id: number;
  number: string | null;
  reference: string | null;
  contact_name: string | null;
  tin: string | null;
  payment_method: string;
  particulars: string | null;
  amount: number | string;
};

// A drawer's cash in or out (docs/domain/cash.md, Cash sessions) on the Manila day it was moved.
function drawerMoves(businessId: number, period: Period, location: Location | null, kind: 'cash_in' | 'cash_out') {
  return sql`
    SELECT mv.created_at AS date, CAST(${kind} AS TEXT) AS document_type, mv.id AS document_id, NULL AS number,
      NULL AS reference, NULL AS contact_name, NULL AS tin, 'cash' AS payment_method, mv.reason AS particulars,
      mv.amount
    FROM cash_session_movements mv
    JOIN cash_sessions s ON s.id = mv.cash_session_id
    WHERE mv.business_id = ${businessId} AND mv.kind = ${kind}
      AND mv.created_at >= ${manilaDayStart(period.from)} AND mv.created_at < ${manilaDayStart(addDays(period.to, 1))}
      ${atLocation(location, 's.branch_id')}`;
}

// Money that came in (docs/domain/reports.md, The books): the standing invoice payments (store credit or a deposit
// spent is money that came in earlier, with a sale or with its acknowledgment receipt), the deposits taken on
// standing acknowledgment receipts, the suppliers' refunds of standing debit memos, and cash put into a drawer.
function receipts(businessId: number, period: Period, location: Location | null) {
  return sql`
    SELECT p.payment_date AS date, 'invoice_payment' AS document_type, p.id AS document_id, p.number,
      v.number AS reference, c.name AS contact_name, c.tin, p.payment_method, p.reference AS particulars, p.amount
    FROM invoice_payments p
    JOIN invoices v ON v.id = p.invoice_id
    JOIN contacts c ON c.id = v.contact_id
    WHERE p.business_id = ${businessId} AND p.deleted_at IS NULL AND p.payment_method NOT IN ('store_credit', 'deposit')
      AND p.payment_date >= ${period.from} AND p.payment_date <= ${period.to} ${atLocation(location, 'v.branch_id')}
    UNION ALL
    SELECT a.receipt_date, 'acknowledgment_receipt', a.id, a.number, jo.number, c.name, c.tin, a.payment_method,
      a.reference, a.amount
    FROM acknowledgment_receipts a
    JOIN contacts c ON c.id = a.contact_id
    LEFT JOIN job_orders jo ON jo.id = a.job_order_id
    WHERE a.business_id = ${businessId} AND a.deleted_at IS NULL
      AND a.receipt_date >= ${period.from} AND a.receipt_date <= ${period.to} ${atLocation(location, 'a.branch_id')}
    UNION ALL
    SELECT dm.memo_date, 'debit_memo', dm.id, dm.number, b.number, c.name, c.tin, COALESCE(dm.refund_method, 'cash'),
      dm.refund_reference, dm.excess_amount
    FROM debit_memos dm
    JOIN contacts c ON c.id = dm.contact_id
    LEFT JOIN bills b ON b.id = dm.bill_id
    WHERE dm.business_id = ${businessId} AND dm.deleted_at IS NULL AND dm.settlement = 'refund'
      AND dm.excess_amount > 0 AND dm.memo_date >= ${period.from} AND dm.memo_date <= ${period.to}
      ${atLocation(location, 'dm.branch_id', 'dm.warehouse_id')}
    UNION ALL
    ${drawerMoves(businessId, period, location, 'cash_in')}`;
}

// Money that went out: the standing bill payments (supplier credit spent is no money), the refunds of standing
// credit memos and of deposits on standing acknowledgment receipts, and cash taken out of a drawer.
function disbursements(businessId: number, period: Period, location: Location | null) {
  return sql`
    SELECT p.payment_date AS date, 'bill_payment' AS document_type, p.id AS document_id, p.number,
      b.number AS reference, c.name AS contact_name, c.tin, p.payment_method, p.reference AS particulars, p.amount
    FROM bill_payments p
    JOIN bills b ON b.id = p.bill_id
    JOIN contacts c ON c.id = b.contact_id
    WHERE p.business_id = ${businessId} AND p.deleted_at IS NULL AND p.payment_method <> 'supplier_credit'
      AND p.payment_date >= ${period.from} AND p.payment_date <= ${period.to}
      ${atLocation(location, 'b.branch_id', 'b.warehouse_id')}
    UNION ALL
    SELECT cm.memo_date, 'credit_memo', cm.id, cm.number, v.number, c.name, c.tin, COALESCE(cm.refund_method, 'cash'),
      cm.refund_reference, cm.excess_amount
    FROM credit_memos cm
    JOIN contacts c ON c.id = cm.contact_id
    JOIN invoices v ON v.id = cm.invoice_id
    WHERE cm.business_id = ${businessId} AND cm.deleted_at IS NULL AND cm.settlement = 'refund'
      AND cm.excess_amount > 0 AND cm.memo_date >= ${period.from} AND cm.memo_date <= ${period.to}
      ${atLocation(location, 'cm.branch_id')}
    UNION ALL
    SELECT r.refund_date, 'acknowledgment_receipt_refund', r.id, a.number, jo.number, c.name, c.tin, r.payment_method,
      r.reason, r.amount
    FROM acknowledgment_receipt_refunds r
    JOIN acknowledgment_receipts a ON a.id = r.acknowledgment_receipt_id
    JOIN contacts c ON c.id = a.contact_id
    LEFT JOIN job_orders jo ON jo.id = a.job_order_id
    WHERE r.business_id = ${businessId} AND a.deleted_at IS NULL
      AND r.refund_date >= ${period.from} AND r.refund_date <= ${period.to} ${atLocation(location, 'a.branch_id')}
    UNION ALL
    ${drawerMoves(businessId, period, location, 'cash_out')}`;
}

// A drawer's movement is dated by its Manila day; a document by its own date. Entries read in date order, documents
// before drawer movements on a day, then by number.
async function cashJournal(db: Kysely<Database>, entries: RawBuilder<unknown>) {
  const { rows } = await sql<CashRow>`SELECT * FROM (${entries}) e`.execute(db);
  const dated = rows.map((row) => {
    const date = String(row.date);
    return {
      date: date.length > 10 ? businessDate(new Date(date)) : date,
      document_type: row.document_type,
      document_id: Number(row.document_id),
      number: row.number,
      reference: row.reference,
      contact_name: row.contact_name,
      tin: row.tin,
      payment_method: row.payment_method,
      particulars: row.particulars,
      amount: Number(row.amount),
    };
  });
  const drawer = (row: { number: string | null }) => (row.number === null ? 1 : 0);
  dated.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      drawer(a) - drawer(b) ||
      (a.number ?? '').localeCompare(b.number ?? '') ||
      a.document_id - b.document_id,
  );
  const total = dated.reduce((sum, row) => sum + row.amount, 0);
  return {
    rows: dated.map((row) => ({ ...row, amount: centavosToPesos(row.amount) })),
    totals: { amount: centavosToPesos(total) },
  };
}

const csvOf = (party: string): readonly CsvColumn[] => [
  { field: 'date', header: 'Date' },
  { field: 'number', header: 'Reference No.' },
  { field: 'document_type', header: 'Document' },
  { field: 'reference', header: 'Applied To' },
  { field: 'contact_name', header: party },
  { field: 'tin', header: 'TIN' },
  { field: 'particulars', header: 'Particulars' },
  { field: 'payment_method', header: 'Mode of Payment' },
  { field: 'amount', header: 'Amount', money: true },
];

export const cashReceiptsJournalOwnerReport = ownerReport({
  name: 'cash-receipts-journal',
  query: GetCashReceiptsJournalReportQueryParams,
  run: ({ db, businessId, identity, today }, query) =>
    cashJournal(db, receipts(businessId, monthPeriod(query.month, today), reportLocation(identity, query))),
  csv: csvOf('Payor'),
});

export const cashDisbursementsJournalOwnerReport = ownerReport({
  name: 'cash-disbursements-journal',
  query: GetCashDisbursementsJournalReportQueryParams,
  run: ({ db, businessId, identity, today }, query) =>
    cashJournal(db, disbursements(businessId, monthPeriod(query.month, today), reportLocation(identity, query))),
  csv: csvOf('Payee'),
});
