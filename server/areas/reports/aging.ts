import { type Kysely, sql } from 'kysely';
import {
  GetPayablesAgingReportQueryParams,
  GetReceivablesAgingReportQueryParams,
} from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { notAfterToday, ownerReport } from './owner-report.ts';
import { daysBetween } from './report-scope.ts';

export type AgingSide = 'receivables' | 'payables';
export type AgingQuery = { asOf: string; contactId: number | null };

const sides = {
  receivables: {
    documentType: 'invoice',
    table: 'invoices',
    date: 'invoice_date',
    payments: 'invoice_payments',
    memos: 'credit_memos',
    link: 'invoice_id',
    // What the invoice's payer owes is not the customer's (docs/domain/sales.md, HMO and PhilHealth benefits).
    payerShare: 'payer_share',
  },
  payables: {
    documentType: 'bill',
    table: 'bills',
    date: 'bill_date',
    payments: 'bill_payments',
    memos: 'debit_memos',
    link: 'bill_id',
    payerShare: null,
  },
} as const;

export const buckets = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type Bucket = (typeof buckets)[number];

export function bucketOf(daysPastDue: number): Bucket {
  if (daysPastDue <= 0) return 'not_due';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'over_90';
}

type OpenDocument = {
  id: number;
  number: string;
  date: string;
  due_date: string | null;
  contact_id: number;
  contact_name: string;
  total: number | string;
  paid: number | string;
  credited: number | string;
};

// Every bucket and the total at nothing owed, for a contact's row and for the totals row.
const nothingOwed = (): Record<Bucket | 'total', number> => ({
  not_due: 0,
  days_1_30: 0,
  days_31_60: 0,
  days_61_90: 0,
  over_90: 0,
  total: 0,
});

/**
 * What each customer owes us (receivables) or we owe each supplier (payables) as the documents stood at the end
 * of `asOf`: standing documents dated by then, less their standing payments (store or supplier credit spent
 * included) and standing credit (debit) memos dated by then, never below nothing, aged by days past the due date (the
 * document's date when it has none). Today's totals are the Overview's and the contacts' balances.
 */
export async function aging(db: Kysely<Database>, businessId: number, side: AgingSide, query: AgingQuery) {
  const { documentType, table, date, payments, memos, link, payerShare } = sides[side];
  const payerPart = payerShare === null ? sql`0` : sql`d.${sql.ref(payerShare)}`;
  const contact = query.contactId === null ? sql`` : sql`AND d.contact_id = ${query.contactId}`;
  const columns = sql`d.id, d.business_id, d.number, d.${sql.ref(date)} AS date, d.due_date, d.contact_id, d.total,
    d.amount_paid, ${payerPart} AS payer_part`;
  const standing = sql`d.business_id = ${businessId} AND d.deleted_at IS NULL AND d.${sql.ref(date)} <= ${query.asOf}
    ${contact}`;
  // A document open at the end of `asOf` is unpaid today, which the open documents' index hands, or was paid off by
  // payments or memos dated after that day, found from the payment-date and memo indexes: never every document made.
  // Its payments are looked up only when it has any (its amount paid is theirs, kept by each payment's posting);
  // memos are few beside documents, so theirs are summed once and joined.
  // The contacts are put in order by name once each, so the documents sort by numbers, not each by its name.
  const { rows } = await sql<OpenDocument>`
    WITH d AS (
      SELECT ${columns} FROM ${sql.table(table)} d WHERE ${standing} AND d.status <> 'paid'
      UNION ALL
      SELECT ${columns} FROM ${sql.table(table)} d WHERE ${standing} AND d.status = 'paid'
        AND d.id IN (SELECT p.${sql.ref(link)} FROM ${sql.table(payments)} p
          WHERE p.business_id = ${businessId} AND p.payment_date > ${query.asOf}
          UNION SELECT m.${sql.ref(link)} FROM ${sql.table(memos)} m
          WHERE m.business_id = ${businessId} AND m.memo_date > ${query.asOf})
    ), c AS (
      SELECT c.id, c.name, ROW_NUMBER() OVER (ORDER BY c.name, c.id) AS place FROM contacts c
      WHERE c.id IN (SELECT d.contact_id FROM d)
    )
    SELECT d.id, d.number, d.date, d.due_date, d.contact_id, c.name AS contact_name, d.total,
      CASE WHEN d.amount_paid = 0 THEN 0 ELSE COALESCE((SELECT SUM(p.amount) FROM ${sql.table(payments)} p
        WHERE p.business_id = d.business_id AND p.${sql.ref(link)} = d.id AND p.deleted_at IS NULL
          AND p.payment_date <= ${query.asOf}), 0) END AS paid,
      COALESCE(m.credited, 0) + d.payer_part AS credited
    FROM d
    LEFT JOIN (
      SELECT m.${sql.ref(link)} AS document_id, SUM(m.total) AS credited FROM ${sql.table(memos)} m
      WHERE m.business_id = ${businessId} AND m.deleted_at IS NULL AND m.memo_date <= ${query.asOf}
      GROUP BY m.${sql.ref(link)}
    ) m ON m.document_id = d.id
    JOIN c ON c.id = d.contact_id
    ORDER BY c.place, d.date, d.id`.execute(db);
  type Row = { contact_id: number; contact_name: string; documents: unknown[] } & Record<Bucket | 'total', number>;
  const byContact = new Map<number, Row>();
  const totals = nothingOwed();
  for (const document of rows) {
    const balance = Number(document.total) - Number(document.credited) - Number(document.paid);
    if (balance <= 0) continue;
    const daysPastDue = daysBetween(document.due_date ?? document.date, query.asOf);
    const bucket = bucketOf(daysPastDue);
    let row = byContact.get(document.contact_id);
    if (!row) {
      row = {
        contact_id: document.contact_id,
        contact_name: document.contact_name,
        documents: [],
        ...nothingOwed(),
      };
      byContact.set(document.contact_id, row);
    }
    row[bucket] += balance;
    row.total += balance;
    totals[bucket] += balance;
    totals.total += balance;
    row.documents.push({
      document_type: documentType,
      id: Number(document.id),
      number: document.number,
      date: document.date,
      due_date: document.due_date,
      days_past_due: daysPastDue,
      balance: centavosToPesos(balance),
    });
  }
  const pesos = (figures: Record<Bucket | 'total', number>) =>
    Object.fromEntries([...buckets, 'total'].map((key) => [key, centavosToPesos(figures[key as Bucket])])) as Record<
      Bucket | 'total',
      number
    >;
  return {
    rows: [...byContact.values()].map((row) => ({
      contact_id: row.contact_id,
      contact_name: row.contact_name,
      ...pesos(row),
      documents: row.documents,
    })),
    totals: pesos(totals),
  };
}

// Both sides are asked alike: as of a day no later than today, for one contact or all.
function agingOwnerReport(side: AgingSide, query: typeof GetReceivablesAgingReportQueryParams) {
  return ownerReport({
    name: `${side}-aging`,
    query,
    run: ({ db, businessId, today }, asked) =>
      aging(db, businessId, side, {
        asOf: notAfterToday('as_of', asked.as_of, today),
        contactId: asked.contact_id ?? null,
      }),
  });
}

export const receivablesAgingOwnerReport = agingOwnerReport('receivables', GetReceivablesAgingReportQueryParams);

export const payablesAgingOwnerReport = agingOwnerReport('payables', GetPayablesAgingReportQueryParams);
