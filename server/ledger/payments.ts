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

// What memos took off each kind of document (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md,
// Debit memos): the balance is total less that less what was paid.
export const creditedColumn = { invoices: 'credited_total', bills: 'debited_total' } as const;

// Moves a bill's or invoice's amount paid. The balance guard sits in the UPDATE's WHERE so that two payments
// racing for the last peso cannot both pass; a voided bill or invoice takes no payment. Taking a payment back is
// always allowed: a memo may have taken the balance past zero meanwhile.
export async function movePayment(
  context: PostingContext,
  table: PayableTable,
  id: number,
  delta: Centavos,
  field: string,
): Promise<void> {
  const credited = sql.ref(creditedColumn[table]);
  const result = await context.trx
    .updateTable(table)
    .set({ amount_paid: sql`amount_paid + ${delta}`, updated_at: timestampOf(context) })
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .$if(delta > 0, (query) =>
      query.where('deleted_at', 'is', null).where(sql<boolean>`amount_paid + ${credited} + ${delta} <= total`),
    )
    .where(sql<boolean>`amount_paid + ${delta} >= 0`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const row = await context.trx
      .selectFrom(table)
      .select(['total', 'amount_paid', 'deleted_at', sql<number>`${credited}`.as('credited')])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.deleted_at !== null) throw fieldError(field, 'The document to pay is voided.');
    const balance = Math.max(0, Number(row.total) - Number(row.credited) - Number(row.amount_paid));
    throw fieldError(field, `The amount may not be more than the balance of ${formatPesos(balance)}.`);
  }
  await refreshPaymentStatus(context, table, id);
}

// Paid when what was paid and credited covers the total.
export async function refreshPaymentStatus(context: PostingContext, table: PayableTable, id: number): Promise<void> {
  const row = await context.trx
    .selectFrom(table)
    .select(['total', 'amount_paid', sql<number>`${sql.ref(creditedColumn[table])}`.as('credited')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await moveStatus(
    context,
    table,
    id,
    paymentStatus(Number(row.total), Number(row.amount_paid) + Number(row.credited)),
  );
}

// The contact's credit a memo leaves and a payment of the matching method spends (`store_credit` on an invoice,
// `supplier_credit` on a bill). The guard sits in the UPDATE so that two payments cannot spend the same peso, and a
// memo whose credit was spent cannot be voided: the balance never goes below zero.
export type ContactCreditColumn = 'store_credit' | 'supplier_credit';

export async function moveContactCredit(
  context: PostingContext,
  column: ContactCreditColumn,
  contactId: number,
  delta: Centavos,
): Promise<{ moved: boolean; left: Centavos }> {
  const ref = sql.ref(column);
  const result = await context.trx
    .updateTable('contacts')
    .set({ [column]: sql`${ref} + ${delta}` })
    .where('id', '=', contactId)
    .where('business_id', '=', context.businessId)
    .where(sql<boolean>`${ref} + ${delta} >= 0`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { moved: true, left: 0 };
  const row = await context.trx
    .selectFrom('contacts')
    .select(sql<number>`${ref}`.as('credit'))
    .where('id', '=', contactId)
    .executeTakeFirst();
  return { moved: false, left: Number(row?.credit ?? 0) };
}
