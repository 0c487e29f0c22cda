import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { type DialectName, dialectOf } from '../db/dialect.ts';
import { runReused } from '../db/reused-query.ts';
import { dialledDigits, numberMarks } from '../domain/dialled-search.ts';
import { isPlainText } from '../domain/plain-text.ts';
import { parseInput, queryNumbers } from '../http/validation.ts';
import { dynamic } from './dynamic.ts';
import { hasMaintainedTotal, maintainedTotal } from './maintained-total.ts';
import { scopedRows } from './query.ts';
import { type AnyOneRead, oneSelectList } from './read-one.ts';
import type { AnyResource, RecordTableName, ResourceContext, Row, Scoped } from './resource.ts';
import { keptMatches, type Matches, type Trashed } from './search/search-cache.ts';
import { containsTextIndexed, matchingIdsInOrder, matchingIdsWithPage } from './search/search-index.ts';

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

// A searched list counts its matches up to this many, or up to its page's last row if further: past it the total
// reads "more than" (`total_is_lower_bound`). A new text's cost is then the rows it shows and counts, not every row
// that matches it (docs/DECISIONS.md, "Speed").
export const searchCountBound = 1_000;

export type Page = {
  data: unknown[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; total_is_lower_bound: boolean };
  links: { prev: string | null; next: string | null };
};

export function parseListQuery(resource: AnyResource, rawQuery: unknown): ListQuery {
  const query = parseInput(resource.schemas.list, queryNumbers(rawQuery)) as ListQuery;
  return query.search && resource.searchText ? { ...query, search: resource.searchText(query.search) } : query;
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
  // Built only where asked for: a search by its text alone reads its index, not these.
  const rows = () => listedRows(resource, ctx, query);
  const sorted = query.sort === undefined ? undefined : resource.sorts?.[query.sort];
  const presentRows = (page: Record<string, unknown>[]) =>
    resource.present(ctx, page as unknown as Row<RecordTableName>[]);
  const { total, data, lowerBound } = sorted
    ? {
        total: await countRows(resource, ctx, query, rows),
        data: await presentRows(await sortedPage(await rows(), query, sorted)),
        lowerBound: false,
      }
    : query.search
      ? await searchedPage(resource, ctx, rows, query)
      : {
          total: await countRows(resource, ctx, query, rows),
          data: await presentRows(await pageOf(resource, ctx, await rows(), query)),
          lowerBound: false,
        };
  // Past a bounded count the page holding the row after it is known to exist, and no further.
  const lastPage = lowerBound ? Math.floor(total / query.per_page) + 1 : Math.max(1, Math.ceil(total / query.per_page));
  return {
    data,
    meta: {
      current_page: query.page,
      last_page: lastPage,
      per_page: query.per_page,
      total,
      total_is_lower_bound: lowerBound,
    },
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

// Finding a search's matches (index candidates, each checked by LIKE) is its cost, so a search finds only the
// ids it shows and counts, in the list's order: up to the bound or the page's end, and one more to tell whether
// there are more. Only the page's rows are read whole.
async function searchedPage(
  resource: AnyResource,
  ctx: ResourceContext,
  rows: () => Promise<Scoped>,
  query: ListQuery,
) {
  const trashed: Trashed = query.only_trashed === 1 ? 'trashed' : query.with_trashed === 1 ? 'all' : 'active';
  const start = (query.page - 1) * query.per_page;
  const wanted = Math.max(searchCountBound, start + query.per_page);
  const read = widenedRead(resource, ctx);
  const { ids, complete, pageRows } = await matchingIds(
    resource,
    ctx,
    rows,
    { text: query.search ?? '', trashed, order: query.order_by, wanted },
    isFiltered(query, pagingKeys),
    read ? { from: start, count: query.per_page, select: read.select } : undefined,
  );
  const pageIds = ids.slice(start, start + query.per_page);
  return {
    total: complete ? ids.length : wanted,
    lowerBound: !complete,
    data: read
      ? (pageRows ?? (await widenedRowsInOrder(ctx, read, pageIds))).map((row) => read.present(ctx, row))
      : await resource.present(ctx, (await rowsInOrder(resource, ctx, pageIds)) as unknown as Row<RecordTableName>[]),
  };
}

type WidenedRead = {
  select: string;
  // The page's rows by their ids ($1 the business, $2 the ids), written once.
  byIds: string;
  present: (ctx: ResourceContext, row: Record<string, unknown>) => unknown;
};

// Built once per resource: its select list is a few kilobytes of text that every searched page would rebuild.
const widenedReads = new WeakMap<AnyResource, WidenedRead>();

// On PostgreSQL a searched page of a resource that reads one record in one statement (engine/read-one.ts) reads its
// rows that way too, their names and child rows with them, and presents them as that read does (the same answer as
// the list's): a round trip there costs more than the rows, and the first search of a text then answers in one
// statement (matchingIdsWithPage). SQLite, in process, reads them as any list page.
function widenedRead(resource: AnyResource, ctx: ResourceContext): WidenedRead | null {
  const read = resource.one;
  if (!read || dialectOf(ctx.db) !== 'postgres' || resource.scope !== 'business' || resource.visibleIds) return null;
  let widened = widenedReads.get(resource);
  if (!widened) {
    const select = oneSelectList(resource, read, 'postgres');
    const table = `"${resource.table}"`;
    widened = {
      select,
      byIds: `SELECT ${select} FROM ${table} WHERE ${table}."business_id" = $1 AND ${table}."id" = ANY ($2::integer[])`,
      present: (presentCtx, row) => read.present(presentCtx, row as Parameters<AnyOneRead['present']>[1]),
    };
    widenedReads.set(resource, widened);
  }
  return widened;
}

async function widenedRowsInOrder(
  ctx: ResourceContext,
  read: WidenedRead,
  ids: readonly number[],
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const found = await ctx.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(read.byIds, [ctx.businessId ?? 0, [...ids]]),
  );
  const byId = new Map(found.rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

type Wanted = { text: string; trashed: Trashed; order: 'asc' | 'desc'; wanted: number };
type PageWanted = { from: number; count: number; select: string };

// The first `wanted` ids of a searched query's rows in `order` (and whether that is all of them). A search by its
// text alone depends on nothing but the resource's own rows, so what it found is kept per process until they
// change (search-cache.ts); a filter or a text matched in other tables may depend on anything, so those always
// search.
async function matchingIds(
  resource: AnyResource,
  ctx: ResourceContext,
  rows: () => Promise<Scoped>,
  { text, trashed, order, wanted }: Wanted,
  filtered: boolean,
  page?: PageWanted,
): Promise<Matches & { pageRows?: Record<string, unknown>[] }> {
  // A number typed as dialled is matched on digits (withText), which no text index holds: its rows are searched.
  const dialled = dialledSearch(resource, text) !== null;
  if (filtered || dialled || resource.scope !== 'business' || resource.visibleIds || resource.filters?.search) {
    const found = await (await rows())
      .clearSelect()
      .select('id')
      .orderBy(idOrder(true), order)
      .limit(wanted + 1)
      .execute();
    return { ids: found.slice(0, wanted).map((match) => Number(match.id)), complete: found.length <= wanted };
  }
  // As withText: nothing stored holds a control character, and a resource without searched columns matches none.
  if (resource.searchColumns.length === 0 || !isPlainText(text)) return { ids: [], complete: true };
  const place = { table: resource.table, businessId: ctx.businessId ?? 0, trashed };
  const key = { resource: resource.prefix, businessId: place.businessId, trashed, text: `${order} ${text}` };
  let pageRows: Record<string, unknown>[] | undefined;
  const matches = await keptMatches(
    ctx.db,
    resource.table,
    key,
    wanted,
    (limit) => matchingIdsInOrder(ctx.db, { place, columns: resource.searchColumns, text, order, limit }),
    page &&
      (async (limit) => {
        const found = await matchingIdsWithPage(
          ctx.db,
          { place, columns: resource.searchColumns, text, order, limit },
          page,
        );
        if (!found) return null;
        pageRows = found.rows ?? undefined;
        return found.found;
      }),
  );
  return { ...matches, pageRows };
}

function isFiltered(query: Record<string, unknown>, unfiltered: ReadonlySet<string>): boolean {
  return Object.entries(query).some(([key, value]) => value !== undefined && !unfiltered.has(key));
}

// The rows of `ids`, found by a search of the resource's rows, in the order of `ids`. They are read by id alone:
// asking the search again would run it again.
async function rowsInOrder(resource: AnyResource, ctx: ResourceContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const found =
    resource.scope === 'business' && !resource.visibleIds
      ? await runReused(
          ctx.db,
          `rows of ${resource.table} by ${ids.length} ids`,
          [ctx.businessId, ...ids],
          ([business, ...standIns]) =>
            dynamic(ctx.db)
              .selectFrom(resource.table)
              .selectAll()
              .where('business_id', '=', business)
              .where('id', 'in', standIns),
        )
      : await (await scopedRows(resource, ctx)).where('id', 'in', ids).execute();
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Past this many rows a page finds its ids first and reads only its own rows whole.
const deepOffset = 1_000;

// An unsearched page walks the id index (a searched one is `searchedPage`); a document's list reads newest and
// oldest by its own date, the id breaking ties, since a document may be entered days after its date. A deep page
// skips its offset over the ids alone, from the index holding the order, the trash mark and the id (an index-only
// scan on PostgreSQL): read whole, every skipped row was fetched from the table, and half-way down a chain's
// 3,000,000 invoices took over 5 s (docs/PERFORMANCE.md).
async function pageOf(
  resource: AnyResource,
  ctx: ResourceContext,
  rows: Scoped,
  query: ListQuery,
): Promise<Record<string, unknown>[]> {
  const ordered = (selected: Scoped) => {
    const dated = resource.documentDate
      ? selected.orderBy(sql.ref(resource.documentDate.field), query.order_by)
      : selected;
    return dated
      .orderBy(idOrder(false), query.order_by)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
  };
  if ((query.page - 1) * query.per_page < deepOffset) return ordered(rows).execute();
  const ids = await ordered(rows.clearSelect().select('id')).execute();
  const found = await rowsInOrder(
    resource,
    ctx,
    ids.map((row) => Number(row.id)),
  );
  return found as Record<string, unknown>[];
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

async function countRows(
  resource: AnyResource,
  ctx: ResourceContext,
  query: ListQuery,
  rows: () => Promise<Scoped>,
): Promise<number> {
  if (
    !isFiltered(query, pagingKeys) &&
    resource.scope === 'business' &&
    !resource.visibleIds &&
    hasMaintainedTotal(resource.table)
  ) {
    return maintainedTotal(ctx.db, ctx.businessId ?? 0, resource.table, query);
  }
  // A condition may order its rows (the lots expiring soonest first); a count has no order.
  const counted = await (await rows())
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

// The type-ahead search: active records only, newest first, a bare array.
export async function searchRecords(resource: AnyResource, ctx: ResourceContext, rawQuery: unknown) {
  const parsed = parseInput(resource.schemas.search, queryNumbers(rawQuery)) as SearchQuery;
  const query = parsed.q && resource.searchText ? { ...parsed, q: resource.searchText(parsed.q) } : parsed;
  let rows = (await scopedRows(resource, ctx)).where('deleted_at', 'is', null);
  if (query.q) rows = await withText(rows, resource, ctx, query.q);
  rows = await filtered(rows, resource, ctx, query, searchKeys);
  const searched = rows;
  const found = query.q
    ? await rowsInOrder(
        resource,
        ctx,
        (
          await matchingIds(
            resource,
            ctx,
            async () => searched,
            { text: query.q, trashed: 'active', order: 'desc', wanted: query.limit },
            isFiltered(query, searchKeys),
          )
        ).ids.slice(0, query.limit),
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
  const written = containsTextIndexed(dialectOf(ctx.db), [index], resource.searchColumns, text);
  const digits = dialledSearch(resource, text);
  if (digits === null) return rows.where(written);
  // A number matches as typed, or by its digits in a phone column however it was written there.
  const dialect = dialectOf(ctx.db);
  const dialled = (resource.dialledColumns ?? []).map(
    (column) => sql<boolean>`${dialledDigitsOf(dialect, column)} like ${`%${digits}%`}`,
  );
  return rows.where(sql<boolean>`(${written} OR ${sql.join(dialled, sql` OR `)})`);
}

// A phone column's digits, its marks taken out. On PostgreSQL one translate() written as a literal, the very
// expression of the contacts' digit indexes (migration 067), so that the planner finds them: a dialled search
// scanned every contact (docs/PERFORMANCE.md). SQLite has no index a LIKE inside a text could use.
function dialledDigitsOf(dialect: DialectName, column: string): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`translate(${sql.ref(column)}, ${sql.lit(numberMarks.join(''))}, '')`;
  return numberMarks.reduce<RawBuilder<unknown>>((value, mark) => sql`replace(${value}, ${mark}, '')`, sql.ref(column));
}

// The digits a phone-like search text looks for, on a resource with phone columns; null otherwise.
function dialledSearch(resource: AnyResource, text: string): string | null {
  return (resource.dialledColumns ?? []).length > 0 ? dialledDigits(text) : null;
}

function pageLink(path: string, rawQuery: unknown, page: number): string {
  const params = new URLSearchParams();
  if (typeof rawQuery === 'object' && rawQuery !== null) {
    for (const [key, value] of Object.entries(rawQuery)) if (typeof value === 'string') params.set(key, value);
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
