import { type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import { isPlainText } from '../http/plain-text.ts';
import { parseInput, queryNumbers } from '../http/validation.ts';
import { hasMaintainedTotal, maintainedTotal } from './maintained-total.ts';
import { type Scoped, scopedRows } from './query.ts';
import type { AnyResource, RecordTableName, ResourceContext, Row } from './resource.ts';
import { keptMatches, type Trashed } from './search-cache.ts';
import { containsTextIndexed } from './search-index.ts';

export type ListQuery = {
  page: number;
  per_page: number;
  order_by: 'asc' | 'desc';
  with_trashed: 0 | 1;
  only_trashed: 0 | 1;
  search?: string;
  sort?: string;
} & Record<string, unknown>;

type SearchQuery = { q?: string; limit: number } & Record<string, unknown>;

const pagingKeys = new Set(['page', 'per_page', 'order_by', 'with_trashed', 'only_trashed', 'search', 'sort']);
const searchKeys = new Set(['q', 'limit']);

export type Page = {
  data: unknown[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { prev: string | null; next: string | null };
};

export function parseListQuery(resource: AnyResource, rawQuery: unknown): ListQuery {
  return parseInput(resource.schemas.list, queryNumbers(rawQuery)) as ListQuery;
}

// The rows a list's query selects, before paging: trashed toggles, search and filters. The page and the CSV export
// both read these.
export async function listedRows(resource: AnyResource, ctx: ResourceContext, query: ListQuery): Promise<Scoped> {
  let rows = await scopedRows(resource, ctx);
  if (query.only_trashed === 1) rows = rows.where('deleted_at', 'is not', null);
  else if (query.with_trashed !== 1) rows = rows.where('deleted_at', 'is', null);
  if (query.search) rows = await withText(rows, resource, ctx, query.search);
  return filtered(rows, resource, ctx, query, pagingKeys);
}

// The resource's filter parameters present in a parsed query: a condition, an id filter, a `_from`/`_to` range or
// a column equality.
async function filtered(
  rows: Scoped,
  resource: AnyResource,
  ctx: ResourceContext,
  query: Record<string, unknown>,
  skipped: ReadonlySet<string>,
): Promise<Scoped> {
  let narrowed = rows;
  for (const [key, value] of Object.entries(query)) {
    if (skipped.has(key) || value === undefined) continue;
    const condition = resource.conditions?.[key];
    const custom = resource.filters?.[key];
    if (condition) narrowed = condition(narrowed, value, ctx);
    else if (custom) narrowed = narrowed.where('id', 'in', [...(await custom(value, ctx)), 0]);
    else if (key.endsWith('_from')) narrowed = narrowed.where(key.slice(0, -5), '>=', value);
    else if (key.endsWith('_to')) narrowed = narrowed.where(key.slice(0, -3), '<=', value);
    else narrowed = narrowed.where(key, '=', value);
  }
  return narrowed;
}

export async function listRecords(
  resource: AnyResource,
  ctx: ResourceContext,
  rawQuery: unknown,
  path: string,
): Promise<Page> {
  const query = parseListQuery(resource, rawQuery);
  const rows = await listedRows(resource, ctx, query);
  const sorted = query.sort === undefined ? undefined : resource.sorts?.[query.sort];
  const { total, page } = sorted
    ? { total: await countRows(resource, ctx, query, rows), page: await sortedPage(rows, query, sorted) }
    : query.search
      ? await searchedPage(resource, ctx, rows, query)
      : { total: await countRows(resource, ctx, query, rows), page: await pageOf(rows, query) };
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
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

// A searched list sorts its few matches by id (`id + 0` hides the id index from the planner): walking the id index
// from the newest row until enough rows match, PostgreSQL's choice, reads most of the table when the matches are
// old.
function idOrder(searched: boolean) {
  return searched ? sql`${sql.ref('id')} + 0` : sql.ref('id');
}

// A search has few matches, and finding them (index candidates, each checked by LIKE) is the cost: the matching
// ids are found once, in order, giving the exact total and the page's ids, and only the page's rows are read
// whole. Counting and then paging found every match twice and sorted whole rows.
async function searchedPage(resource: AnyResource, ctx: ResourceContext, rows: Scoped, query: ListQuery) {
  const trashed: Trashed = query.only_trashed === 1 ? 'trashed' : query.with_trashed === 1 ? 'all' : 'active';
  const newestFirst = await matchingIds(
    resource,
    ctx,
    rows,
    query.search ?? '',
    trashed,
    isFiltered(query, pagingKeys),
  );
  const matches = query.order_by === 'desc' ? newestFirst : newestFirst.toReversed();
  const start = (query.page - 1) * query.per_page;
  return {
    total: matches.length,
    page: await rowsInOrder(resource, ctx, matches.slice(start, start + query.per_page)),
  };
}

// The ids of a searched query's rows, newest first. A search by its text alone depends on nothing but the
// resource's own rows, so what it found is kept per process until they change (search-cache.ts); a filter or a
// text matched in other tables may depend on anything, so those always search.
async function matchingIds(
  resource: AnyResource,
  ctx: ResourceContext,
  rows: Scoped,
  text: string,
  trashed: Trashed,
  filtered: boolean,
  limit?: number,
): Promise<readonly number[]> {
  const find = async (first?: number) => {
    const ordered = rows.clearSelect().select('id').orderBy(idOrder(true), 'desc');
    const found = await (first === undefined ? ordered : ordered.limit(first)).execute();
    return found.map((match) => Number(match.id));
  };
  if (filtered || resource.scope !== 'business' || resource.visibleIds || resource.filters?.search) return find(limit);
  const key = { resource: resource.prefix, businessId: ctx.businessId ?? 0, trashed, text };
  return keptMatches(ctx.db, resource.table, key, () => find());
}

function isFiltered(query: Record<string, unknown>, unfiltered: ReadonlySet<string>): boolean {
  return Object.entries(query).some(([key, value]) => value !== undefined && !unfiltered.has(key));
}

// The rows of `ids`, found by a search of the resource's rows, in the order of `ids`. They are read by id alone:
// asking the search again would run it again.
async function rowsInOrder(resource: AnyResource, ctx: ResourceContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const found = await (await scopedRows(resource, ctx)).where('id', 'in', ids).execute();
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// An unsearched page walks the id index (a searched one is `searchedPage`).
function pageOf(rows: Scoped, query: ListQuery) {
  return rows
    .orderBy(idOrder(false), query.order_by)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
}

// A page in the order of a figure the resource declares (`sort=balance`), the id breaking ties.
function sortedPage(rows: Scoped, query: ListQuery, figure: RawBuilder<unknown>) {
  return rows
    .orderBy(figure, query.order_by)
    .orderBy(idOrder(false), query.order_by)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
}

async function countRows(resource: AnyResource, ctx: ResourceContext, query: ListQuery, rows: Scoped): Promise<number> {
  if (
    !isFiltered(query, pagingKeys) &&
    resource.scope === 'business' &&
    !resource.visibleIds &&
    hasMaintainedTotal(resource.table)
  ) {
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
  rows = await filtered(rows, resource, ctx, query, searchKeys);
  const found = query.q
    ? await rowsInOrder(
        resource,
        ctx,
        (await matchingIds(resource, ctx, rows, query.q, 'active', isFiltered(query, searchKeys), query.limit)).slice(
          0,
          query.limit,
        ),
      )
    : await rows.orderBy(idOrder(false), 'desc').limit(query.limit).execute();
  return resource.present(ctx, found as unknown as Row<RecordTableName>[]);
}

// The searchable text columns, or the resource's own `search` filter when its text lives in other tables. No
// stored text holds control characters (the contract refuses them), so text with one matches nothing.
async function withText(rows: Scoped, resource: AnyResource, ctx: ResourceContext, text: string): Promise<Scoped> {
  if (!isPlainText(text)) return rows.where(sql<boolean>`1 = 0`);
  const custom = resource.filters?.search;
  if (custom) return rows.where('id', 'in', [...(await custom(text, ctx)), 0]);
  if (resource.searchColumns.length === 0) return rows.where(sql<boolean>`1 = 0`);
  const index = { table: resource.table, id: 'id' };
  return rows.where(containsTextIndexed(dialectOf(ctx.db), [index], resource.searchColumns, text));
}

function pageLink(path: string, rawQuery: unknown, page: number): string {
  const params = new URLSearchParams();
  if (typeof rawQuery === 'object' && rawQuery !== null) {
    for (const [key, value] of Object.entries(rawQuery)) if (typeof value === 'string') params.set(key, value);
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
