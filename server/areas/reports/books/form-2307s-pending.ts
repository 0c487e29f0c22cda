import { GetForm2307sPendingReportQueryParams } from '../../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../../domain/money.ts';
import { ownerReport } from '../owner-report.ts';

// The payers' payments with tax withheld whose BIR Form 2307 has not come (no number recorded): the withholding the
// business cannot yet credit against its income tax (docs/domain/sales.md, Payer claims).
export const form2307sPendingOwnerReport = ownerReport({
  name: 'form-2307s-pending',
  query: GetForm2307sPendingReportQueryParams,
  run: async ({ db, businessId }, query) => {
    const payments = await db
      .selectFrom('payer_claim_payments as p')
      .innerJoin('payer_claims as pc', 'pc.id', 'p.payer_claim_id')
      .innerJoin('contacts as payer', 'payer.id', 'pc.payer_id')
      .select([
        'p.id',
        'pc.id as claim_id',
        'pc.number',
        'payer.name as payer_name',
        'p.payment_date',
        'p.amount_received',
        'p.tax_withheld',
      ])
      .where('p.business_id', '=', businessId)
      .where('p.deleted_at', 'is', null)
      .where('pc.deleted_at', 'is', null)
      .where('p.form_2307_number', 'is', null)
      .where('p.tax_withheld', '>', 0)
      .$if(query.payer_id !== undefined, (rows) => rows.where('pc.payer_id', '=', query.payer_id ?? 0))
      .orderBy('p.payment_date')
      .orderBy('p.id')
      .execute();
    const received = payments.reduce((sum, row) => sum + Number(row.amount_received), 0);
    const withheld = payments.reduce((sum, row) => sum + Number(row.tax_withheld), 0);
    return {
      rows: payments.map((row) => ({
        payment_id: row.id,
        claim_id: row.claim_id,
        claim_number: row.number,
        payer_name: row.payer_name,
        payment_date: row.payment_date,
        amount_received: centavosToPesos(Number(row.amount_received)),
        tax_withheld: centavosToPesos(Number(row.tax_withheld)),
      })),
      totals: { amount_received: centavosToPesos(received), tax_withheld: centavosToPesos(withheld) },
    };
  },
});
