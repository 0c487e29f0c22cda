import { createHash } from 'node:crypto';
import { sendAhead } from '../db/pipelined-transaction.ts';
import { reusedQuery } from '../db/reused-query.ts';
import { fieldError } from '../domain/refusal.ts';
import type { ResourceContext } from './resource.ts';

export type StoredAnswer = { statusCode: number; body: unknown };

const keepMs = 24 * 60 * 60 * 1000;

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url} ${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

// An Idempotency-Key makes a retried create answer the first response instead of creating twice
// (docs/domain/README.md, The API). The first answer is stored in the create's own transaction.
export async function replayedAnswer(ctx: ResourceContext, key: string, hash: string): Promise<StoredAnswer | null> {
  checkKeyLength(key);
  const [stored] = (await ctx.db.executeQuery(lookupQuery(ctx, key))).rows;
  if (!stored) return null;
  if (isExpired(ctx, stored)) {
    await forgetKey(ctx, stored.id);
    return null;
  }
  return answerOf(stored, hash);
}

/**
 * Looks the key up as the create's transaction begins, sent ahead with its first statement (db/pipelined-
 * transaction.ts): a submit seen before fails that statement with `ReplayedSubmit`, carrying the answer it had,
 * and the transaction keeps nothing of what it began; a key kept too long fails it with `ExpiredKey`, to be
 * forgotten before the create runs again (`replayingSubmits`).
 */
export async function lookUpKeyAhead(ctx: ResourceContext, request: IdempotentRequest): Promise<void> {
  checkKeyLength(request.key);
  await sendAhead(ctx.db, lookupQuery(ctx, request.key), ([stored]) => {
    if (!stored) return;
    if (isExpired(ctx, stored)) throw new ExpiredKey(stored.id);
    throw new ReplayedSubmit(answerOf(stored, request.hash));
  });
}

export class ReplayedSubmit extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('This submit was answered before.');
  }
}

class ExpiredKey extends Error {
  constructor(readonly id: number) {
    super('This Idempotency-Key was kept too long.');
  }
}

// Runs a create that looks its key up ahead, answering a submit seen before as it was answered then.
export async function replayingSubmits<Created>(
  ctx: ResourceContext,
  create: () => Promise<Created>,
): Promise<Created | StoredAnswer> {
  // An expired key is forgotten once: the second run finds no key, so it cannot expire again.
  for (let run = 1; ; run += 1) {
    try {
      return await create();
    } catch (error) {
      if (error instanceof ReplayedSubmit) return error.answer;
      if (!(error instanceof ExpiredKey) || run > 1) throw error;
      await forgetKey(ctx, error.id);
    }
  }
}

function checkKeyLength(key: string): void {
  if (key.length > 255)
    throw fieldError('Idempotency-Key', 'The Idempotency-Key may not be longer than 255 characters.');
}

// Built once (db/reused-query.ts).
function lookupQuery(ctx: ResourceContext, key: string) {
  const values = [ctx.businessId ?? 0, ctx.identity.userId, key] as const;
  return reusedQuery(ctx.db, 'idempotency key', values, ([business, user, asked]) =>
    ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('business_id', '=', business)
      .where('user_id', '=', user)
      .where('idempotency_key', '=', asked),
  );
}

type StoredKey = { id: number; created_at: string; request_hash: string; status_code: number; response_body: string };

const isExpired = (ctx: ResourceContext, stored: StoredKey) =>
  stored.created_at < new Date(Date.parse(ctx.now) - keepMs).toISOString();

function answerOf(stored: StoredKey, hash: string): StoredAnswer {
  if (stored.request_hash !== hash) {
    throw fieldError('Idempotency-Key', 'This Idempotency-Key was already used with another request.');
  }
  return { statusCode: stored.status_code, body: JSON.parse(stored.response_body) };
}

async function forgetKey(ctx: ResourceContext, id: number): Promise<void> {
  await ctx.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
}

// A create's Idempotency-Key and the hash of its request.
export type IdempotentRequest = { key: string; hash: string };

export function answerRow(ctx: ResourceContext, request: IdempotentRequest, answer: StoredAnswer) {
  return {
    business_id: ctx.businessId ?? 0,
    user_id: ctx.identity.userId,
    idempotency_key: request.key,
    request_hash: request.hash,
    status_code: answer.statusCode,
    response_body: JSON.stringify(answer.body),
    created_at: ctx.now,
  };
}

export async function storeAnswer(ctx: ResourceContext, request: IdempotentRequest, answer: StoredAnswer) {
  await ctx.db
    .insertInto('idempotency_keys')
    .values(answerRow(ctx, request, answer))
    .execute();
}
