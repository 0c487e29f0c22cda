import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ChangeOwnPasswordBody, LoginBody } from '../../generated/zod/auth/auth.zod.ts';
import { authUserOf } from '../auth/auth-user.ts';
import { hashPassword, type ScryptCost, verifyPassword } from '../auth/password.ts';
import { endOtherSessionsOf, endSession, startSession } from '../auth/sessions.ts';
import {
  clearFailures,
  describeWait,
  recordFailure,
  secondsUntilAllowed,
  type ThrottlePolicy,
  throttleKeys,
} from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { retryTransaction } from '../db/transaction-retry.ts';
import { unprocessable } from '../domain/refusal.ts';
import { clearSessionCookie, issueXsrfToken, sessionCookie, setSessionCookie } from './cookies.ts';
import { tooManyRequests, unauthenticated } from './errors.ts';
import { parseInput } from './validation.ts';

export type AuthRouteOptions = {
  db: Kysely<Database>;
  passwordCost: ScryptCost;
  throttle: ThrottlePolicy;
  now: () => Date;
};

const badCredentials = 'These credentials do not match our records.';
const wrongCurrentPassword = 'The current password is incorrect.';
const unchangedPassword = 'The new password must be different from the current password.';

// Sign-in, sign-out, the CSRF cookie and the signed-in user (docs/domain/management.md, Sign-in and the session).
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
    const keys = throttleKeys(credentials.email, request.ip);
    const waitSeconds = await secondsUntilAllowed(db, keys, options.throttle, now);
    if (waitSeconds > 0) throw tooManyAttempts(waitSeconds);
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', credentials.email.trim().toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const matches = await verifyPassword(credentials.password, user?.password_hash ?? decoyHash);
    if (!user || !matches) {
      await recordFailure(db, keys, now);
      throw unprocessable({ email: [badCredentials] }, badCredentials);
    }
    await clearFailures(db, keys, options.throttle, now);
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

  // Guessing the current password here counts against the same throttle as sign-in, so that a session left
  // open on a shop counter does not give unlimited tries at the password.
  app.post('/api/auth/password', { config: { access: { kind: 'user' } } }, async (request) => {
    if (request.identity === null) throw unauthenticated();
    const { userId, sessionId } = request.identity;
    const body = parseInput(ChangeOwnPasswordBody, request.body);
    const now = options.now();
    const { email } = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    const keys = throttleKeys(email, request.ip);
    const waitSeconds = await secondsUntilAllowed(db, keys, options.throttle, now);
    if (waitSeconds > 0) throw tooManyAttempts(waitSeconds);
    const outcome = await retryTransaction(() =>
      db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', userId)
          .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate())
          .executeTakeFirstOrThrow();
        if (!(await verifyPassword(body.current_password, user.password_hash))) return 'wrong-current';
        if (body.password === body.current_password) return 'unchanged';
        await trx
          .updateTable('users')
          .set({
            password_hash: await hashPassword(body.password, options.passwordCost),
            must_change_password: 0,
            updated_at: now.toISOString(),
            updated_by: userId,
          })
          .where('id', '=', userId)
          .execute();
        await endOtherSessionsOf(trx, userId, sessionId);
        return 'changed';
      }),
    );
    if (outcome === 'wrong-current') {
      await recordFailure(db, keys, now);
      throw unprocessable({ current_password: [wrongCurrentPassword] });
    }
    if (outcome === 'unchanged') throw unprocessable({ password: [unchangedPassword] });
    await clearFailures(db, keys, options.throttle, now);
    return authUserOf(db, userId);
  });

  app.get('/api/auth/user', async (request) => {
    if (request.identity === null) throw unauthenticated();
    return authUserOf(db, request.identity.userId);
  });
}

function tooManyAttempts(waitSeconds: number) {
  return tooManyRequests(`Too many login attempts. Please try again in ${describeWait(waitSeconds)}.`, waitSeconds);
}
