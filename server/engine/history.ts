import type { HistoryAction } from '../db/tables/record-history.ts';
import { asPresented, changesBetween } from '../history/changes.ts';
import {
  appendHistory,
  eraseHistory,
  type HistoryEntry,
  type HistorySubject,
  readHistory,
} from '../history/record-history.ts';
import { findRecord } from './query.ts';
import type { AnyResource, CreatedEntry, RecordTableName, ResourceContext, Row } from './resource.ts';

// A resource the API can change keeps a history; the read-only ones (stocks, whose history is their movements,
// and the permission catalogue) do not.
export function keepsHistory(resource: AnyResource): boolean {
  return resource.actions === undefined || resource.actions.some((action) => action !== 'view');
}

export function historySubject(resource: AnyResource, ctx: ResourceContext, recordId: number): HistorySubject {
  return { businessId: resource.scope === 'business' ? ctx.businessId : null, resource: resource.prefix, recordId };
}

export async function presentedRow(
  resource: AnyResource,
  ctx: ResourceContext,
  row: Row<RecordTableName>,
): Promise<Record<string, unknown>> {
  const [record] = await resource.present(ctx, [row]);
  return asPresented(record);
}

// Writes one entry in the caller's transaction: what changed between the record as presented before and after.
// An update that changed nothing leaves no entry; a delete or restore always does.
export async function recordChange(
  resource: AnyResource,
  ctx: ResourceContext,
  recordId: number,
  action: HistoryAction,
  before: Record<string, unknown> | null,
  after: unknown,
): Promise<void> {
  const changes = changesBetween(before, asPresented(after));
  if (action === 'updated' && Object.keys(changes).length === 0) return;
  await appendHistory(
    ctx.db,
    historySubject(resource, ctx, recordId),
    { userId: ctx.identity.userId, at: ctx.now },
    action,
    changes,
  );
}

// The entry a create will write, from the record as presented now (engine/resource.ts, LastSteps).
export function createdEntry(
  resource: AnyResource,
  ctx: ResourceContext,
  recordId: number,
  after: unknown,
  answer: CreatedEntry['answer'],
): CreatedEntry {
  const subject = historySubject(resource, ctx, recordId);
  return {
    row: {
      business_id: subject.businessId,
      resource: subject.resource,
      record_id: subject.recordId,
      action: 'created',
      changes: JSON.stringify(changesBetween(null, asPresented(after))),
      user_id: ctx.identity.userId,
      at: ctx.now,
    },
    taken: false,
    answer,
    journal: null,
    last: false,
  };
}

export function forgetHistory(resource: AnyResource, ctx: ResourceContext, recordId: number): Promise<void> {
  return eraseHistory(ctx.db, historySubject(resource, ctx, recordId));
}

// Only a record the caller may see has a history to read: another business's answers 404.
export async function recordHistory(
  resource: AnyResource,
  ctx: ResourceContext,
  recordId: number,
): Promise<HistoryEntry[]> {
  const row = await findRecord(resource, ctx, recordId);
  return readHistory(ctx.db, historySubject(resource, ctx, row.id));
}
