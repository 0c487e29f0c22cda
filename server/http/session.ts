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
  app.addHook('onRequest', async (request, reply) => {
    const sessionId = request.cookies[sessionCookie];
    if (!sessionId || (!request.url.startsWith('/api') && !request.url.startsWith('/logout'))) return;
    request.identity = await identities.resume(sessionId, {
      idleMinutes: options.idleMinutes,
      now: options.now(),
      businessId: businessHeader(request),
    });
    if (request.identity === null) clearSessionCookie(reply);
  });
});
