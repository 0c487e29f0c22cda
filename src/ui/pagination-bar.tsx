import { Button, ButtonGroup, chakra, Flex, HStack, NativeSelect, Text, useMediaQuery } from '@chakra-ui/react';
import { pageWindow } from './page-window.ts';

export type SortOrder = 'desc' | 'asc';

export type PaginationBarProps = {
  currentPage: number;
  lastPage: number;
  perPage: number;
  perPageOptions: readonly number[];
  order: SortOrder;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onOrderChange: (order: SortOrder) => void;
};

export function PaginationBar({
  currentPage,
  lastPage,
  perPage,
  perPageOptions,
  order,
  onPageChange,
  onPerPageChange,
  onOrderChange,
}: PaginationBarProps) {
  const onFirst = currentPage <= 1;
  const onLast = currentPage >= lastPage;
  // The full window of page buttons needs about 600 px; a phone gets Previous, where it is, and Next.
  const [compact = false] = useMediaQuery(['(max-width: 639.98px)'], { fallback: [false] });
  const sortAndSize = (
    <SortAndSize
      order={order}
      perPage={perPage}
      perPageOptions={perPageOptions}
      onOrderChange={onOrderChange}
      onPerPageChange={onPerPageChange}
    />
  );
  if (compact) {
    return (
      <Flex as="nav" aria-label="Pagination" gap="3" wrap="wrap" align="center" justify="space-between">
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => onPageChange(currentPage - 1)} disabled={onFirst}>
            Previous
          </Button>
          <Text textStyle="sm" aria-current="page" whiteSpace="nowrap">
            Page {currentPage} of {lastPage}
          </Text>
          <Button size="sm" variant="outline" onClick={() => onPageChange(currentPage + 1)} disabled={onLast}>
            Next
          </Button>
        </HStack>
        {sortAndSize}
      </Flex>
    );
  }
  return (
    <Flex as="nav" aria-label="Pagination" gap="4" wrap="wrap" align="center" justify="space-between">
      <ButtonGroup size="sm" variant="outline" attached>
        <Button onClick={() => onPageChange(currentPage - 1)} disabled={onFirst}>
          Previous
        </Button>
        <Button onClick={() => onPageChange(1)} disabled={onFirst}>
          First
        </Button>
        {pageWindow(currentPage, lastPage).map((entry, index) =>
          entry === 'ellipsis' ? (
            <Button key={`ellipsis-${index < 4 ? 'start' : 'end'}`} disabled aria-hidden>
              …
            </Button>
          ) : (
            <Button
              key={entry}
              variant={entry === currentPage ? 'solid' : 'outline'}
              aria-current={entry === currentPage ? 'page' : undefined}
              onClick={() => onPageChange(entry)}
            >
              {entry}
            </Button>
          ),
        )}
        <Button onClick={() => onPageChange(lastPage)} disabled={onLast}>
          Last
        </Button>
        <Button onClick={() => onPageChange(currentPage + 1)} disabled={onLast}>
          Next
        </Button>
      </ButtonGroup>
      {sortAndSize}
    </Flex>
  );
}

type SortAndSizeProps = Pick<
  PaginationBarProps,
  'order' | 'perPage' | 'perPageOptions' | 'onOrderChange' | 'onPerPageChange'
>;

const orders: readonly (readonly [SortOrder, string])[] = [
  ['desc', 'Newest'],
  ['asc', 'Oldest'],
];

function SortAndSize({ order, perPage, perPageOptions, onOrderChange, onPerPageChange }: SortAndSizeProps) {
  return (
    <HStack gap="4" wrap="wrap">
      <HStack gap="2">
        <Text textStyle="sm">Sort By</Text>
        <ButtonGroup size="sm" attached>
          {orders.map(([value, label]) => (
            <Button
              key={value}
              variant={order === value ? 'solid' : 'outline'}
              aria-pressed={order === value}
              onClick={() => onOrderChange(value)}
            >
              {label}
            </Button>
          ))}
        </ButtonGroup>
      </HStack>
      <HStack gap="2">
        <chakra.label htmlFor="number-of-items" textStyle="sm" whiteSpace="nowrap">
          Number of Items
        </chakra.label>
        <NativeSelect.Root size="sm" width="24">
          <NativeSelect.Field
            id="number-of-items"
            value={String(perPage)}
            onChange={(event) => onPerPageChange(Number(event.currentTarget.value))}
          >
            {perPageOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    </HStack>
  );
}
