import { sql } from 'kysely';
import type { PaymentMethod } from '../db/tables/documents.ts';
import { paymentStatus } from '../domain/document-status.ts';
import { type Centavos, formatPesos, pesosToCentavos } from '../domain/money.ts';
import { fieldError } from '../domain/refusal.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';
import { moveStatus } from './status-moves.ts';

export type PayableTable = 'bills' | 'invoices';

type PaymentInput = {
  payment_date: string;
  amount: number;
  payment_method: PaymentMethod;
  reference?: string | null;
  notes?: string | null;
};

// A bill payment and an invoice payment record the same facts; only the document they pay differs.
export function paymentColumns(context: PostingContext, input: PaymentInput) {
  const at = timestampOf(context);
  return {
    business_id: context.businessId,
    payment_date: input.payment_date,
    amount: pesosToCentavos(input.amount),
    payment_method: input.payment_method,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    created_at: at,
    updated_at: at,
    created_by: context.userId,
    updated_by: context.userId,
  };
}

// Moves a bill's or invoice's amount paid. The balance guard sits in the UPDATE's WHERE so that two payments
// racing for the last peso cannot both pass; a voided bill or invoice takes no payment.
export async function movePayment(
  context: PostingContext,
  table: PayableTable,
  id: number,
  delta: Centavos,
  field: string,
): Promise<void> {
  const result = await context.trx
    .updateTable(table)
    .set({ amount_paid: sql`amount_paid + ${delta}`, updated_at: timestampOf(context) })
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .where(sql<boolean>`amount_paid + ${delta} <= total`)
    .where(sql<boolean>`amount_paid + ${delta} >= 0`)
    .$if(delta > 0, (query) => query.where('deleted_at', 'is', null))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const row = await context.trx
      .selectFrom(table)
      .select(['total', 'amount_paid', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.deleted_at !== null) throw fieldError(field, 'The document to pay is voided.');
    const balance = Number(row.total) - Number(row.amount_paid);
    throw fieldError(field, `The amount may not be more than the balance of ${formatPesos(balance)}.`);
  }
  const row = await context.trx
    .selectFrom(table)
    .select(['total', 'amount_paid'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await moveStatus(context, table, id, paymentStatus(Number(row.total), Number(row.amount_paid)));
}
