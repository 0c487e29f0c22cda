import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LabCreditStatus } from '../../db/migrations/025-049/045_remakes.ts';
import { centavosToPesos } from '../../domain/money.ts';

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
