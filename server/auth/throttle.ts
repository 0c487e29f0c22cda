import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

// Failed sign-ins, in the database so that every process sees them, counted three ways: per email and client
// address (a person mistyping), per email from any address (many addresses guessing one account's password),
// and per address across emails (one password tried on many accounts). Each has its own cap and window.
export type ThrottleLimit = { maxAttempts: number; windowSeconds: number };
export type ThrottlePolicy = { emailAndAddress: ThrottleLimit; email: ThrottleLimit; address: ThrottleLimit };

export const defaultThrottlePolicy: ThrottlePolicy = {
  emailAndAddress: { maxAttempts: 5, windowSeconds: 60 },
  email: { maxAttempts: 20, windowSeconds: 15 * 60 },
  address: { maxAttempts: 30, windowSeconds: 15 * 60 },
};

// The rows one failed sign-in writes: one per way of counting.
export type ThrottleKeys = { emailAndAddress: string; email: string; address: string };

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  const normalised = email.trim().toLowerCase();
  return { emailAndAddress: `pair:${normalised}|${ip}`, email: `email:${normalised}`, address: `address:${ip}` };
}

const counts = ['emailAndAddress', 'email', 'address'] as const;

function longestWindowSeconds(policy: ThrottlePolicy): number {
  return Math.max(...counts.map((count) => policy[count].windowSeconds));
}

// Seconds until the next attempt is allowed under every cap, or 0 when it may try now.
export async function secondsUntilAllowed(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  policy: ThrottlePolicy,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - longestWindowSeconds(policy) * 1000).toISOString();
  const failures = await db
    .selectFrom('login_failures')
    .select(['throttle_key', 'failed_at'])
    .where(
      'throttle_key',
      'in',
      counts.map((count) => keys[count]),
    )
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'asc')
    .execute();
  let wait = 0;
  for (const count of counts) {
    const limit = policy[count];
    const windowStart = now.getTime() - limit.windowSeconds * 1000;
    const inWindow = failures.filter(
      (failure) => failure.throttle_key === keys[count] && Date.parse(failure.failed_at) > windowStart,
    );
    if (inWindow.length < limit.maxAttempts) continue;
    const oldest = inWindow[inWindow.length - limit.maxAttempts];
    if (!oldest) continue;
    const freeAt = Date.parse(oldest.failed_at) + limit.windowSeconds * 1000;
    wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000), 1);
  }
  return wait;
}

export async function recordFailure(db: Kysely<Database>, keys: ThrottleKeys, now: Date): Promise<void> {
  const failed_at = now.toISOString();
  await db
    .insertInto('login_failures')
    .values(counts.map((count) => ({ throttle_key: keys[count], failed_at })))
    .execute();
}

// After the right password, the account's own counts start again; the address's count stands, so that signing
// in to one's own account does not buy more guesses at others'. Rows older than every window go too.
export async function clearFailures(db: Kysely<Database>, keys: ThrottleKeys, policy: ThrottlePolicy, now: Date) {
  const expired = new Date(now.getTime() - longestWindowSeconds(policy) * 1000).toISOString();
  await db
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([eb('throttle_key', 'in', [keys.emailAndAddress, keys.email]), eb('failed_at', '<=', expired)]),
    )
    .execute();
}

// "in 45 seconds", "in 12 minutes": what a person reads on the sign-in form.
export function describeWait(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
