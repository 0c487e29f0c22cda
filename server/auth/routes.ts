import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LoginBody } from '../../generated/zod/auth/auth.zod.ts';
import type { Database } from '../db/database.ts';
import { clearSessionCookie, issueXsrfToken, sessionCookie, setSessionCookie } from '../http/cookies.ts';
import { tooManyRequests, unauthenticated, unprocessable } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { authUserOf } from './auth-user.ts';
import { hashPassword, type ScryptCost, verifyPassword } from './password.ts';
import { endSession, startSession } from './sessions.ts';
import { clearFailures, recordFailure, secondsUntilAllowed, type ThrottlePolicy, throttleKey } from './throttle.ts';

export type AuthRouteOptions = {
  db: Kysely<Database>;
  passwordCost: ScryptCost;
  throttle: ThrottlePolicy;
  now: () => Date;
};

const badCredentials = 'These credentials do not match our records.';

// Sign-in, sign-out, the CSRF cookie and the signed-in user (DOMAIN.md section 4).
export async function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { db } = options;
  // An unknown email is checked against this hash so that it costs the same work as a wrong password.
  const decoyHash = await hashPassword('decoy password that matches nobody', options.passwordCost);

  app.get('/api/csrf-cookie', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    issueXsrfToken(request, reply, { renew: false });
    return reply.status(204).send();
  });

  app.post('/login', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const credentials = parseInput(LoginBody, request.body);
    const now = options.now();
    const key = throttleKey(credentials.email, request.ip);
    const waitSeconds = await secondsUntilAllowed(db, key, options.throttle, now);
    if (waitSeconds > 0) {
      throw tooManyRequests(`Too many login attempts. Please try again in ${waitSeconds} seconds.`);
    }
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', credentials.email.trim().toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const matches = await verifyPassword(credentials.password, user?.password_hash ?? decoyHash);
    if (!user || !matches) {
      await recordFailure(db, key, now);
      throw unprocessable({ email: [badCredentials] }, badCredentials);
    }
    await clearFailures(db, key, options.throttle, now);
    const previous = request.cookies[sessionCookie];
    if (previous) await endSession(db, previous);
    const sessionId = await startSession(
      db,
      user.id,
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      now,
    );
    setSessionCookie(request, reply, sessionId);
    issueXsrfToken(request, reply, { renew: true });
    return authUserOf(db, user.id);
  });

  app.post('/logout', async (request, reply) => {
    if (request.identity === null) throw unauthenticated();
    await endSession(db, request.identity.sessionId);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/auth/user', async (request) => {
    if (request.identity === null) throw unauthenticated();
    return authUserOf(db, request.identity.userId);
  });
}
