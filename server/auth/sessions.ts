import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { randomToken } from './password.ts';

// Sessions live in the database so that several server processes share them. Only a hash of the id is stored:
// a leaked table does not hand out live sessions.
const touchEveryMs = 60_000;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export async function startSession(
  db: Kysely<Database>,
  userId: number,
  client: { ip: string | null; userAgent: string | null },
  now: Date,
): Promise<string> {
  const sessionId = randomToken(32);
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(sessionId),
      user_id: userId,
      created_at: at,
      last_seen_at: at,
      ip_address: client.ip,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return sessionId;
}

// The user id of a live session, or null. A session idle for longer than the timeout is removed.
export async function resumeSession(
  db: Kysely<Database>,
  sessionId: string,
  idleMinutes: number,
  now: Date,
): Promise<number | null> {
  const idHash = hashSessionId(sessionId);
  const session = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!session) return null;
  const idleMs = now.getTime() - Date.parse(session.last_seen_at);
  if (idleMs > idleMinutes * 60_000) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (idleMs > touchEveryMs) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id_hash', '=', idHash).execute();
  }
  return session.user_id;
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSessionId(sessionId)).execute();
}

export async function endAllSessionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

// After a password change: whoever else signed in with the old password is signed out; the caller stays.
export async function endOtherSessionsOf(db: Kysely<Database>, userId: number, keepSessionId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id_hash', '!=', hashSessionId(keepSessionId))
    .execute();
}
