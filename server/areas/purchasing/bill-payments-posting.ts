import type { z } from 'zod';
import type { CreateBillPaymentBody } from '../../../generated/zod/bill-payments/bill-payments.zod.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { locationOf } from '../../domain/location.ts';
import { fieldError } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { paymentColumns } from '../../ledger/payments.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { requireDocument } from '../../ledger/references.ts';
import { settlePayment } from '../../ledger/settlement.ts';

export type BillPaymentInput = z.output<typeof CreateBillPaymentBody>;

export async function createBillPayment(context: PostingContext, input: BillPaymentInput): Promise<number> {
  const bill = await requireDocument(context, 'bills', input.bill_id, 'bill_id');
  const location = locationOf(bill.branch_id, bill.warehouse_id);
  if (!location) throw fieldError('bill_id', unknownChoice('bill_id'));
  const header = await context.trx
    .insertInto('bill_payments')
    .values({
      ...paymentColumns(context, input),
      number: await assignDocumentNumber(context, 'bill-payment', location, input.payment_date),
      bill_id: bill.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postBillPayment(context, header.id, 1);
  return header.id;
}

// A payment in supplier credit spends what the bill's supplier owes us from debit memos, never below zero
// (docs/domain/purchasing.md, Debit memos); its void gives the credit back.
export const postBillPayment: Posting = async (context, id, direction) => {
  const payment = await context.trx
    .selectFrom('bill_payments')
    .innerJoin('bills', 'bills.id', 'bill_payments.bill_id')
    .select(['bill_payments.bill_id', 'bill_payments.amount', 'bill_payments.payment_method', 'bills.contact_id'])
    .where('bill_payments.id', '=', id)
    .where('bill_payments.business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  await settlePayment(
    context,
    'bills',
    { ...payment, document_id: payment.bill_id, amount: Number(payment.amount) },
    direction,
  );
};
