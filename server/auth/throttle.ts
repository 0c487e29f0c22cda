import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

// Failed sign-ins counted per email and client address, in the database so that every process sees them.
export type ThrottlePolicy = { maxAttempts: number; windowSeconds: number };

export const defaultThrottlePolicy: ThrottlePolicy = { maxAttempts: 5, windowSeconds: 60 };

export function throttleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

// Seconds until the next attempt is allowed, or 0 when the key may try now.
export async function secondsUntilAllowed(
  db: Kysely<Database>,
  key: string,
  policy: ThrottlePolicy,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000).toISOString();
  const failures = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('throttle_key', '=', key)
    .where('failed_at', '>', windowStart)
    .orderBy('failed_at', 'asc')
    .execute();
  if (failures.length < policy.maxAttempts) return 0;
  const oldest = failures[failures.length - policy.maxAttempts];
  if (!oldest) return 0;
  const freeAt = Date.parse(oldest.failed_at) + policy.windowSeconds * 1000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

export async function recordFailure(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  await db.insertInto('login_failures').values({ throttle_key: key, failed_at: now.toISOString() }).execute();
}

export async function clearFailures(db: Kysely<Database>, key: string, policy: ThrottlePolicy, now: Date) {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000).toISOString();
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('throttle_key', '=', key), eb('failed_at', '<=', windowStart)]))
    .execute();
}
