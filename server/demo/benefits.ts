import type { Kysely } from 'kysely';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import { createPayerClaim, recordPayerClaimPayment, submitPayerClaim } from '../areas/sales/payer-claims-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos, pesosToCentavos } from '../domain/money.ts';
import { demoContext, momentOn, stockedOfType } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// HMO and PhilHealth benefits (docs/domain/sales.md, HMO and PhilHealth benefits), through the posting services: two
// HMOs and PhilHealth as payers, members with benefits and LOAs, last month's invoices split between payer and
// member, and Maxicare's claim for that month submitted and paid net of 1% with its 2307, one line partly disallowed
// and billed back to the member. An Intellicare LOA waits, approved, for its sale.
export async function seedDemoBenefits(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const at = now.toISOString();
  const audit = { business_id: master.businessId, created_at: at, updated_at: at, created_by: null, updated_by: null };
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = new Date(Date.parse(`${firstOfMonth}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const monthStart = `${lastMonth.slice(0, 7)}-01`;
  const day = (n: number) => `${lastMonth.slice(0, 7)}-${String(n).padStart(2, '0')}`;
  const branchId = master.branchIds[0] ?? 0;

  await db.updateTable('businesses').set({ philhealth_accredited: 1 }).where('id', '=', master.businessId).execute();
  const payerType = await db
    .selectFrom('contact_types')
    .select('id')
    .where('business_id', '=', master.businessId)
    .where('name', '=', 'Payer')
    .executeTakeFirstOrThrow();
  const payer = async (name: string, kind: 'hmo' | 'philhealth', terms: number) =>
    (
      await db
        .insertInto('contacts')
        .values({
          ...audit,
          contact_type_id: payerType.id,
          name,
          company_name: name,
          payer_kind: kind,
          withholding_percent: 1,
          claim_terms_days: terms,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const maxicare = await payer('Maxicare Healthcare Corporation', 'hmo', 30);
  const intellicare = await payer('Intellicare (Asalus Corporation)', 'hmo', 45);
  const philHealth = await payer('PhilHealth', 'philhealth', 60);

  const [adult, senior, child, other] = master.customerIds.filter((_, index) => index > 0);
  if (adult === undefined || senior === undefined || child === undefined || other === undefined) return;
  await db
    .updateTable('contacts')
    .set({ birth_date: `${Number(today.slice(0, 4)) - 9}-03-14` })
    .where('id', '=', child)
    .execute();
  const benefit = async (
    contactId: number,
    payerId: number,
    number: string,
    plan: string,
    cap: number,
    copay: number | null,
  ) =>
    (
      await db
        .insertInto('benefits')
        .values({
          ...audit,
          contact_id: contactId,
          payer_id: payerId,
          member_number: number,
          plan_name: plan,
          plan_year_start: `${today.slice(0, 4)}-01-01`,
          annual_cap: pesosToCentavos(cap),
          copay_percent: copay,
          valid_until: `${today.slice(0, 4)}-12-31`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const loa = async (benefitId: number, number: string, approved: number) =>
    (
      await db
        .insertInto('loas')
        .values({
          ...audit,
          benefit_id: benefitId,
          number,
          control_number: `CN-${number}`,
          valid_until: `${today.slice(0, 4)}-12-31`,
          approved_amount: pesosToCentavos(approved),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const adultPlan = await benefit(adult, maxicare, '1100-2233-4455', 'Maxicare Gold', 6_000, null);
  const seniorPlan = await benefit(senior, maxicare, '1100-9876-5432', 'Maxicare Platinum', 8_000, 10);
  const childPlan = await benefit(child, philHealth, '12-345678901-2', 'Optometry Package', 2_500, null);
  const otherPlan = await benefit(other, intellicare, 'IC-77-0192', 'Intellicare Flexi', 4_000, 20);
  await loa(otherPlan, 'IC-LOA-55120', 3_500);

  const item = async (type: string, skip: number) => {
    const row = await stockedOfType(db, master, type, skip)
      .select('items.id')
      .where('stocks.branch_id', '=', branchId)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  const frame = await item('Frame', 0);
  const lens = await item('Ophthalmic Lens', 0);
  if (frame === null || lens === null) return;
  const sell = async (contactId: number, loaId: number, date: string, prices: [number, number]) =>
    createInvoice(demoContext(db, master, momentOn(date, 3, now)), {
      contact_id: contactId,
      branch_id: branchId,
      invoice_date: date,
      loa_id: loaId,
      lines: [
        { item_id: frame, quantity: 1, unit_price: prices[0] },
        { item_id: lens, quantity: 1, unit_price: prices[1] },
      ],
    });
  const first = await sell(adult, await loa(adultPlan, 'MX-LOA-30411', 4_000), day(6), [2_800, 1_900]);
  const second = await sell(senior, await loa(seniorPlan, 'MX-LOA-30587', 3_000), day(13), [2_200, 1_400]);
  await sell(child, await loa(childPlan, 'PH-OPT-0917', 2_500), day(20), [1_500, 1_500]);

  // Maxicare's claim for last month, submitted on the first of this month and paid a week later, net of 1%.
  const claimMoment = momentOn(firstOfMonth, 2, now);
  const context = demoContext(db, master, claimMoment);
  const claimId = await createPayerClaim(context, {
    payer_id: maxicare,
    period_from: monthStart,
    period_to: lastMonth,
  });
  await submitPayerClaim(context, claimId);
  const shares = await db
    .selectFrom('invoices')
    .select(['id', 'payer_share'])
    .where('id', 'in', [first, second])
    .orderBy('id')
    .execute();
  // Paid a week later net of 1% with its 2307: the first invoice's share whole, the second's less a coating line the
  // plan does not cover (billed back to the member). Half of the rest came a week after that, its 2307 not yet in,
  // and the other half is still owed: the claim is partly paid.
  const disallowed = 25_000;
  const [firstShare, secondShare] = shares.map((share) => Number(share.payer_share));
  const rest = (secondShare ?? 0) - disallowed;
  const payments = [
    {
      days: 7,
      form: `2307-${lastMonth.slice(0, 7)}-MX`,
      lines: [
        { invoice_id: shares[0]?.id ?? 0, paid: firstShare ?? 0, disallowed: 0 },
        { invoice_id: shares[1]?.id ?? 0, paid: 0, disallowed },
      ],
    },
    { days: 14, form: null, lines: [{ invoice_id: shares[1]?.id ?? 0, paid: Math.round(rest / 2), disallowed: 0 }] },
  ];
  for (const payment of payments) {
    const paid = payment.lines.reduce((sum, line) => sum + line.paid, 0);
    const withheld = Math.round(paid / 100);
    const paymentDate = businessDate(
      new Date(Math.min(Date.parse(`${firstOfMonth}T00:00:00Z`) + payment.days * 86_400_000, now.getTime())),
    );
    await recordPayerClaimPayment(demoContext(db, master, momentOn(paymentDate, 3, now)), claimId, {
      amount_received: centavosToPesos(paid - withheld),
      tax_withheld: centavosToPesos(withheld),
      form_2307_number: payment.form,
      payment_date: paymentDate,
      // HMOs pay their claims by bank transfer.
      payment_method: 'bank_transfer',
      lines: payment.lines.map((line) => ({
        invoice_id: line.invoice_id,
        paid: centavosToPesos(line.paid),
        disallowed: centavosToPesos(line.disallowed),
        reason: line.disallowed > 0 ? 'Anti-glare coating is not covered by the plan.' : null,
      })),
    });
  }
}
