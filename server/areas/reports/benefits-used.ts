import { GetBenefitsUsedReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { benefitsWithNames, planYearOf, usedThisPlanYear } from '../eye-care/benefit-use.ts';
import { notAfterToday, ownerReport } from './owner-report.ts';

// Each standing benefit's cap, what its payer took in the plan year holding `as_of`, and what is left
// (docs/domain/eye-care.md, Benefits), by member.
export const benefitsUsedOwnerReport = ownerReport({
  name: 'benefits-used',
  query: GetBenefitsUsedReportQueryParams,
  run: async ({ db, businessId, today }, query) => {
    const asOf = notAfterToday('as_of', query.as_of, today);
    const benefits = await benefitsWithNames(db)
      .select([
        'benefits.id',
        'benefits.contact_id',
        'benefits.member_number',
        'benefits.plan_year_start',
        'benefits.annual_cap',
      ])
      .where('benefits.business_id', '=', businessId)
      .where('benefits.deleted_at', 'is', null)
      .$if(query.payer_id !== undefined, (rows) => rows.where('benefits.payer_id', '=', query.payer_id ?? 0))
      .orderBy('member.name')
      .orderBy('benefits.id')
      .execute();
    const used = await usedThisPlanYear(db, businessId, benefits, asOf);
    const sums = { annual_cap: 0, used: 0, remaining: 0 };
    const rows = benefits.map((benefit) => {
      const year = planYearOf(benefit.plan_year_start, asOf);
      const cap = Number(benefit.annual_cap);
      const taken = used.get(benefit.id) ?? 0;
      const remaining = Math.max(0, cap - taken);
      sums.annual_cap += cap;
      sums.used += taken;
      sums.remaining += remaining;
      return {
        benefit_id: benefit.id,
        contact_id: benefit.contact_id,
        contact_name: benefit.contact_name,
        payer_name: benefit.payer_name,
        member_number: benefit.member_number,
        plan_year_from: year.from,
        plan_year_to: year.to,
        annual_cap: centavosToPesos(cap),
        used: centavosToPesos(taken),
        remaining: centavosToPesos(remaining),
      };
    });
    return {
      rows,
      totals: {
        annual_cap: centavosToPesos(sums.annual_cap),
        used: centavosToPesos(sums.used),
        remaining: centavosToPesos(sums.remaining),
      },
    };
  },
});
