import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { businessDate } from '../../domain/business-date.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { storedFields } from '../../engine/dynamic.ts';
import { placedAt } from '../../ledger/references.ts';

// The Overview's lists of job orders: the standing ones at the place, with their customer's and branch's names.
function standingJobOrders(db: Kysely<Database>, businessId: number, place: Location | null) {
  return db
    .selectFrom('job_orders')
    .innerJoin('contacts', 'contacts.id', 'job_orders.contact_id')
    .innerJoin('branches', 'branches.id', 'job_orders.branch_id')
    .select(['job_orders.id', 'job_orders.number', 'contacts.name as contact_name', 'branches.name as branch_name'])
    .where('job_orders.business_id', '=', businessId)
    .where(placedAt('job_orders', place, false))
    .where('job_orders.deleted_at', 'is', null);
}

// The Overview's job orders to chase: not yet claimed or cancelled and promised for today or earlier.
export async function jobOrdersDue(db: Kysely<Database>, businessId: number, today: string, place: Location | null) {
  const rows = await standingJobOrders(db, businessId, place)
    .select(['job_orders.promised_date', 'job_orders.status'])
    .where('job_orders.status', 'in', ['open', 'in_lab', 'ready'])
    .where('job_orders.promised_date', '<=', today)
    .orderBy('job_orders.promised_date')
    .orderBy('job_orders.id')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    ...storedFields(row, ['id', 'number', 'contact_name', 'branch_name']),
    promised_date: row.promised_date ?? today,
    status: row.status as 'open' | 'in_lab' | 'ready',
    late: (row.promised_date ?? today) < today,
  }));
}

// The Overview's orders waiting for their patient (docs/domain/eye-care.md, The order's road): ready and not yet
// claimed, longest waiting first, with what their deposits still hold and whether they may be forfeited.
export async function jobOrdersReady(db: Kysely<Database>, businessId: number, now: Date, place: Location | null) {
  const business = await db
    .selectFrom('businesses')
    .select('pickup_forfeit_days')
    .where('id', '=', businessId)
    .executeTakeFirst();
  const forfeitDays = Number(business?.pickup_forfeit_days ?? 90);
  const rows = await standingJobOrders(db, businessId, place)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('acknowledgment_receipts')
          .select([
            'job_order_id',
            sql<string | number>`SUM(amount - applied_amount - refunded_amount - forfeited_amount)`.as('balance'),
          ])
          .where('business_id', '=', businessId)
          .where('deleted_at', 'is', null)
          .groupBy('job_order_id')
          .as('deposits'),
      (join) => join.onRef('deposits.job_order_id', '=', 'job_orders.id'),
    )
    .select(['job_orders.ready_at', 'deposits.balance'])
    .where('job_orders.status', '=', 'ready')
    .orderBy('job_orders.ready_at')
    .orderBy('job_orders.id')
    .limit(50)
    .execute();
  const today = Date.parse(`${businessDate(now)}T00:00:00Z`);
  return rows.map((row) => {
    const readyOn = row.ready_at === null ? today : Date.parse(`${businessDate(new Date(row.ready_at))}T00:00:00Z`);
    const days = Math.max(0, Math.round((today - readyOn) / 86_400_000));
    return {
      ...storedFields(row, ['id', 'number', 'contact_name', 'branch_name', 'ready_at']),
      days_waiting: days,
      deposit_balance: centavosToPesos(Math.max(0, Number(row.balance ?? 0))),
      forfeitable: days >= forfeitDays,
    };
  });
}
