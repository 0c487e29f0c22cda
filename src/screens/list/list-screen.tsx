import { Box, Button, Flex, Heading, HStack, Input, Link, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useGate } from '../../auth/use-permissions.ts';
import { isEditable, readField } from '../../resources/resource.ts';
import { createPath, editPath, viewPath } from '../../resources/routes.ts';
import { PaginationBar } from '../../ui/pagination-bar.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { searchDebounceMs } from '../../ui/use-remote-options.ts';
import { errorMessage, errorStatus } from '../shared/request-error.ts';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { ValueText } from '../shared/value-text.tsx';
import { AdvancedSearchDialog } from './advanced-search-dialog.tsx';
import {
  applyListChange,
  hasActiveFilter,
  type ListChange,
  perPageOptions,
  readListQuery,
  toApiParams,
  toSearchParams,
} from './list-query.ts';

export function ListScreen({ resource, api }: ResourceScreenProps) {
  const can = useGate();
  const [params, setParams] = useSearchParams();
  const query = readListQuery(
    params,
    (resource.filters ?? []).map((filter) => filter.name),
  );
  const apiParams = toApiParams(query);
  const list = useQuery({
    queryKey: api.listKey(apiParams),
    queryFn: ({ signal }) => api.list(apiParams, undefined, signal),
    placeholderData: keepPreviousData,
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
  useEffect(() => {
    setQuickSearch(query.search);
  }, [query.search]);

  const [advancedOpen, setAdvancedOpen] = useState(false);
  const prefix = resource.key;
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const canCreate = resource.screens !== 'read-only' && can({ prefix, action: 'create' });
  const canView = can({ prefix, action: 'view' });
  const canEdit = resource.screens === 'full' && can({ prefix, action: 'update' });

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading size="xl">{resource.plural}</Heading>
        {canCreate ? (
          <Button asChild colorPalette="teal">
            <RouterLink to={createPath(resource)}>Create New</RouterLink>
          </Button>
        ) : null}
      </Flex>
      <Flex gap="2" wrap="wrap" align="center">
        <Input
          name="quick-search"
          aria-label="Quick Search"
          placeholder="Quick Search"
          maxW="xs"
          value={quickSearch}
          onChange={(event) => setQuickSearch(event.currentTarget.value)}
        />
        {hasActiveFilter(query) ? (
          <Button variant="outline" onClick={() => change({ kind: 'clear' })}>
            Clear Search
          </Button>
        ) : null}
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
        <Button variant="outline" onClick={() => setAdvancedOpen(true)}>
          Advance Search
        </Button>
      </Flex>
      {list.isFetching ? (
        <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : (
        <Box h="1.5" />
      )}
      {list.isError ? (
        <Text color="fg.error" role="alert">
          {errorStatus(list.error) === 403
            ? `You do not have permission to view ${resource.plural}.`
            : errorMessage(list.error)}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped interactive>
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            List of {resource.plural} - Total {meta?.total ?? 0}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              {resource.columns.map((column) => (
                <Table.ColumnHeader key={column.field}>{column.label}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} opacity={row.deleted_at ? 0.6 : 1}>
                {resource.columns.map((column) => (
                  <Table.Cell key={column.field}>
                    <ValueText value={readField(row, column.field)} kind={column.kind} />
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="3">
                    {canView ? (
                      <Link asChild colorPalette="teal">
                        <RouterLink to={viewPath(resource, row.id)}>View</RouterLink>
                      </Link>
                    ) : null}
                    {canEdit && isEditable(resource, row) ? (
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
                <Table.Cell colSpan={resource.columns.length + 1} textAlign="center" color="fg.muted" py="6">
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
