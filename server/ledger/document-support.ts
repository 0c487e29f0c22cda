import { holdsAny } from '../auth/identity.ts';
import { dialectOf } from '../db/dialect.ts';
import { hasAtMostDecimals } from '../domain/money.ts';
import { type FieldErrors, unprocessable } from '../domain/refusal.ts';
import type { ResourceContext } from '../engine/resource.ts';
import {
  type DocumentTable,
  forceDeleteDocument,
  type Posting,
  restoreDocument,
  voidDocument,
} from './document-lifecycle.ts';
import type { PostingContext } from './posting-context.ts';

// The engine's context (already inside its transaction) as the posting services see it.
export function postingContextOf(ctx: ResourceContext): PostingContext {
  return {
    trx: ctx.db,
    dialect: dialectOf(ctx.db),
    businessId: ctx.businessId ?? 0,
    userId: ctx.identity.userId,
    now: new Date(ctx.now),
    holds: (permission) => holdsAny(ctx.identity, [permission]),
    ...(ctx.lastSteps ? { lastSteps: ctx.lastSteps } : {}),
  };
}

// Delete voids, restore re-posts, force delete removes a voided document: the same hooks for every kind.
export function documentLifecycle(table: DocumentTable, posting: Posting) {
  return {
    async softDelete(ctx: ResourceContext, existing: { id: number }) {
      await voidDocument(postingContextOf(ctx), table, existing.id, posting);
    },
    async restore(ctx: ResourceContext, existing: { id: number }) {
      await restoreDocument(postingContextOf(ctx), table, existing.id, posting);
    },
    async forceDelete(ctx: ResourceContext, existing: { id: number }) {
      await forceDeleteDocument(postingContextOf(ctx), table, existing.id);
    },
  };
}

type Figures = Record<string, unknown>;

// The contract says money has at most 2 decimals and quantities at most 3; the schema cannot say it, so here.
export function checkFigures(
  input: Figures & { lines?: readonly Figures[] },
  money: readonly string[],
  quantities: readonly string[],
) {
  const errors: FieldErrors = {};
  const check = (record: Figures, prefix: string) => {
    for (const key of money) {
      const value = record[key];
      if (typeof value === 'number' && !hasAtMostDecimals(value, 2))
        errors[`${prefix}${key}`] = ['At most 2 decimals.'];
    }
    for (const key of quantities) {
      const value = record[key];
      if (typeof value === 'number' && !hasAtMostDecimals(value, 3))
        errors[`${prefix}${key}`] = ['At most 3 decimals.'];
    }
  };
  check(input, '');
  input.lines?.forEach((line, index) => {
    check(line, `lines.${index}.`);
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}
