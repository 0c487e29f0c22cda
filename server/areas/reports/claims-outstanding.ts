import { sql } from 'kysely';
import { GetClaimsOutstandingReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { ownerReport } from './owner-report.ts';

type ClaimRow = {
  claim_id: number;
  number: string;
  payer_id: number;
  payer_name: string;
  claim_date: string;
  status: string;
  total: number | string;
  paid: number | string;
  disallowed: number | string;
};

// The standing payer claims with something still owed on them (docs/domain/sales.md, Payer claims), oldest first.
export const claimsOutstandingOwnerReport = ownerReport({
  name: 'claims-outstanding',
  query: GetClaimsOutstandingReportQueryParams,
  run: async ({ db, businessId }, query) => {
    const payer = query.payer_id === undefined ? sql`` : sql`AND pc.payer_id = ${query.payer_id}`;
    const { rows } = await sql<ClaimRow>`
      SELECT pc.id AS claim_id, pc.number, pc.payer_id, c.name AS payer_name, pc.claim_date, pc.status, pc.total,
        COALESCE(SUM(l.paid), 0) AS paid, COALESCE(SUM(l.disallowed), 0) AS disallowed
      FROM payer_claims pc
      JOIN contacts c ON c.id = pc.payer_id
      LEFT JOIN payer_claim_lines l ON l.business_id = pc.business_id AND l.payer_claim_id = pc.id
      WHERE pc.business_id = ${businessId} AND pc.deleted_at IS NULL AND pc.status <> 'paid' ${payer}
      GROUP BY pc.id, pc.number, pc.payer_id, c.name, pc.claim_date, pc.status, pc.total
      ORDER BY pc.claim_date, pc.id`.execute(db);
    const sums = { total: 0, paid: 0, disallowed: 0, outstanding: 0 };
    const out = rows.map((row) => {
      const figures = { total: Number(row.total), paid: Number(row.paid), disallowed: Number(row.disallowed) };
      const outstanding = figures.total - figures.paid - figures.disallowed;
      sums.total += figures.total;
      sums.paid += figures.paid;
      sums.disallowed += figures.disallowed;
      sums.outstanding += outstanding;
      return {
        claim_id: Number(row.claim_id),
        number: row.number,
        payer_id: Number(row.payer_id),
        payer_name: row.payer_name,
        claim_date: row.claim_date,
        status: row.status,
        total: centavosToPesos(figures.total),
        paid: centavosToPesos(figures.paid),
        disallowed: centavosToPesos(figures.disallowed),
        outstanding: centavosToPesos(outstanding),
      };
    });
    return {
      rows: out,
      totals: {
        total: centavosToPesos(sums.total),
        paid: centavosToPesos(sums.paid),
        disallowed: centavosToPesos(sums.disallowed),
        outstanding: centavosToPesos(sums.outstanding),
      },
    };
  },
});
