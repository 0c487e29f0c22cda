import { createHash } from 'node:crypto';
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
  if (key.length > 255)
    throw fieldError('Idempotency-Key', 'The Idempotency-Key may not be longer than 255 characters.');
  const since = new Date(Date.parse(ctx.now) - keepMs).toISOString();
  const stored = await ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('user_id', '=', ctx.identity.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!stored) return null;
  if (stored.created_at < since) {
    await ctx.db.deleteFrom('idempotency_keys').where('id', '=', stored.id).execute();
    return null;
  }
  if (stored.request_hash !== hash) {
    throw fieldError('Idempotency-Key', 'This Idempotency-Key was already used with another request.');
  }
  return { statusCode: stored.status_code, body: JSON.parse(stored.response_body) };
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
