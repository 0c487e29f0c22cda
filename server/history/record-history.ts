import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertReused } from '../db/reused-insert.ts';
import type { HistoryAction } from '../db/tables/record-history.ts';
import type { Changes } from './changes.ts';

// The record an entry belongs to: a business's record, or a global one (businesses, users, roles) with null.
export type HistorySubject = { businessId: number | null; resource: string; recordId: number };
export type HistoryAuthor = { userId: number | null; at: string };

export type HistoryEntry = {
  at: string;
  user_id: number | null;
  user_name: string | null;
  action: HistoryAction;
  changes: Changes;
};

// Called with the transaction of the change itself, so that the entry commits or rolls back with it.
export async function appendHistory(
  db: Kysely<Database>,
  subject: HistorySubject,
  author: HistoryAuthor,
  action: HistoryAction,
  changes: Changes,
): Promise<void> {
  await insertReused(db, 'record_history', [
    {
      business_id: subject.businessId,
      resource: subject.resource,
      record_id: subject.recordId,
      action,
      changes: JSON.stringify(changes),
      user_id: author.userId,
      at: author.at,
    },
  ]);
}

function ofSubject(db: Kysely<Database>, subject: HistorySubject) {
  return db
    .selectFrom('record_history')
    .where((eb) =>
      subject.businessId === null
        ? eb('record_history.business_id', 'is', null)
        : eb('record_history.business_id', '=', subject.businessId),
    )
    .where('record_history.resource', '=', subject.resource)
    .where('record_history.record_id', '=', subject.recordId);
}

// Newest first (by time, then by order of writing); the user's current name (null once the user is gone).
export async function readHistory(db: Kysely<Database>, subject: HistorySubject): Promise<HistoryEntry[]> {
  const rows = await ofSubject(db, subject)
    .leftJoin('users', 'users.id', 'record_history.user_id')
    .select([
      'record_history.at',
      'record_history.user_id',
      'users.name as user_name',
      'record_history.action',
      'record_history.changes',
    ])
    .orderBy('record_history.at', 'desc')
    .orderBy('record_history.id', 'desc')
    .execute();
  return rows.map((row) => ({
    at: row.at,
    user_id: row.user_id,
    user_name: row.user_name,
    action: row.action,
    changes: JSON.parse(row.changes) as Changes,
  }));
}

// A permanently deleted record takes its history with it.
export async function eraseHistory(db: Kysely<Database>, subject: HistorySubject): Promise<void> {
  await db
    .deleteFrom('record_history')
    .where((eb) =>
      subject.businessId === null ? eb('business_id', 'is', null) : eb('business_id', '=', subject.businessId),
    )
    .where('resource', '=', subject.resource)
    .where('record_id', '=', subject.recordId)
    .execute();
}
