import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

// A benefit's plan year begins on the day and month of its plan_year_start every year (docs/domain/eye-care.md,
// Benefits): the year that holds `day` runs from `from` up to, not including, `to`. A plan beginning on 29 February
// begins on 28 February in other years.
export function planYearOf(planYearStart: string, day: string): { from: string; to: string } {
  const monthDay = planYearStart.slice(5) === '02-29' ? '02-28' : planYearStart.slice(5);
  const year = Number(day.slice(0, 4));
  const start = `${year}-${monthDay}` <= day ? year : year - 1;
  return { from: `${start}-${monthDay}`, to: `${start + 1}-${monthDay}` };
}

// Benefits with their member's and payer's names (both contacts), for the caller to say what else it reads of them.
export function benefitsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('benefits')
    .innerJoin('contacts as member', 'member.id', 'benefits.contact_id')
    .innerJoin('contacts as payer', 'payer.id', 'benefits.payer_id')
    .select(['member.name as contact_name', 'payer.name as payer_name']);
}

export type BenefitYear = { id: number; plan_year_start: string };

// What each benefit's payer took in the plan year that holds `day`: the payer shares of its standing invoices, in
// centavos.
export async function usedThisPlanYear(
  db: Kysely<Database>,
  businessId: number,
  benefits: readonly BenefitYear[],
  day: string,
): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (benefits.length === 0) return used;
  const rows = await db
    .selectFrom('invoices')
    .innerJoin('loas', 'loas.id', 'invoices.loa_id')
    .select(['loas.benefit_id', 'invoices.invoice_date', sql<number | string>`invoices.payer_share`.as('payer_share')])
    .where('invoices.business_id', '=', businessId)
    .where('invoices.deleted_at', 'is', null)
    .where(
      'loas.benefit_id',
      'in',
      benefits.map((benefit) => benefit.id),
    )
    .execute();
  for (const benefit of benefits) {
    const year = planYearOf(benefit.plan_year_start, day);
    const sum = rows
      .filter((row) => row.benefit_id === benefit.id && row.invoice_date >= year.from && row.invoice_date < year.to)
      .reduce((total, row) => total + Number(row.payer_share), 0);
    used.set(benefit.id, sum);
  }
  return used;
}
