import type { JobOrderStatus } from '../../domain/job-order-status.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';

// Every status a job order enters, with who moved it and when; rows are only ever added.
export async function recordJobOrderStatus(
  context: PostingContext,
  jobOrderId: number,
  status: JobOrderStatus,
): Promise<void> {
  await context.trx
    .insertInto('job_order_status_changes')
    .values({
      business_id: context.businessId,
      job_order_id: jobOrderId,
      status,
      user_id: context.userId,
      at: timestampOf(context),
    })
    .execute();
}
