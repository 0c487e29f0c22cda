import { containsText, dialectOf } from '../../db/dialect.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { hasMaintainedTotal, maintainedTotal } from './maintained-total.ts';
import { type Scoped, scopedRows } from './query.ts';
import type { AnyResource, RecordTableName, ResourceContext, Row } from './resource.ts';

type ListQuery = {
  page: number;
  per_page: number;
  order_by: 'asc' | 'desc';
  with_trashed: 0 | 1;
  only_trashed: 0 | 1;
  search?: string;
} & Record<string, unknown>;

type SearchQuery = { q?: string; limit: number };

const pagingKeys = new Set(['page', 'per_page', 'order_by', 'with_trashed', 'only_trashed', 'search']);

export type Page = {
  data: unknown[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { prev: string | null; next: string | null };
};

export async function listRecords(
  resource: AnyResource,
  ctx: ResourceContext,
  rawQuery: unknown,
  path: string,
): Promise<Page> {
  const query = parseInput(resource.schemas.list, queryNumbers(rawQuery)) as ListQuery;
  let rows = await scopedRows(resource, ctx);
  if (query.only_trashed === 1) rows = rows.where('deleted_at', 'is not', null);
  else if (query.with_trashed !== 1) rows = rows.where('deleted_at', 'is', null);
  if (query.search) rows = await withText(rows, resource, ctx, query.search);
  for (const [key, value] of Object.entries(query)) {
    if (pagingKeys.has(key) || value === undefined) continue;
    const custom = resource.filters?.[key];
    if (custom) rows = rows.where('id', 'in', [...(await custom(value, ctx)), 0]);
    else if (key.endsWith('_from')) rows = rows.where(key.slice(0, -5), '>=', value);
    else if (key.endsWith('_to')) rows = rows.where(key.slice(0, -3), '<=', value);
    else rows = rows.where(key, '=', value);
  }
  const total = await countRows(resource, ctx, query, rows);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const page = await rows
    .orderBy('id', query.order_by)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const data = await resource.present(ctx, page as unknown as Row<RecordTableName>[]);
  return {
    data,
    meta: { current_page: query.page, last_page: lastPage, per_page: query.per_page, total },
    links: {
      prev: query.page > 1 ? pageLink(path, rawQuery, Math.min(query.page - 1, lastPage)) : null,
      next: query.page < lastPage ? pageLink(path, rawQuery, query.page + 1) : null,
    },
  };
}

async function countRows(resource: AnyResource, ctx: ResourceContext, query: ListQuery, rows: Scoped): Promise<number> {
  const filtered = Object.entries(query).some(
    ([key, value]) => value !== undefined && (key === 'search' || !pagingKeys.has(key)),
  );
  if (!filtered && resource.scope === 'business' && !resource.visibleIds && hasMaintainedTotal(resource.table)) {
    return maintainedTotal(ctx.db, ctx.businessId ?? 0, resource.table, query);
  }
  const counted = await rows
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

// The type-ahead search: active records only, newest first, a bare array.
export async function searchRecords(resource: AnyResource, ctx: ResourceContext, rawQuery: unknown) {
  const query = parseInput(resource.schemas.search, queryNumbers(rawQuery)) as SearchQuery;
  let rows = (await scopedRows(resource, ctx)).where('deleted_at', 'is', null);
  if (query.q) rows = await withText(rows, resource, ctx, query.q);
  const found = await rows.orderBy('id', 'desc').limit(query.limit).execute();
  return resource.present(ctx, found as unknown as Row<RecordTableName>[]);
}

// The searchable text columns, or the resource's own `search` filter when its text lives in other tables.
async function withText(rows: Scoped, resource: AnyResource, ctx: ResourceContext, text: string): Promise<Scoped> {
  const custom = resource.filters?.search;
  if (custom) return rows.where('id', 'in', [...(await custom(text, ctx)), 0]);
  const dialect = dialectOf(ctx.db);
  return rows.where((eb) => eb.or(resource.searchColumns.map((column) => containsText(dialect, column, text))));
}

function pageLink(path: string, rawQuery: unknown, page: number): string {
  const params = new URLSearchParams();
  if (typeof rawQuery === 'object' && rawQuery !== null) {
    for (const [key, value] of Object.entries(rawQuery)) if (typeof value === 'string') params.set(key, value);
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
