import { sql } from 'kysely';
import { formatPesos } from '../../domain/money.ts';
import { payerShareOf } from '../../domain/payer-share.ts';
import { fieldError, refusal } from '../../domain/refusal.ts';
import { refreshPaymentStatus } from '../../ledger/payments.ts';
import { type PostingContext, type PostingDirection, timestampOf } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';
import { usedThisPlanYear } from '../eye-care/benefit-use.ts';
import { coveredItemTypes } from '../eye-care/benefits.ts';

const philHealthOldest = 15;

type SplitInvoice = { id: number; contact_id: number; invoice_date: string; loa_id: number | null | undefined };

type HeldLoa = {
  id: number;
  number: string;
  status: string;
  valid_until: string;
  approved_amount: number;
  invoice_id: number | null;
  benefit_id: number;
};

// An invoice made with an LOA splits its total between the payer and the member (docs/domain/sales.md, HMO and
// PhilHealth benefits). The payer's share = the least of the LOA's approved amount, the benefit's remaining cap this
// plan year and the covered lines' amounts, which already carry the VAT exemption and the SC/PWD discount, less the
// copay. The share is kept with what memos credited (credited_total), so that the invoice's balance, its payments
// and the member's statement read the member's part only. On PostgreSQL the benefit's row is locked first, so that
// two invoices racing for the last of a cap take it one after the other; SQLite writes one transaction at a time.
export async function splitInvoiceByLoa(context: PostingContext, invoice: SplitInvoice): Promise<void> {
  if (invoice.loa_id == null) return;
  const loa = await heldLoa(context, invoice.loa_id);
  const benefit = await context.trx
    .selectFrom('benefits')
    .innerJoin('contacts as payer', 'payer.id', 'benefits.payer_id')
    .select([
      'benefits.id',
      'benefits.contact_id',
      'benefits.payer_id',
      'benefits.plan_year_start',
      'benefits.annual_cap',
      'benefits.item_type_ids',
      'benefits.copay_percent',
      'benefits.valid_until',
      'payer.payer_kind',
      'payer.name as payer_name',
    ])
    .where('benefits.id', '=', loa.benefit_id)
    .where('benefits.business_id', '=', context.businessId)
    .where('benefits.deleted_at', 'is', null)
    .$if(context.dialect === 'postgres', (query) => query.forUpdate('benefits'))
    .executeTakeFirst();
  if (!benefit) throw fieldError('loa_id', `LOA ${loa.number}'s benefit was deleted; choose another LOA.`);
  if (benefit.contact_id !== invoice.contact_id) {
    throw fieldError('loa_id', `LOA ${loa.number} is another member's; choose one of this customer's LOAs.`);
  }
  if (loa.status !== 'approved') throw fieldError('loa_id', await loaUnavailable(context, loa));
  if (loa.valid_until < invoice.invoice_date) {
    throw fieldError('loa_id', `LOA ${loa.number} was valid until ${loa.valid_until}.`);
  }
  if (benefit.valid_until !== null && benefit.valid_until < invoice.invoice_date) {
    throw fieldError('loa_id', `The benefit of LOA ${loa.number} ended on ${benefit.valid_until}.`);
  }
  const philHealth = benefit.payer_kind === 'philhealth';
  if (philHealth) await requirePhilHealthPackage(context, invoice, benefit.payer_id);
  const covered = await coveredAmount(context, invoice.id, coveredItemTypes(benefit.item_type_ids));
  const used =
    (
      await usedThisPlanYear(
        context.trx,
        context.businessId,
        [{ id: benefit.id, plan_year_start: benefit.plan_year_start }],
        invoice.invoice_date,
      )
    ).get(benefit.id) ?? 0;
  const share = payerShareOf({
    covered,
    copayPercent: benefit.copay_percent === null ? null : Number(benefit.copay_percent),
    approved: Number(loa.approved_amount),
    remaining: Math.max(0, Number(benefit.annual_cap) - used),
    philHealth,
  });
  await takeLoa(context, loa, invoice.id);
  await context.trx
    .updateTable('invoices')
    .set({
      loa_id: loa.id,
      payer_id: benefit.payer_id,
      payer_share: share,
      credited_total: sql`credited_total + ${share}`,
    })
    .where('id', '=', invoice.id)
    .where('business_id', '=', context.businessId)
    .execute();
  await refreshPaymentStatus(context, 'invoices', invoice.id);
}

async function heldLoa(context: PostingContext, loaId: number): Promise<HeldLoa> {
  const loa = await ownById(context, 'loas', loaId)
    .select(['id', 'number', 'status', 'valid_until', 'approved_amount', 'invoice_id', 'benefit_id'])
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!loa) throw fieldError('loa_id', 'Choose an LOA from the list.');
  return loa;
}

async function loaUnavailable(context: PostingContext, loa: Pick<HeldLoa, 'number' | 'status' | 'invoice_id'>) {
  if (loa.status !== 'used') return `LOA ${loa.number} is ${loa.status}.`;
  const invoice = await context.trx
    .selectFrom('invoices')
    .select(['number', 'invoice_date'])
    .where('id', '=', loa.invoice_id ?? 0)
    .executeTakeFirst();
  return invoice
    ? `LOA ${loa.number} was already used on invoice ${invoice.number} of ${invoice.invoice_date}.`
    : `LOA ${loa.number} was already used.`;
}

// The status guard sits in the UPDATE, so that of two invoices naming one LOA at once only one takes it.
async function takeLoa(context: PostingContext, loa: HeldLoa, invoiceId: number): Promise<void> {
  const taken = await context.trx
    .updateTable('loas')
    .set({ status: 'used', invoice_id: invoiceId, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', loa.id)
    .where('business_id', '=', context.businessId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return;
  const now = await heldLoa(context, loa.id);
  throw fieldError('loa_id', await loaUnavailable(context, now));
}

// The lines of the covered item types (every line when the benefit names none), as the invoice stored them: after
// the VAT exemption and the SC/PWD discount.
async function coveredAmount(context: PostingContext, invoiceId: number, itemTypeIds: readonly number[]) {
  const lines = await context.trx
    .selectFrom('invoice_lines')
    .innerJoin('items', 'items.id', 'invoice_lines.item_id')
    .select(['invoice_lines.amount', 'items.item_type_id'])
    .where('invoice_lines.business_id', '=', context.businessId)
    .where('invoice_lines.invoice_id', '=', invoiceId)
    .execute();
  return lines
    .filter((line) => itemTypeIds.length === 0 || itemTypeIds.includes(line.item_type_id))
    .reduce((sum, line) => sum + Number(line.amount), 0);
}

function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

// At an accredited clinic, for a child of 0-15 years on the invoice date, once per calendar year.
async function requirePhilHealthPackage(context: PostingContext, invoice: SplitInvoice, payerId: number) {
  const business = await context.trx
    .selectFrom('businesses')
    .select('philhealth_accredited')
    .where('id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  if (business.philhealth_accredited !== 1) {
    throw fieldError('loa_id', "PhilHealth's package is given only at a clinic PhilHealth accredited.");
  }
  const patient = await context.trx
    .selectFrom('contacts')
    .select(['name', 'birth_date'])
    .where('id', '=', invoice.contact_id)
    .executeTakeFirstOrThrow();
  if (patient.birth_date === null) {
    throw fieldError('loa_id', `Enter ${patient.name}'s birth date: PhilHealth's package is for children of 0-15.`);
  }
  const age = ageOn(patient.birth_date, invoice.invoice_date);
  if (age < 0 || age > philHealthOldest) {
    throw fieldError(
      'loa_id',
      `PhilHealth's package is for children of 0-15; ${patient.name} is ${age} on ${invoice.invoice_date}.`,
    );
  }
  const year = invoice.invoice_date.slice(0, 4);
  const first = await context.trx
    .selectFrom('invoices')
    .select(['number', 'invoice_date'])
    .where('business_id', '=', context.businessId)
    .where('contact_id', '=', invoice.contact_id)
    .where('payer_id', '=', payerId)
    .where('deleted_at', 'is', null)
    .where('id', '!=', invoice.id)
    .where('invoice_date', '>=', `${year}-01-01`)
    .where('invoice_date', '<=', `${year}-12-31`)
    .orderBy('invoice_date')
    .executeTakeFirst();
  if (first) {
    throw fieldError(
      'loa_id',
      `${patient.name} already had PhilHealth's package this year, on ${first.invoice_date} (invoice ${first.number}).`,
    );
  }
}

// An invoice with an LOA is voided and entered again rather than edited, so that its split is made once.
export function refuseEditingSplitInvoice(invoice: { loa_id: number | null }): void {
  if (invoice.loa_id !== null) throw refusal('An invoice with an LOA cannot be edited; void it and enter it again.');
}

// A void gives the LOA back (refused while a standing claim holds the payer's share); a restore takes it again.
export async function postInvoiceBenefit(
  context: PostingContext,
  invoiceId: number,
  direction: PostingDirection,
): Promise<void> {
  const invoice = await ownById(context, 'invoices', invoiceId)
    .select(['loa_id', 'payer_share'])
    .executeTakeFirstOrThrow();
  if (invoice.loa_id === null) return;
  if (direction === -1) {
    const claim = await context.trx
      .selectFrom('payer_claim_lines')
      .innerJoin('payer_claims', 'payer_claims.id', 'payer_claim_lines.payer_claim_id')
      .select('payer_claims.number')
      .where('payer_claim_lines.business_id', '=', context.businessId)
      .where('payer_claim_lines.invoice_id', '=', invoiceId)
      .where('payer_claims.deleted_at', 'is', null)
      .executeTakeFirst();
    if (claim) {
      throw refusal(
        `This invoice's payer share of ${formatPesos(Number(invoice.payer_share))} is on claim ${claim.number}; void the claim first.`,
      );
    }
    await context.trx
      .updateTable('loas')
      .set({ status: 'approved', invoice_id: null, updated_at: timestampOf(context) })
      .where('id', '=', invoice.loa_id)
      .where('business_id', '=', context.businessId)
      .execute();
    return;
  }
  await takeLoa(context, await heldLoa(context, invoice.loa_id), invoiceId);
}
