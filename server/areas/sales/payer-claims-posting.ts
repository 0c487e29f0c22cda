import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  CreatePayerClaimBody,
  RecordPayerClaimPaymentBody,
} from '../../../generated/zod/payer-claims/payer-claims.zod.ts';
import { writeOffDisallowancesPermission } from '../../auth/identity.ts';
import { businessDate } from '../../domain/business-date.ts';
import { formatPesos, pesosToCentavos } from '../../domain/money.ts';
import { fieldError, forbidden, notFound, refusal } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument, enterNumberedLines } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { refreshPaymentStatus } from '../../ledger/payments.ts';
import { type PostingContext, type PostingDirection, timestampOf } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';

export type PayerClaimInput = z.output<typeof CreatePayerClaimBody>;
export type PayerClaimPaymentInput = z.output<typeof RecordPayerClaimPaymentBody>;

// What is still owed on a claim line: its amount less what the payer settled and disallowed.
export const leftOn = (line: { amount: number; paid: number; disallowed: number }) =>
  Number(line.amount) - Number(line.paid) - Number(line.disallowed);

async function requirePayer(context: PostingContext, payerId: number) {
  const payer = await ownById(context, 'contacts', payerId)
    .select(['id', 'name', 'payer_kind'])
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!payer?.payer_kind) throw fieldError('payer_id', 'Choose a payer: an HMO or PhilHealth.');
  return payer;
}

// The payer shares of standing invoices dated in the period that no standing claim holds.
function unclaimedShares(context: PostingContext, payerId: number, from: string, to: string) {
  return context.trx
    .selectFrom('invoices')
    .select(['id', 'payer_share'])
    .where('business_id', '=', context.businessId)
    .where('payer_id', '=', payerId)
    .where('deleted_at', 'is', null)
    .where('payer_share', '>', 0)
    .where('invoice_date', '>=', from)
    .where('invoice_date', '<=', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payer_claim_lines')
            .innerJoin('payer_claims', 'payer_claims.id', 'payer_claim_lines.payer_claim_id')
            .select('payer_claim_lines.id')
            .where('payer_claim_lines.business_id', '=', context.businessId)
            .whereRef('payer_claim_lines.invoice_id', '=', 'invoices.id')
            .where('payer_claims.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('invoice_date')
    .orderBy('id');
}

// docs/domain/sales.md, Payer claims: a claim gathers a payer's unclaimed shares of a period; it is numbered at the
// business's first branch, as a claim is the business's, not a branch's.
export async function createPayerClaim(context: PostingContext, input: PayerClaimInput): Promise<number> {
  const payer = await requirePayer(context, input.payer_id);
  if (input.period_to < input.period_from) {
    throw fieldError('period_to', 'The period ends on or after the day it begins.');
  }
  const shares = await unclaimedShares(context, payer.id, input.period_from, input.period_to).execute();
  if (shares.length === 0) {
    throw fieldError('period_from', `No payer share of ${payer.name} from this period is left to claim.`);
  }
  const branch = await context.trx
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const today = businessDate(context.now);
  const location = { branch_id: branch.id, warehouse_id: null };
  const id = await enterDocument(context, 'payer_claims', {
    number: await assignDocumentNumber(context, 'payer-claim', location, today),
    payer_id: payer.id,
    branch_id: branch.id,
    claim_date: today,
    period_from: input.period_from,
    period_to: input.period_to,
    status: 'draft',
    total: shares.reduce((sum, share) => sum + Number(share.payer_share), 0),
    submitted_at: null,
    notes: input.notes ?? null,
  });
  await enterNumberedLines(context, id, {
    table: 'payer_claim_lines',
    parent: 'payer_claim_id',
    rows: shares.map((share) => ({
      invoice_id: share.id,
      amount: Number(share.payer_share),
      reason: null,
      disallowed_to: null,
    })),
  });
  return id;
}

async function lockedClaim(context: PostingContext, id: number) {
  return ownById(context, 'payer_claims', id)
    .select(['id', 'status', 'deleted_at', 'number'])
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
}

export async function submitPayerClaim(context: PostingContext, id: number): Promise<void> {
  const claim = await lockedClaim(context, id);
  if (claim.deleted_at !== null) throw refusal('A voided claim cannot be submitted.');
  if (claim.status !== 'draft') throw fieldError('status', `Claim ${claim.number} is already ${claim.status}.`);
  await context.trx
    .updateTable('payer_claims')
    .set({ status: 'submitted', submitted_at: timestampOf(context), updated_at: timestampOf(context) })
    .where('id', '=', id)
    .execute();
}

// The payer's payment: what it sent and what it withheld (as its Form 2307 states, never recomputed) settle the
// lines it names; what it disallowed goes back to the member's balance, or is written off by a user who may.
export async function recordPayerClaimPayment(
  context: PostingContext,
  id: number,
  input: PayerClaimPaymentInput,
): Promise<void> {
  const claim = await lockedClaim(context, id);
  if (claim.deleted_at !== null) throw refusal('A voided claim takes no payment.');
  if (claim.status === 'draft')
    throw fieldError('status', `Submit claim ${claim.number} before recording its payment.`);
  if (claim.status === 'paid') throw fieldError('status', `Claim ${claim.number} is already paid.`);
  const lines = await context.trx
    .selectFrom('payer_claim_lines')
    .select(['id', 'invoice_id', 'amount', 'paid', 'disallowed'])
    .where('business_id', '=', context.businessId)
    .where('payer_claim_id', '=', id)
    .execute();
  let settled = 0;
  const seen = new Set<number>();
  const moves: {
    invoice_id: number;
    paid: number;
    disallowed: number;
    disallowed_to: 'member' | 'written_off' | null;
  }[] = [];
  for (const [index, given] of input.lines.entries()) {
    const line = lines.find((candidate) => candidate.invoice_id === given.invoice_id);
    if (!line || seen.has(given.invoice_id)) {
      throw fieldError(`lines.${index}.invoice_id`, 'Name each invoice of this claim once.');
    }
    seen.add(given.invoice_id);
    const paid = pesosToCentavos(given.paid ?? 0);
    const disallowed = pesosToCentavos(given.disallowed ?? 0);
    const left = leftOn(line);
    if (paid + disallowed > left) {
      throw fieldError(`lines.${index}.paid`, `Paid and disallowed may not pass the ${formatPesos(left)} left on it.`);
    }
    if (disallowed > 0 && !(given.reason ?? '').trim()) {
      throw fieldError(`lines.${index}.reason`, 'Say why the payer disallowed it.');
    }
    if (disallowed > 0 && given.write_off === true && !context.holds(writeOffDisallowancesPermission)) {
      throw forbidden(
        `Only a user with the permission ${writeOffDisallowancesPermission} may write off a disallowance.`,
      );
    }
    settled += paid;
    moves.push({
      invoice_id: line.invoice_id,
      paid,
      disallowed,
      disallowed_to: disallowed > 0 ? (given.write_off ? 'written_off' : 'member') : null,
    });
    await context.trx
      .updateTable('payer_claim_lines')
      .set({
        paid: sql`paid + ${paid}`,
        disallowed: sql`disallowed + ${disallowed}`,
        ...(disallowed > 0
          ? { reason: (given.reason ?? '').trim(), disallowed_to: given.write_off ? 'written_off' : 'member' }
          : {}),
      })
      .where('id', '=', line.id)
      .execute();
    if (disallowed > 0 && !given.write_off) await billMember(context, line.invoice_id, disallowed);
  }
  const received = pesosToCentavos(input.amount_received);
  const withheld = pesosToCentavos(input.tax_withheld);
  if (received + withheld !== settled) {
    throw fieldError(
      'amount_received',
      `Received ${formatPesos(received)} and withheld ${formatPesos(withheld)} must add up to the lines' paid, ${formatPesos(settled)}.`,
    );
  }
  const paymentId = await enterDocument(context, 'payer_claim_payments', {
    payer_claim_id: id,
    payment_date: input.payment_date,
    payment_method: input.payment_method ?? null,
    amount_received: received,
    tax_withheld: withheld,
    form_2307_number: input.form_2307_number?.trim() || null,
  });
  // Each line's part of this payment, dated by it, for the payer aging as of a past day.
  await enterNumberedLines(context, paymentId, {
    table: 'payer_claim_payment_lines',
    parent: 'payer_claim_payment_id',
    rows: moves,
  });
  const after = await context.trx
    .selectFrom('payer_claim_lines')
    .select(['amount', 'paid', 'disallowed'])
    .where('business_id', '=', context.businessId)
    .where('payer_claim_id', '=', id)
    .execute();
  await context.trx
    .updateTable('payer_claims')
    .set({
      status: after.every((line) => leftOn(line) === 0) ? 'paid' : 'partly_paid',
      updated_at: timestampOf(context),
    })
    .where('id', '=', id)
    .execute();
}

// The Form 2307 a payer sends after its payment: its number takes the payment off the 2307s-pending report.
export async function recordForm2307(
  context: PostingContext,
  id: number,
  paymentId: number,
  number: string,
): Promise<void> {
  const claim = await lockedClaim(context, id);
  if (claim.deleted_at !== null) throw refusal('A voided claim takes no Form 2307.');
  const trimmed = number.trim();
  if (!trimmed) throw fieldError('form_2307_number', "Enter the Form 2307's number.");
  const changed = await context.trx
    .updateTable('payer_claim_payments')
    .set({ form_2307_number: trimmed, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', paymentId)
    .where('payer_claim_id', '=', id)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) throw notFound(`Claim ${claim.number} has no such payment.`);
}

// A disallowed amount is the member's again: the payer's share and what it kept off the member's balance go down.
async function billMember(context: PostingContext, invoiceId: number, amount: number): Promise<void> {
  await context.trx
    .updateTable('invoices')
    .set({
      payer_share: sql`payer_share - ${amount}`,
      credited_total: sql`credited_total - ${amount}`,
      updated_at: timestampOf(context),
    })
    .where('id', '=', invoiceId)
    .where('business_id', '=', context.businessId)
    .execute();
  await refreshPaymentStatus(context, 'invoices', invoiceId);
}

// A claim without payments is voided, and its invoices may be claimed again; restoring it takes them back unless
// another claim holds one meanwhile.
export const postPayerClaim: Posting = async (context, id, direction: PostingDirection) => {
  if (direction === -1) {
    const payment = await context.trx
      .selectFrom('payer_claim_payments')
      .select('id')
      .where('business_id', '=', context.businessId)
      .where('payer_claim_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (payment) throw refusal("This claim has the payer's payments; it cannot be voided.");
    return;
  }
  const other = await context.trx
    .selectFrom('payer_claim_lines as mine')
    .innerJoin('payer_claim_lines as theirs', 'theirs.invoice_id', 'mine.invoice_id')
    .innerJoin('payer_claims', 'payer_claims.id', 'theirs.payer_claim_id')
    .select('payer_claims.number')
    .where('mine.business_id', '=', context.businessId)
    .where('mine.payer_claim_id', '=', id)
    .where('theirs.payer_claim_id', '!=', id)
    .where('payer_claims.deleted_at', 'is', null)
    .executeTakeFirst();
  if (other) throw refusal(`Claim ${other.number} holds some of these invoices now.`);
};
