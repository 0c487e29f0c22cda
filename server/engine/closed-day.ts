import { dialectOf } from '../db/dialect.ts';
import { sendAhead } from '../db/pipelined-transaction.ts';
import { businessDate } from '../domain/business-date.ts';
import { fieldError } from '../domain/refusal.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

// docs/domain/cash.md, The closed day: once a branch's day has its Z-reading, no document dated that day at that
// branch is created, changed, voided or restored (422 on the date field). `fields` is a body (a create's date defaults
// to today) or a stored row; where a document is placed is where it is worked at (its `workPlaces`).
export async function checkOpenDay(
  resource: AnyResource,
  ctx: ResourceContext,
  fields: Record<string, unknown>,
): Promise<void> {
  const dated = resource.documentDate;
  if (!dated || !resource.workPlaces) return;
  const given = fields[dated.field];
  const day = typeof given === 'string' ? given : businessDate(new Date(ctx.now));
  const places = await resource.workPlaces(ctx, fields);
  const branchIds = places
    .filter((place) => !place.source && place.location?.branch_id != null)
    .map((place) => place.location?.branch_id ?? 0);
  if (branchIds.length === 0) return;
  // The branch rows are held (shared) until the document commits, and a Z-reading takes them exclusively before it
  // reads the day: a document checked here is either in the reading's figures or sees the reading and is refused.
  // The read starts after the lock is granted, so it sees a reading committed while the lock waited. Both go out
  // with the transaction's next statement, which the refusal then fails (db/pipelined-transaction.ts).
  const lock = ctx.db.selectFrom('branches').select('id').where('id', 'in', branchIds).forKeyShare();
  const read = ctx.db
    .selectFrom('z_readings')
    .innerJoin('branches', 'branches.id', 'z_readings.branch_id')
    .select(['z_readings.number', 'branches.name'])
    .where('z_readings.business_id', '=', ctx.businessId ?? 0)
    .where('z_readings.branch_id', 'in', branchIds)
    .where('z_readings.business_date', '=', day)
    .limit(1);
  if (dialectOf(ctx.db) === 'postgres') await sendAhead(ctx.db, lock);
  await sendAhead(ctx.db, read, ([reading]) => {
    if (!reading) return;
    throw fieldError(
      dated.field,
      `The day ${day} is closed at ${reading.name} (Z-reading ${reading.number}): date it on an open day.`,
    );
  });
}
