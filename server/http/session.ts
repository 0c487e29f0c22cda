import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { createIdentityCache } from '../auth/identity-cache.ts';
import type { Database } from '../db/database.ts';
import { businessHeader } from './business-header.ts';
import { clearSessionCookie, sessionCookie } from './cookies.ts';

export type SessionOptions = { db: Kysely<Database>; idleMinutes: number; now: () => Date };

// Resolves the session cookie to the signed-in user, if any; the access plugin decides what that allows.
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  app.decorateRequest('identity', null);
  app.decorateRequest('businessId', null);
  const identities = createIdentityCache(options.db);
  // Not async: a kept identity known at once to hold (identity-cache.ts) passes with no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const sessionId = request.cookies[sessionCookie];
    if (!sessionId || (!request.url.startsWith('/api') && !request.url.startsWith('/logout'))) return done();
    const asked = { idleMinutes: options.idleMinutes, now: options.now(), businessId: businessHeader(request) };
    const kept = identities.keptNow(sessionId, asked);
    if (kept !== undefined) {
      request.identity = kept;
      return done();
    }
    identities.resume(sessionId, asked).then(
      (identity) => {
        request.identity = identity;
        if (identity === null) clearSessionCookie(reply);
        done();
      },
      (error: Error) => done(error),
    );
  });
});
