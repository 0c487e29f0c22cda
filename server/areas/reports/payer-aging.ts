import { type Kysely, sql } from 'kysely';
import { GetPayerAgingReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { type Bucket, bucketOf, buckets } from './aging.ts';
import { notAfterToday, ownerReport } from './owner-report.ts';
import { daysBetween } from './report-scope.ts';

type OwedShare = {
  id: number;
  number: string;
  date: string;
  payer_id: number;
  payer_name: string;
  claim_terms_days: number | null;
  owed: number | string;
};

function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * What each payer owes on the payer shares of standing invoices dated by `asOf` (docs/domain/sales.md, Payer claims):
 * the share less what the payer settled on its claims (tax withheld included) and what was written off, by payments
 * dated by then. A share disallowed and billed to the member has left the invoice's share already, so one billed after
 * `asOf` is added back: on that day the payer still owed it. A share falls due its payer's claim terms after the
 * invoice date.
 */
export async function payerAging(db: Kysely<Database>, businessId: number, asOf: string, payerId: number | null) {
  const payer = payerId === null ? sql`` : sql`AND d.payer_id = ${payerId}`;
  const { rows } = await sql<OwedShare>`
    SELECT d.id, d.number, d.invoice_date AS date, d.payer_id, c.name AS payer_name, c.claim_terms_days,
      d.payer_share - COALESCE((SELECT SUM(CASE
          WHEN p.payment_date <= ${asOf}
            THEN l.paid + CASE WHEN l.disallowed_to = 'written_off' THEN l.disallowed ELSE 0 END
          WHEN l.disallowed_to = 'member' THEN -l.disallowed
          ELSE 0 END)
        FROM payer_claim_payment_lines l
        JOIN payer_claim_payments p ON p.id = l.payer_claim_payment_id
        JOIN payer_claims pc ON pc.id = p.payer_claim_id
        WHERE l.business_id = d.business_id AND l.invoice_id = d.id
          AND p.deleted_at IS NULL AND pc.deleted_at IS NULL), 0) AS owed
    FROM invoices d
    JOIN contacts c ON c.id = d.payer_id
    WHERE d.business_id = ${businessId} AND d.deleted_at IS NULL AND d.payer_id IS NOT NULL
      AND d.invoice_date <= ${asOf} ${payer}
    ORDER BY c.name, d.payer_id, d.invoice_date, d.id`.execute(db);
  type Row = { contact_id: number; contact_name: string; documents: unknown[] } & Record<Bucket | 'total', number>;
  const nothing = () => ({ not_due: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, total: 0 });
  const byPayer = new Map<number, Row>();
  const totals: Record<Bucket | 'total', number> = nothing();
  for (const share of rows) {
    const owed = Number(share.owed);
    if (owed <= 0) continue;
    const due = plusDays(share.date, Number(share.claim_terms_days ?? 0));
    const daysPastDue = daysBetween(due, asOf);
    const bucket = bucketOf(daysPastDue);
    const row = byPayer.get(share.payer_id) ?? {
      contact_id: share.payer_id,
      contact_name: share.payer_name,
      documents: [],
      ...nothing(),
    };
    byPayer.set(share.payer_id, row);
    row[bucket] += owed;
    row.total += owed;
    totals[bucket] += owed;
    totals.total += owed;
    row.documents.push({
      document_type: 'invoice',
      id: Number(share.id),
      number: share.number,
      date: share.date,
      due_date: due,
      days_past_due: daysPastDue,
      balance: centavosToPesos(owed),
    });
  }
  const pesos = (figures: Record<Bucket | 'total', number>) =>
    Object.fromEntries([...buckets, 'total'].map((key) => [key, centavosToPesos(figures[key as Bucket])])) as Record<
      Bucket | 'total',
      number
    >;
  return {
    rows: [...byPayer.values()].map((row) => ({
      contact_id: row.contact_id,
      contact_name: row.contact_name,
      ...pesos(row),
      documents: row.documents,
    })),
    totals: pesos(totals),
  };
}

export const payerAgingOwnerReport = ownerReport({
  name: 'payer-aging',
  query: GetPayerAgingReportQueryParams,
  run: ({ db, businessId, today }, asked) =>
    payerAging(db, businessId, notAfterToday('as_of', asked.as_of, today), asked.contact_id ?? null),
});
