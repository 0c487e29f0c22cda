import type { ListParams } from '../../resources/resource.ts';

export const perPageOptions = [15, 25, 50, 75, 100] as const;
export type SortOrder = 'desc' | 'asc';

export type ListQuery = {
  page: number;
  perPage: number;
  order: SortOrder;
  withTrashed: boolean;
  onlyTrashed: boolean;
  search: string;
  filters: Record<string, string>;
};

export type ListChange =
  | { kind: 'page'; page: number }
  | { kind: 'per-page'; perPage: number }
  | { kind: 'order'; order: SortOrder }
  | { kind: 'with-trashed'; on: boolean }
  | { kind: 'only-trashed'; on: boolean }
  | { kind: 'search'; search: string }
  | { kind: 'advanced'; search: string; order: SortOrder; filters: Record<string, string> }
  | { kind: 'clear' };

const reserved = new Set(['page', 'per_page', 'order_by', 'with_trashed', 'only_trashed', 'search']);

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function readListQuery(params: URLSearchParams, filterNames: readonly string[]): ListQuery {
  const perPage = positiveInt(params.get('per_page'), 15);
  return {
    page: positiveInt(params.get('page'), 1),
    perPage: (perPageOptions as readonly number[]).includes(perPage) ? perPage : 15,
    order: params.get('order_by') === 'asc' ? 'asc' : 'desc',
    withTrashed: params.get('with_trashed') === '1',
    onlyTrashed: params.get('only_trashed') === '1',
    search: params.get('search') ?? '',
    filters: Object.fromEntries(
      filterNames
        .filter((name) => !reserved.has(name) && params.get(name))
        .map((name) => [name, params.get(name) ?? '']),
    ),
  };
}

// docs/domain/screens.md, List screen: the toggles turn each other off, and a new search, page size or toggle starts
// again at page 1.
export function applyListChange(query: ListQuery, change: ListChange): ListQuery {
  switch (change.kind) {
    case 'page':
      return { ...query, page: change.page };
    case 'per-page':
      return { ...query, perPage: change.perPage, page: 1 };
    case 'order':
      return { ...query, order: change.order };
    case 'with-trashed':
      return { ...query, withTrashed: change.on, onlyTrashed: change.on ? false : query.onlyTrashed, page: 1 };
    case 'only-trashed':
      return { ...query, onlyTrashed: change.on, withTrashed: change.on ? false : query.withTrashed, page: 1 };
    case 'search':
      return change.search === query.search ? query : { ...query, search: change.search, page: 1 };
    case 'advanced':
      return { ...query, search: change.search, order: change.order, filters: change.filters, page: 1 };
    case 'clear':
      return { ...query, search: '', filters: {}, withTrashed: false, onlyTrashed: false, page: 1 };
  }
}

export function toSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    per_page: String(query.perPage),
    order_by: query.order,
    with_trashed: query.withTrashed ? '1' : '0',
    only_trashed: query.onlyTrashed ? '1' : '0',
  });
  if (query.search) params.set('search', query.search);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  return params;
}

export function toApiParams(query: ListQuery): ListParams {
  return {
    page: query.page,
    per_page: query.perPage,
    order_by: query.order,
    with_trashed: query.withTrashed ? 1 : 0,
    only_trashed: query.onlyTrashed ? 1 : 0,
    ...(query.search ? { search: query.search } : {}),
    ...Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== '')),
  };
}

// Clear Search shows only when a filter other than paging and sorting holds a value.
export function hasActiveFilter(query: ListQuery): boolean {
  return (
    query.search !== '' ||
    query.withTrashed ||
    query.onlyTrashed ||
    Object.values(query.filters).some((value) => value !== '')
  );
}
