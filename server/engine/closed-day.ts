import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { sendAhead } from '../db/pipelined-transaction.ts';
import { reusedQuery } from '../db/reused-query.ts';
import { transactionMemo } from '../db/transaction-memo.ts';
import { businessDate } from '../domain/business-date.ts';
import { fieldError } from '../domain/refusal.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

// docs/domain/cash.md, The closed day: once a branch's day has its Z-reading, no document dated that day at that
// branch is created, changed, voided or restored (422 on the date field), and no sales document dated that day or
// any day before it, since Zs close a branch's days in order and a later sale would be in no reading's figures.
// `fields` is a body (a create's date defaults to today) or a stored row; where a document is placed is where it is
// worked at (its `workPlaces`). The refusal says what to do instead: date a new document on an open day; take back a
// closed day's sale with a credit memo dated today (docs/domain/sales.md).
export async function checkOpenDay(
  resource: AnyResource,
  ctx: ResourceContext,
  fields: Record<string, unknown>,
  action: 'create' | 'update' | 'void' | 'restore' = 'create',
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
  // A Z closes its terminal's day: another terminal of the branch sells on (docs/domain/cash.md, Terminals).
  const terminalId = resource.terminal ? await resource.terminal(ctx, fields) : null;
  const values = [ctx.businessId ?? 0, day, terminalId ?? 0, ...branchIds] as const;
  const onOrAfter = dated.sales === true;
  const name = `Z-readings ${onOrAfter ? 'on or after a day' : 'of a day'} of ${branchIds.length} branches${
    terminalId === null ? '' : ' at a terminal'
  }`;
  const read = reusedQuery(ctx.db, name, values, ([business, date, terminal, ...ids]) =>
    ctx.db
      .selectFrom('z_readings')
      .innerJoin('branches', 'branches.id', 'z_readings.branch_id')
      .select(['z_readings.number', 'z_readings.business_date', 'branches.name'])
      .where('z_readings.business_id', '=', business)
      .where('z_readings.branch_id', 'in', ids)
      // A reading written without its terminal closes the branch's day.
      .$if(terminalId !== null, (query) =>
        query.where((where) =>
          where.or([where('z_readings.terminal_id', '=', terminal), where('z_readings.terminal_id', 'is', null)]),
        ),
      )
      .where('z_readings.business_date', onOrAfter ? '>=' : '=', date)
      .orderBy('z_readings.business_date', 'desc')
      .limit(sql.lit(1)),
  );
  // The branch rows are held (shared) until the document commits, and a Z-reading takes them exclusively before it
  // reads the day: a document checked here is either in the reading's figures or sees the reading and is refused.
  // The read starts after the lock is granted, so it sees a reading committed while the lock waited. Both go out
  // with the transaction's next statement, which the refusal then fails (db/pipelined-transaction.ts), and each is
  // built once per number of branches (db/reused-query.ts). A branch the transaction holds already (a sale's terminal
  // read, just above, took it) is not locked again.
  if (dialectOf(ctx.db) === 'postgres' && !branchIds.every((id) => lockedBranches.peek(ctx.db)?.has(id))) {
    const lock = reusedQuery(ctx.db, `closed day's lock of ${branchIds.length} branches`, branchIds, (ids) =>
      ctx.db.selectFrom('branches').select('id').where('id', 'in', ids).forKeyShare(),
    );
    await sendAhead(ctx.db, lock);
  }
  await sendAhead(ctx.db, read, ([reading]) => {
    if (!reading) return;
    if (reading.business_date !== day) {
      throw fieldError(
        dated.field,
        `${reading.name}'s days through ${reading.business_date} are closed (Z-reading ${reading.number})` +
          insteadOf(resource, action),
      );
    }
    throw fieldError(
      dated.field,
      `The day ${day} is closed at ${reading.name} (Z-reading ${reading.number})${insteadOf(resource, action)}`,
    );
  });
}

// The branches a transaction already holds at least shared (a sale's terminal read takes its branch so,
// ledger/terminals.ts, just before the check above): their lock costs it no statement of its own.
const lockedBranches = transactionMemo(() => new Set<number>());

export function heldBranch(db: Kysely<Database>, branchId: number): void {
  lockedBranches.of(db)?.add(branchId);
}

function insteadOf(resource: AnyResource, action: 'create' | 'update' | 'void' | 'restore'): string {
  if (action === 'create' || action === 'update') return ': date it on an open day.';
  if (action === 'void' && resource.table === 'invoices') {
    return ': its invoices are no longer voided. To take the sale back, make a credit memo dated today.';
  }
  return action === 'void'
    ? `: a ${resource.singular} of that day can no longer be voided.`
    : `: a ${resource.singular} of that day can no longer be restored.`;
}
