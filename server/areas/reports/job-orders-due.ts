import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { storedFields } from '../../engine/dynamic.ts';
import { placedAt } from '../../ledger/references.ts';

// The Overview's job orders to chase: not yet claimed or cancelled and promised for today or earlier.
export async function jobOrdersDue(db: Kysely<Database>, businessId: number, today: string, place: Location | null) {
  const rows = await db
    .selectFrom('job_orders')
    .innerJoin('contacts', 'contacts.id', 'job_orders.contact_id')
    .innerJoin('branches', 'branches.id', 'job_orders.branch_id')
    .select([
      'job_orders.id',
      'job_orders.number',
      'job_orders.promised_date',
      'job_orders.status',
      'contacts.name as contact_name',
      'branches.name as branch_name',
    ])
    .where('job_orders.business_id', '=', businessId)
    .where(placedAt('job_orders', place, false))
    .where('job_orders.deleted_at', 'is', null)
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
