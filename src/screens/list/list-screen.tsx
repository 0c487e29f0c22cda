import { Box, Button, Checkbox, Flex, Heading, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../auth/session.ts';
import { useGate, usePermissions, useSeesCosts } from '../../auth/use-permissions.ts';
import {
  type Column,
  columnValue,
  filterParams,
  isEditable,
  permissionPrefixOf,
  readableColumns,
  readField,
} from '../../resources/resource.ts';
import { createPath, editPath, importPath, viewPath } from '../../resources/routes.ts';
import { LoadingBar } from '../../ui/loading-bar.tsx';
import { PaginationBar } from '../../ui/pagination-bar.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { clearSearchDelayMs, searchDebounceMs } from '../../ui/use-remote-options.ts';
import { homeLocationOf, worksWhereItSits } from '../form/home-location.ts';
import { lazyComponent } from '../shared/lazy-component.ts';
import { Refusal } from '../shared/refusal.tsx';
import { errorMessage, errorStatus, permissionRefusal } from '../shared/request-error.ts';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { ValueText } from '../shared/value-text.tsx';
import { AdvancedSearchDialog } from './advanced-search-dialog.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ExportButton } from './export-button.tsx';
import {
  applyListChange,
  hasActiveFilter,
  type ListChange,
  perPageOptions,
  readListQuery,
  toApiParams,
  toSearchParams,
} from './list-query.ts';

// A table wider than the screen scrolls inside its own box, keeping the record's number or name and its actions
// in view; the page itself never scrolls sideways. The kept columns keep the row's stripe, since what scrolls
// beneath them must not show through. On a phone nothing is kept: the tick, the number and the actions held most of
// its width, so the patient's name showed as "Ma" beneath them and the status and total slid under Actions; there the
// whole row scrolls together, every column shown whole.
const kept = { base: 'static', md: 'sticky' } as const;
const stickyBackground = { bg: 'bg', 'tbody tr:nth-of-type(odd) > &': { bg: 'bg.muted' } } as const;
// The tick box column is 2.5rem wide; the first column stays in view just right of it.
const stickyTick = { position: kept, left: '0', zIndex: '1', w: '10', minW: '10', css: stickyBackground } as const;
const stickyStart = {
  position: kept,
  left: '10',
  zIndex: '1',
  whiteSpace: 'nowrap',
  css: stickyBackground,
} as const;
const stickyEnd = { position: kept, right: '0', zIndex: '1', css: stickyBackground } as const;
// Names (a customer, a branch) wrap onto a second line so that a list of many columns fits a laptop's 1366 px without
// scrolling; numbers, dates, amounts and labels stay on one line.
const wrapsName = { whiteSpace: 'normal', minW: '24' } as const;

function cellStyle(column: Column, index: number) {
  if (index === 0) return stickyStart;
  return column.kind === undefined || column.kind === 'text' ? wrapsName : {};
}

export function ListScreen({ resource, api }: ResourceScreenProps) {
  const can = useGate();
  const columns = readableColumns(resource.columns, useSeesCosts());
  // Known permissions that lack view-{prefix} refuse at once, without asking the server to say the same.
  const permissions = usePermissions();
  const home = homeLocationOf(useAuthUser().data?.user);
  const refusedHere = permissions !== null && !can({ prefix: permissionPrefixOf(resource), action: 'view' });
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, (resource.filters ?? []).flatMap(filterParams));
  const apiParams = toApiParams(query);
  // A screen that marks Quick Search required lists nothing until a value is typed (docs/domain/screens.md, List
  // screen).
  const awaitingSearch = resource.quickSearchRequired === true && query.search === '';
  const list = useQuery({
    queryKey: api.listKey(apiParams),
    queryFn: ({ signal }) => api.list(apiParams, undefined, signal),
    placeholderData: keepPreviousData,
    enabled: !refusedHere && !awaitingSearch,
  });

  const change = (listChange: ListChange) => {
    const next = applyListChange(query, listChange);
    if (next !== query) setParams(toSearchParams(next));
  };
  const changeRef = useRef(change);
  changeRef.current = change;

  const [quickSearch, setQuickSearch] = useState(query.search);
  const settledSearch = useDebouncedValue(quickSearch, searchDebounceMs);
  useEffect(() => {
    changeRef.current({ kind: 'search', search: settledSearch });
  }, [settledSearch]);
  // The box follows the address only when the address's search changes (Back, a link, Clear Search): mirrored on
  // mount as well, it would wipe text typed between the screen's first paint and its effects, which a slow phone
  // leaves long enough to paste into.
  const mirroredSearch = useRef(query.search);
  useEffect(() => {
    if (mirroredSearch.current === query.search) return;
    mirroredSearch.current = query.search;
    setQuickSearch(query.search);
  }, [query.search]);
  // docs/domain/screens.md, Constants: Clear Search shows or hides 100 ms after a change, and a clear searches again
  // 100 ms later.
  const clearOffered = useDebouncedValue(hasActiveFilter({ ...query, search: quickSearch }), clearSearchDelayMs);
  const clearSearch = () => {
    setQuickSearch('');
    window.setTimeout(() => changeRef.current({ kind: 'clear' }), clearSearchDelayMs);
  };

  const ListPanel = resource.listPanel ? lazyComponent(resource.listPanel) : null;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const prefix = resource.key;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const canCreate = resource.screens !== 'read-only' && can({ prefix, action: 'create' });
  const canView = can({ prefix, action: 'view' });
  const canEdit = resource.screens === 'full' && can({ prefix, action: 'update' });
  const canDelete = resource.deletable && can({ prefix, action: 'delete' });
  const canRestore = resource.deletable && can({ prefix, action: 'restore' });
  // Ticked rows of the page on screen; a new page, search or filter starts with none.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const pageKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection belongs to one page of one query.
  useEffect(() => setTicked(new Set()), [pageKey]);
  const selected = rows.filter((row) => ticked.has(row.id));
  const allTicked = rows.length > 0 && selected.length === rows.length;
  const tick = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (refusedHere || errorStatus(list.error) === 403) {
    return (
      <Stack gap="4">
        <Heading size="xl">{resource.plural}</Heading>
        <Refusal
          kind="forbidden"
          sentence={permissionRefusal('view', resource.plural)}
          back={{ to: '/overview', label: 'Back to Overview' }}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading size="xl">{resource.plural}</Heading>
        <HStack gap="2" wrap="wrap">
          {resource.importing && can({ prefix, action: 'create', override: [resource.importing.permission] }) ? (
            <Button asChild variant="outline">
              <RouterLink to={importPath(resource)}>Import</RouterLink>
            </Button>
          ) : null}
          {canCreate ? (
            <Button asChild colorPalette="teal">
              <RouterLink to={createPath(resource)}>Create New</RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Flex>
      <Flex gap="2" wrap="wrap" align="center">
        <Input
          name="quick-search"
          aria-label="Quick Search"
          placeholder="Quick Search"
          maxW="xs"
          value={quickSearch}
          required={resource.quickSearchRequired}
          onChange={(event) => setQuickSearch(event.currentTarget.value)}
        />
        {clearOffered ? (
          <Button variant="outline" onClick={clearSearch}>
            Clear Search
          </Button>
        ) : null}
        {resource.deletable ? (
          <>
            <Button
              variant={query.withTrashed ? 'solid' : 'outline'}
              aria-pressed={query.withTrashed}
              onClick={() => change({ kind: 'with-trashed', on: !query.withTrashed })}
            >
              With Trashed
            </Button>
            <Button
              variant={query.onlyTrashed ? 'solid' : 'outline'}
              aria-pressed={query.onlyTrashed}
              onClick={() => change({ kind: 'only-trashed', on: !query.onlyTrashed })}
            >
              Only Trashed
            </Button>
          </>
        ) : null}
        <Button variant="outline" onClick={() => setAdvancedOpen(true)}>
          Advance Search
        </Button>
        <ExportButton prefix={prefix} plural={resource.plural} params={apiParams} />
      </Flex>
      {ListPanel ? (
        <Suspense fallback={null}>
          <ListPanel />
        </Suspense>
      ) : null}
      {list.isFetching ? <LoadingBar /> : <Box h="1.5" />}
      {list.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(list.error)}
        </Text>
      ) : null}
      {selected.length > 0 ? (
        <BulkActions
          resource={resource}
          api={api}
          selected={selected}
          canDelete={canDelete}
          canRestore={canRestore}
          onDone={() => setTicked(new Set())}
        />
      ) : null}
      {awaitingSearch ? (
        <Text color="fg.muted" role="status">
          Type in Quick Search to list {resource.plural}.
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} hidden={awaitingSearch}>
        <Table.Root size="sm" striped interactive>
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            {listCaption(resource.plural, meta)}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader {...stickyTick}>
                <Checkbox.Root
                  size="sm"
                  verticalAlign="middle"
                  checked={allTicked ? true : selected.length > 0 ? 'indeterminate' : false}
                  onCheckedChange={(details) =>
                    setTicked(details.checked === true ? new Set(rows.map((row) => row.id)) : new Set())
                  }
                >
                  <Checkbox.HiddenInput aria-label="Select every row of this page" />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              {columns.map((column, index) => (
                <Table.ColumnHeader key={column.field} {...(index === 0 ? stickyStart : {})}>
                  {column.label}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end" {...stickyEnd}>
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} opacity={row.deleted_at ? 0.6 : 1}>
                <Table.Cell {...stickyTick}>
                  <Checkbox.Root
                    size="sm"
                    verticalAlign="middle"
                    checked={ticked.has(row.id)}
                    onCheckedChange={(details) => tick(row.id, details.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={`Select ${String(readField(row, resource.title) ?? row.id)}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                {columns.map((column, index) => (
                  <Table.Cell key={column.field} {...cellStyle(column, index)}>
                    <ValueText value={columnValue(row as Record<string, unknown>, column)} kind={column.kind} />
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end" {...stickyEnd}>
                  <HStack justify="end" gap="3">
                    {canView ? (
                      <Link asChild colorPalette="teal">
                        <RouterLink to={viewPath(resource, row.id)}>View</RouterLink>
                      </Link>
                    ) : null}
                    {canEdit && isEditable(resource, row) && worksWhereItSits(home, permissions ?? [], row) ? (
                      <Link asChild colorPalette="teal">
                        <RouterLink to={editPath(resource, row.id)}>Edit</RouterLink>
                      </Link>
                    ) : null}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
            {list.isSuccess && rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length + 2} textAlign="center" color="fg.muted" py="6">
                  No {resource.plural.toLowerCase()} found.
                </Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <PaginationBar
        currentPage={meta?.current_page ?? query.page}
        lastPage={meta?.last_page ?? 1}
        perPage={query.perPage}
        perPageOptions={perPageOptions}
        order={query.order}
        onPageChange={(page) => change({ kind: 'page', page })}
        onPerPageChange={(perPage) => change({ kind: 'per-page', perPage })}
        onOrderChange={(order) => change({ kind: 'order', order })}
      />
      {advancedOpen ? (
        <AdvancedSearchDialog
          plural={resource.plural}
          query={query}
          filters={resource.filters ?? []}
          suggest={async (text, limit, signal) => {
            const found = await api.search({ q: text, limit }, undefined, signal);
            return found.map((record) => String(readField(record, resource.title) ?? ''));
          }}
          onSearch={(search, order, filters) => {
            change({ kind: 'advanced', search, order, filters });
            setAdvancedOpen(false);
          }}
          onClear={() => change({ kind: 'clear' })}
          onClose={() => setAdvancedOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

// A quick search counts its matches only up to a bound; past it the server says so, and so does the caption. Until
// the first page answers there is no count to tell: a list never claims "Total 0" while it is still loading.
function listCaption(plural: string, meta: { total: number; total_is_lower_bound?: boolean } | undefined): string {
  if (!meta) return `List of ${plural}`;
  if (meta.total_is_lower_bound) return `List of ${plural} - More than ${meta.total.toLocaleString('en-US')}`;
  return `List of ${plural} - Total ${meta.total}`;
}
