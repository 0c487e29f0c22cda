import type { FastifyInstance } from 'fastify';
import { ConfirmLabCreditBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError, notFound } from '../../domain/refusal.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { parseInput } from '../../http/validation.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';
import { readLabCredits } from '../eye-care/lab-credits.ts';
import { createDebitMemo } from './debit-memos-posting.ts';

// The lab agreed: a debit memo to it at the remake's branch for the credit's lines, no goods going back (the lenses
// were never returned to the shop's stock), kept as the lab's credit to spend on a later bill.
export async function confirmLabCredit(context: PostingContext, id: number, memoDate?: string): Promise<void> {
  const credit = await ownById(context, 'lab_credits', id)
    .selectAll()
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!credit) throw notFound();
  if (credit.status === 'confirmed') throw conflict('This lab credit is already confirmed.');
  const date = memoDate ?? businessDate(context.now);
  if (date > businessDate(context.now)) throw fieldError('memo_date', 'The memo date cannot be after today.');
  const order = await context.trx
    .selectFrom('job_orders')
    .select(['number', 'branch_id'])
    .where('id', '=', credit.job_order_id)
    .executeTakeFirstOrThrow();
  const lines = await context.trx
    .selectFrom('lab_credit_lines')
    .select(['item_id', 'quantity', 'unit_cost'])
    .where('business_id', '=', context.businessId)
    .where('lab_credit_id', '=', id)
    .orderBy('position')
    .execute();
  const memoId = await createDebitMemo(context, {
    contact_id: credit.lab_contact_id,
    branch_id: order.branch_id,
    warehouse_id: null,
    bill_id: null,
    memo_date: date,
    reason: 'defective',
    notes: `Lab credit for remake ${order.number}`,
    settlement: 'supplier_credit',
    lines: lines.map((line) => ({
      item_id: line.item_id,
      quantity: fromThousandths(Number(line.quantity)),
      unit_cost: centavosToPesos(Number(line.unit_cost)),
      return_stock: false,
    })),
  });
  await context.trx
    .updateTable('lab_credits')
    .set({
      status: 'confirmed',
      debit_memo_id: memoId,
      confirmed_at: timestampOf(context),
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .execute();
  await recordDocumentHistory(context, 'job_orders', credit.job_order_id, 'updated', {
    lab_credit: ['expected', 'confirmed'],
  });
}

// POST /api/lab-credits/{id}/confirm (docs/domain/eye-care.md, Remakes): the expected credit becomes the lab's debit
// memo, in one transaction.
export function registerLabCreditConfirmRoute(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/lab-credits/:id/confirm',
    { config: { access: { kind: 'business' as const, permissions: ['create-debit-memos'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(ConfirmLabCreditBody, request.body ?? {});
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          await confirmLabCredit(postingContextOf(trx), id, body.memo_date);
          const [credit] = await readLabCredits(db, ctx.businessId ?? 0, { id });
          return credit;
        }),
      );
    },
  );
}
