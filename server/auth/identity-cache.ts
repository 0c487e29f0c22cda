import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { type Identity, readIdentity, type SessionRequest, touchEveryMs } from './identity.ts';
import { hashSessionId } from './sessions.ts';

export type IdentityCache = {
  resume(sessionId: string, request: SessionRequest): Promise<Identity | null>;
};

type Kept = { identity: Identity; epoch: number; lastSeenMs: number };

const capacity = 10_000;

/**
 * Reading the identity is the dearest query of a simple request (about a fifth of a read-one's time on SQLite),
 * so a process keeps what it read, per session and business, while the identity epoch (migration 013: every
 * write to users, roles, permissions, memberships or businesses, and every removed session, moves it, whichever
 * process or tool writes) stands still. Checking the epoch is one primary-key read. A kept identity is also
 * dropped once the session may need its `last_seen_at` touched or may have idled out, so that the idle timeout
 * and the touch work exactly as without the cache.
 */
export function createIdentityCache(db: Kysely<Database>): IdentityCache {
  const kept = new Map<string, Kept>();
  // Built once: building a query costs more than running this one.
  const epochQuery = db.selectFrom('identity_epoch').select('epoch').where('id', '=', 1).compile();
  return {
    async resume(sessionId, request) {
      // Keyed by the cookie itself: hashing it (as the sessions table stores it) is needed only to read.
      const key = `${sessionId}:${request.businessId ?? ''}`;
      // NaN, never equal to itself, should the row be missing: then nothing is kept.
      const epoch = Number((await db.executeQuery(epochQuery)).rows[0]?.epoch ?? Number.NaN);
      const hit = kept.get(key);
      const freshForMs = Math.min(touchEveryMs, request.idleMinutes * 60_000);
      if (hit && hit.epoch === epoch && request.now.getTime() - hit.lastSeenMs <= freshForMs) {
        return hit.identity;
      }
      kept.delete(key);
      const read = await readIdentity(db, sessionId, hashSessionId(sessionId), request);
      if (read === null) return null;
      // The epoch was read before the identity: a change committed in between makes the next request read again.
      kept.set(key, { identity: read.identity, epoch, lastSeenMs: read.lastSeenMs });
      if (kept.size > capacity) kept.delete(kept.keys().next().value ?? key);
      return read.identity;
    },
  };
}
