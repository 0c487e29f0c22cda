import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import {
  type DocumentTable,
  forceDeleteDocument,
  type Posting,
  restoreDocument,
  voidDocument,
} from '../documents/document-lifecycle.ts';
import type { PostingContext } from '../documents/posting-context.ts';
import { hasAtMostDecimals } from '../domain/money.ts';
import { type FieldErrors, unprocessable } from '../http/errors.ts';
import { namesById } from './engine/lookups.ts';
import type { ResourceContext } from './engine/resource.ts';

// The engine's context (already inside its transaction) as the posting services see it.
export function postingContextOf(ctx: ResourceContext): PostingContext {
  return {
    trx: ctx.db,
    dialect: dialectOf(ctx.db),
    businessId: ctx.businessId ?? 0,
    userId: ctx.identity.userId,
    now: new Date(ctx.now),
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

export type ItemLabel = { code: string; name: string };

export async function itemLabels(db: Kysely<Database>, itemIds: readonly number[]): Promise<Map<number, ItemLabel>> {
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('items').select(['id', 'code', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, { code: row.code, name: row.name }]));
}

export type LocationNames = (branchId: number | null, warehouseId: number | null) => string | null;

export async function locationNames(
  db: Kysely<Database>,
  locations: readonly { branch_id: number | null; warehouse_id: number | null }[],
): Promise<LocationNames> {
  const branches = await namesById(
    db,
    'branches',
    locations.map((location) => location.branch_id),
  );
  const warehouses = await namesById(
    db,
    'warehouses',
    locations.map((location) => location.warehouse_id),
  );
  return (branchId, warehouseId) =>
    branchId !== null
      ? (branches.get(branchId) ?? null)
      : warehouseId !== null
        ? (warehouses.get(warehouseId) ?? null)
        : null;
}

// Lines of many documents in one query, grouped by their document.
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row)) ?? [];
    list.push(row);
    groups.set(keyOf(row), list);
  }
  return groups;
}
