import { Button, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { Filter } from '../../resources/resource.ts';
import { TypeAhead, typeAheadLimit } from '../../ui/type-ahead.tsx';
import { FilterInput, filterId } from './filter-input.tsx';
import type { ListQuery, SortOrder } from './list-query.ts';

export type AdvancedSearchDialogProps = {
  plural: string;
  query: ListQuery;
  filters: readonly Filter[];
  suggest: (text: string, limit: number, signal: AbortSignal) => Promise<string[]>;
  onSearch: (search: string, order: SortOrder, filters: Record<string, string>) => void;
  onClear: () => void;
  onClose: () => void;
};

export function AdvancedSearchDialog({
  plural,
  query,
  filters,
  suggest,
  onSearch,
  onClear,
  onClose,
}: AdvancedSearchDialogProps) {
  const [search, setSearch] = useState(query.search);
  const [order, setOrder] = useState<SortOrder>(query.order);
  const [values, setValues] = useState<Record<string, string>>(query.filters);
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Search {plural}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>Search</Field.Label>
                  <TypeAhead
                    name="search"
                    value={search}
                    onChange={setSearch}
                    search={(text, signal) => suggest(text, typeAheadLimit, signal)}
                    toText={(text) => text}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label htmlFor="advanced-order-by">Order By</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      id="advanced-order-by"
                      value={order}
                      onChange={(event) => setOrder(event.currentTarget.value === 'asc' ? 'asc' : 'desc')}
                    >
                      <option value="desc">Newest</option>
                      <option value="asc">Oldest</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {filters.map((filter) => (
                  <Field.Root key={filterId(filter)}>
                    <Field.Label htmlFor={filterId(filter)}>{filter.label}</Field.Label>
                    <FilterInput filter={filter} values={values} onChange={setValues} />
                  </Field.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={() => {
                  setSearch('');
                  setOrder('desc');
                  setValues({});
                  onClear();
                }}
              >
                Clear
              </Button>
              <Button onClick={() => onSearch(search, order, values)}>Search</Button>
              <Button variant="ghost" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
