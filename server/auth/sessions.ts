import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { randomToken } from './password.ts';

// Sessions live in the database so that several server processes share them. Only a hash of the id is stored:
// a leaked table does not hand out live sessions.

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
