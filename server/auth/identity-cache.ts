import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { firstRow, firstRowAtOnce, notAtOnce } from '../db/direct-read.ts';
import { type Identity, readIdentity, type SessionRequest, touchEveryMs } from './identity.ts';
import { hashSessionId } from './sessions.ts';

export type IdentityCache = {
  // The identity kept for the session, when it can be told at once that it still holds (SQLite outside a
  // transaction); undefined when `resume` must be asked.
  keptNow(sessionId: string, request: SessionRequest): Identity | undefined;
  resume(sessionId: string, request: SessionRequest): Promise<Identity | null>;
};

type Kept = { identity: Identity; epoch: number; lastSeenMs: number };

const capacity = 10_000;
// Businesses kept per session: a user moves between a few; a header naming ever other ones must not grow it.
const businessesPerSession = 16;

/**
 * Reading the identity is the dearest query of a simple request (about a fifth of a read-one's time on SQLite),
 * so a process keeps what it read, per session and business, while the identity epoch (migration 013: every
 * write to users, roles, permissions, memberships or businesses, and every removed session, moves it, whichever
 * process or tool writes) stands still. Checking the epoch is one primary-key read, run at once on SQLite
 * (server/db/direct-read.ts): a few microseconds, so a change by another process is seen on the next request
 * without any message between processes. A kept identity is also dropped once the session may need its
 * `last_seen_at` touched or may have idled out, so that the idle timeout and the touch work exactly as without
 * the cache.
 */
export function createIdentityCache(db: Kysely<Database>): IdentityCache {
  // Per session cookie, then per business asked: the cookie is the same string on every request of a client
  // (server/http/request-cookies.ts), so finding it needs no new key built and hashed; hashing it (as the
  // sessions table stores it) is needed only to read.
  const kept = new Map<string, Map<number | null, Kept>>();
  // Built once: building a query costs more than running this one.
  const epochQuery = db.selectFrom('identity_epoch').select('epoch').where('id', '=', 1).compile();
  // NaN, never equal to itself, should the row be missing: then nothing is kept.
  const epochIn = (row: { epoch: number } | undefined) => Number(row?.epoch ?? Number.NaN);
  const holds = (hit: Kept | undefined, epoch: number, request: SessionRequest): hit is Kept =>
    hit !== undefined &&
    hit.epoch === epoch &&
    request.now.getTime() - hit.lastSeenMs <= Math.min(touchEveryMs, request.idleMinutes * 60_000);
  return {
    keptNow(sessionId, request) {
      const hit = kept.get(sessionId)?.get(request.businessId);
      if (hit === undefined) return undefined;
      const row = firstRowAtOnce<{ epoch: number }>(db, epochQuery.sql, epochQuery.parameters);
      return row !== notAtOnce && holds(hit, epochIn(row), request) ? hit.identity : undefined;
    },
    async resume(sessionId, request) {
      const epoch = epochIn(await firstRow<{ epoch: number }>(db, epochQuery));
      const hit = kept.get(sessionId)?.get(request.businessId);
      if (holds(hit, epoch, request)) return hit.identity;
      kept.get(sessionId)?.delete(request.businessId);
      const read = await readIdentity(db, sessionId, hashSessionId(sessionId), request);
      if (read === null) return null;
      let ofSession = kept.get(sessionId);
      if (ofSession === undefined) {
        ofSession = new Map();
        kept.set(sessionId, ofSession);
        if (kept.size > capacity) kept.delete(kept.keys().next().value ?? sessionId);
      }
      // The epoch was read before the identity: a change committed in between makes the next request read again.
      ofSession.set(request.businessId, { identity: read.identity, epoch, lastSeenMs: read.lastSeenMs });
      if (ofSession.size > businessesPerSession) ofSession.delete(ofSession.keys().next().value ?? null);
      return read.identity;
    },
  };
}
