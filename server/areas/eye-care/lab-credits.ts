import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LabCreditStatus } from '../../db/migrations/045_remakes.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError, notFound } from '../../domain/refusal.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { createDebitMemo } from '../purchasing/debit-memos-posting.ts';

// Expected lab credits (docs/domain/eye-care.md, Remakes): what a lab owes back for a remake of its own error. Kept
// apart from debit memos until the lab confirms it, so that purchasing's documents, balances and books hold only what
// the lab agreed to; confirming posts the debit memo.

export async function readLabCredits(
  db: Kysely<Database>,
  businessId: number,
  filter: { status?: LabCreditStatus; id?: number; jobOrderIds?: readonly number[] },
) {
  let query = db
    .selectFrom('lab_credits as c')
    .innerJoin('job_orders as j', 'j.id', 'c.job_order_id')
    .leftJoin('job_orders as o', 'o.id', 'j.remake_of_id')
    .leftJoin('contacts as lab', 'lab.id', 'c.lab_contact_id')
    .leftJoin('debit_memos as m', 'm.id', 'c.debit_memo_id')
    .select([
      'c.id',
      'c.job_order_id',
      'j.number as job_order_number',
      'o.number as original_job_order_number',
      'c.lab_contact_id',
      'lab.name as lab_contact_name',
      'c.amount',
      'c.status',
      'c.debit_memo_id',
      'm.number as debit_memo_number',
      'c.confirmed_at',
      'c.created_at',
    ])
    .where('c.business_id', '=', businessId)
    .where('c.deleted_at', 'is', null)
    .where('j.deleted_at', 'is', null);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.id !== undefined) query = query.where('c.id', '=', filter.id);
  if (filter.jobOrderIds) query = query.where('c.job_order_id', 'in', [...filter.jobOrderIds, 0]);
  const rows = await query.orderBy('c.id', 'desc').execute();
  return rows.map((row) => ({
    ...row,
    original_job_order_number: row.original_job_order_number ?? null,
    lab_contact_name: row.lab_contact_name ?? null,
    debit_memo_number: row.debit_memo_number ?? null,
    amount: centavosToPesos(Number(row.amount)),
  }));
}

export async function listLabCredits(db: Kysely<Database>, businessId: number, status?: LabCreditStatus) {
  const data = await readLabCredits(db, businessId, status ? { status } : {});
  const cents = data.reduce((sum, credit) => sum + Math.round(credit.amount * 100), 0);
  return { data, totals: { amount: centavosToPesos(cents) } };
}

// The lab agreed: a debit memo to it at the remake's branch for the credit's lines, no goods going back (the lenses
// were never returned to the shop's stock), kept as the lab's credit to spend on a later bill.
export async function confirmLabCredit(context: PostingContext, id: number, memoDate?: string): Promise<void> {
  const credit = await context.trx
    .selectFrom('lab_credits')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
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
