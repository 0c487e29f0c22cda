import type { z } from 'zod';
import type { CreateBillPaymentBody } from '../../../generated/zod/bill-payments/bill-payments.zod.ts';
import { locationOf } from '../../domain/location.ts';
import { fieldError } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { movePayment, paymentColumns } from '../../ledger/payments.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';

export type BillPaymentInput = z.output<typeof CreateBillPaymentBody>;

export async function createBillPayment(context: PostingContext, input: BillPaymentInput): Promise<number> {
  const bill = await context.trx
    .selectFrom('bills')
    .select(['id', 'branch_id', 'warehouse_id'])
    .where('id', '=', input.bill_id)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const location = bill ? locationOf(bill.branch_id, bill.warehouse_id) : null;
  if (!bill || !location) throw fieldError('bill_id', 'The selected bill_id is invalid.');
  const header = await context.trx
    .insertInto('bill_payments')
    .values({
      ...paymentColumns(context, input),
      number: await assignDocumentNumber(context, 'bill-payment', location),
      bill_id: bill.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postBillPayment(context, header.id, 1);
  return header.id;
}

export const postBillPayment: Posting = async (context, id, direction) => {
  const payment = await context.trx
    .selectFrom('bill_payments')
    .select(['bill_id', 'amount'])
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  await movePayment(context, 'bills', payment.bill_id, direction * Number(payment.amount), 'amount');
};
