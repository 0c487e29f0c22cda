import { sql } from 'kysely';
import { paymentStatus } from '../domain/document-status.ts';
import { type Centavos, centavosToPesos } from '../domain/money.ts';
import { fieldError } from '../http/errors.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';

export type PayableTable = 'bills' | 'invoices';

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
    throw fieldError(field, `The amount may not be more than the balance of ${centavosToPesos(balance)}.`);
  }
  const row = await context.trx
    .selectFrom(table)
    .select(['total', 'amount_paid'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await context.trx
    .updateTable(table)
    .set({ status: paymentStatus(Number(row.total), Number(row.amount_paid)) })
    .where('id', '=', id)
    .execute();
}
