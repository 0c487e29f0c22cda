import { type Kysely, sql } from 'kysely';
import { GetRecallsReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import { ownerReport } from './owner-report.ts';
import { addDays } from './report-scope.ts';

export type RecallsQuery = { withinDays: number; today: string; branchId: number | null };

type Row = {
  contact_id: number;
  name: string;
  phone: string | null;
  email: string | null;
  examined_on: string;
  expires_on: string;
  branch_id: number | null;
  branch_name: string | null;
};

/**
 * Patients whose latest prescription (by exam date) has expired or expires within `withinDays` days: the list a
 * shop phones or texts. A patient's branch is where their latest invoice was made.
 */
export async function recalls(db: Kysely<Database>, businessId: number, query: RecallsQuery) {
  const until = addDays(query.today, query.withinDays);
  const branch = query.branchId === null ? sql`` : sql`AND x.branch_id = ${query.branchId}`;
  const { rows } = await sql<Row>`
    SELECT x.* FROM (
      SELECT c.id AS contact_id, c.name, c.phone, c.email, p.examined_on, p.expires_on,
        (SELECT v.branch_id FROM invoices v WHERE v.business_id = ${businessId} AND v.contact_id = c.id AND v.deleted_at IS NULL
          ORDER BY v.invoice_date DESC, v.id DESC LIMIT 1) AS branch_id,
        (SELECT b.name FROM invoices v JOIN branches b ON b.id = v.branch_id
          WHERE v.business_id = ${businessId} AND v.contact_id = c.id AND v.deleted_at IS NULL
          ORDER BY v.invoice_date DESC, v.id DESC LIMIT 1) AS branch_name
      FROM prescriptions p
      JOIN contacts c ON c.id = p.contact_id AND c.deleted_at IS NULL
      WHERE p.business_id = ${businessId} AND p.deleted_at IS NULL
        AND p.id = (SELECT q.id FROM prescriptions q WHERE q.business_id = ${businessId} AND q.contact_id = p.contact_id
          AND q.deleted_at IS NULL ORDER BY q.examined_on DESC, q.id DESC LIMIT 1)
        AND p.expires_on <= ${until}
    ) x WHERE 1 = 1 ${branch}
    ORDER BY x.expires_on, x.name`.execute(db);
  return {
    rows: rows.map((row) => ({
      ...row,
      contact_id: Number(row.contact_id),
      branch_id: row.branch_id === null ? null : Number(row.branch_id),
    })),
    totals: { patients: rows.length },
  };
}

export const recallsOwnerReport = ownerReport({
  name: 'recalls',
  query: GetRecallsReportQueryParams,
  run: ({ db, businessId, today }, query) =>
    recalls(db, businessId, { withinDays: query.within_days ?? 30, today, branchId: query.branch_id ?? null }),
});
