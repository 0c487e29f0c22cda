import { sql } from 'kysely';
import { businessDate } from '../../domain/business-date.ts';
import type { Centavos } from '../../domain/money.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';

// What an order's deposits still hold (docs/domain/eye-care.md, The order's road): the order reads it, its
// forfeiture keeps it, the sales area's acknowledgment receipts take and apply it.

export const balanceSql = sql<number>`amount - applied_amount - refunded_amount - forfeited_amount`;

export const depositBalance = (row: {
  amount: number;
  applied_amount: number;
  refunded_amount: number;
  forfeited_amount: number;
}): Centavos =>
  Math.max(
    0,
    Number(row.amount) - Number(row.applied_amount) - Number(row.refunded_amount) - Number(row.forfeited_amount),
  );

// A forfeited order keeps what its receipts still hold (docs/domain/eye-care.md, The order's road): other income,
// dated the day of the forfeiture.
export async function forfeitDeposits(context: PostingContext, jobOrderId: number): Promise<void> {
  await context.trx
    .updateTable('acknowledgment_receipts')
    .set({
      forfeited_amount: sql`forfeited_amount + (${balanceSql})`,
      forfeited_on: businessDate(context.now),
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('business_id', '=', context.businessId)
    .where('job_order_id', '=', jobOrderId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`${balanceSql} > 0`)
    .execute();
}
