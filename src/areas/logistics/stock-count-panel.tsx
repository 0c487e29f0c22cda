import {
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import {
  addStockCountLine,
  getGetStockCountQueryKey,
  getGetStockCountVarianceQueryKey,
  getStockCountVariance,
  postStockCount,
} from '../../../generated/hooks/stock-counts/stock-counts.ts';
import type {
  StockCount,
  StockCountLine,
  StockCountPostUncounted,
  StockCountVariance,
} from '../../../generated/model/index.ts';
import { fullAccessPermission } from '../../auth/gate.ts';
import { useGate, usePermissions, useSeesCosts } from '../../auth/use-permissions.ts';
import { formatTimestamp } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { formatQuantity } from '../../format/quantity.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LabelledInput } from '../../ui/labelled-input.tsx';
import { StripedTable, TableHeadings } from '../../ui/striped-table.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

// docs/domain/logistics.md, Stock counts: count by scanning (a scanner is a keyboard that types the code and presses
// Enter) or typing into one field; see the variance before posting; print a sheet to count on paper.

const postPermission = 'post-stock-counts';

// On paper only the count sheet shows, on A4 (print-page.ts).
const printCss = printPageCss({ sheet: '[data-count-sheet]', size: 'A4', margin: '15mm' });

// The panel on a stock count's view (src/resources/resource.ts, viewPanel).
export function StockCountViewPanel({ record }: ViewPanelProps) {
  return <StockCountPanel count={record as unknown as StockCount} />;
}

export function StockCountPanel({ count }: { count: StockCount }) {
  const can = useGate();
  const held = usePermissions() ?? [];
  const mayCount =
    count.status === 'counting' && !count.deleted_at && can({ prefix: 'stock-counts', action: 'update' });
  const mayPost =
    count.status === 'counting' &&
    !count.deleted_at &&
    (held.includes(postPermission) || held.includes(fullAccessPermission));
  const variance = useQuery({
    queryKey: getGetStockCountVarianceQueryKey(count.id),
    queryFn: ({ signal }) => getStockCountVariance(count.id, undefined, signal),
  });
  const [sheet, setSheet] = useState<{ expected: boolean } | null>(null);
  return (
    <Stack gap="5">
      {variance.data && mayPost ? <PostBar count={count} variance={variance.data} /> : null}
      {mayCount ? <ScanField countId={count.id} /> : null}
      <RequestErrorText request={variance} />
      <CountedLines count={count} variance={variance.data} />
      {variance.data ? <UncountedLines variance={variance.data} /> : null}
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => printSheet(setSheet, false)}>
          <LuPrinter /> Print Count Sheet
        </Button>
        {variance.data?.lines.some((line) => line.expected !== null) ||
        variance.data?.uncounted.some((line) => line.expected !== null) ? (
          <Button variant="outline" onClick={() => printSheet(setSheet, true)}>
            <LuPrinter /> Print Count Sheet with Expected
          </Button>
        ) : null}
      </HStack>
      {sheet && variance.data ? <CountSheet count={count} variance={variance.data} expected={sheet.expected} /> : null}
    </Stack>
  );
}

// The sheet renders first, then the browser's print dialog opens on it.
function printSheet(setSheet: (sheet: { expected: boolean }) => void, expected: boolean) {
  setSheet({ expected });
  window.setTimeout(() => window.print(), 50);
}

// The variance of a long count is read again once the scanning pauses, not after every scan: a scan answers with its
// own line, and reading every line's expected figure again would make each scan cost the whole count.
const varianceQuietMs = 1500;

function ScanField({ countId }: { countId: number }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const quiet = useRef<number | undefined>(undefined);
  const [code, setCode] = useState('');
  const [lot, setLot] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  useEffect(() => () => window.clearTimeout(quiet.current), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const line = await addStockCountLine(countId, {
        code: typed,
        counted_quantity: Number(quantity || '1'),
        ...(lot.trim() ? { lot_number: lot.trim() } : {}),
      });
      setLast(
        `Counted ${line.item_name ?? typed}${line.lot_number ? ` lot ${line.lot_number}` : ''}: ${formatQuantity(line.counted_quantity)} so far.`,
      );
      setCode('');
      // A quantity typed for one box of ten is for that box only: the next scan is one piece again.
      setQuantity('1');
      queryClient.setQueryData<StockCount>(getGetStockCountQueryKey(countId), (count) =>
        count ? { ...count, lines: withLine(count.lines, line) } : count,
      );
      window.clearTimeout(quiet.current);
      quiet.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: getGetStockCountVarianceQueryKey(countId) });
      }, varianceQuietMs);
    } catch (failure) {
      const fields = validationErrors(failure);
      setError(fields ? (Object.values(fields)[0] ?? errorMessage(failure)) : errorMessage(failure));
      input.current?.select();
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" rounded="md" p="4">
      <Stack gap="3">
        <Field.Root invalid={error !== null}>
          <Field.Label htmlFor="count-code">Scan or type a code</Field.Label>
          <Input
            id="count-code"
            ref={input}
            autoFocus
            autoComplete="off"
            inputMode="text"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="Item code or barcode, then Enter"
            size="lg"
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <HStack gap="3" wrap="wrap">
          <LabelledInput
            label="Quantity"
            id="count-quantity"
            type="number"
            step="0.001"
            min="0"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            room={{ maxW: '40' }}
          />
          <LabelledInput
            label="Lot (lot-tracked items)"
            id="count-lot"
            value={lot}
            onChange={(event) => setLot(event.target.value)}
            room={{ maxW: '56' }}
          />
          <Button type="submit" colorPalette="teal" alignSelf="end" loading={busy}>
            Add
          </Button>
        </HStack>
        <Text aria-live="polite" color="fg.muted" minH="5">
          {last ?? ''}
        </Text>
      </Stack>
    </Box>
  );
}

// The count's lines with the scanned one in place (or added), as the server now holds them.
function withLine(lines: readonly StockCountLine[], line: StockCountLine): StockCountLine[] {
  const at = lines.findIndex((candidate) => candidate.id === line.id);
  return at === -1 ? [...lines, line] : lines.map((candidate, index) => (index === at ? line : candidate));
}

// A page of a long count: the screen draws this many rows at most, whatever the count's size.
const linesPerPage = 50;

type CountedRow = StockCountLine & {
  expected: number | null;
  difference: number | null;
  value: number | null;
};

type LineOrder = 'scanned' | 'loss' | 'gain';

const lineOrders: readonly { value: LineOrder; label: string }[] = [
  { value: 'scanned', label: 'As counted' },
  { value: 'loss', label: 'Difference value, largest loss first' },
  { value: 'gain', label: 'Difference value, largest gain first' },
];

// A line's expected figure comes from the variance, which is read again after a pause in the scanning; its counted
// quantity is the count's own, fresh after each scan, so the difference follows the scan at once. The value waits
// for the variance that agrees with the count.
function countedRows(lines: readonly StockCountLine[], variance: StockCountVariance | undefined): CountedRow[] {
  const known = new Map((variance?.lines ?? []).map((line) => [line.line_id, line]));
  return lines.map((line) => {
    const seen = known.get(line.id);
    const expected = seen?.expected ?? null;
    const current = seen !== undefined && seen.counted === line.counted_quantity;
    return {
      ...line,
      expected,
      difference: expected === null ? null : roundQuantity(line.counted_quantity - expected),
      value: current ? (seen?.value ?? null) : null,
    };
  });
}

const roundQuantity = (quantity: number) => Math.round(quantity * 1000) / 1000;

// The weight of a difference: its value where the user sees costs, else its quantity.
const weight = (row: CountedRow) => row.value ?? row.difference ?? 0;

function arrangedRows(rows: readonly CountedRow[], differencesOnly: boolean, order: LineOrder): CountedRow[] {
  const kept = differencesOnly ? rows.filter((row) => row.difference !== null && row.difference !== 0) : [...rows];
  if (order === 'loss') kept.sort((a, b) => weight(a) - weight(b) || a.id - b.id);
  if (order === 'gain') kept.sort((a, b) => weight(b) - weight(a) || a.id - b.id);
  return kept;
}

function CountedLines({ count, variance }: { count: StockCount; variance: StockCountVariance | undefined }) {
  const seesCosts = useSeesCosts();
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const [order, setOrder] = useState<LineOrder>('scanned');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => countedRows(count.lines, variance), [count.lines, variance]);
  const showsExpected = rows.some((row) => row.expected !== null);
  const arranged = useMemo(
    () => arrangedRows(rows, differencesOnly && showsExpected, order),
    [rows, differencesOnly, showsExpected, order],
  );
  const lastPage = Math.max(1, Math.ceil(arranged.length / linesPerPage));
  const shownPage = Math.min(page, lastPage);
  const pageRows = arranged.slice((shownPage - 1) * linesPerPage, shownPage * linesPerPage);
  return (
    <Stack gap="3">
      {showsExpected ? (
        <HStack gap="4" wrap="wrap" align="end">
          <Checkbox.Root
            checked={differencesOnly}
            onCheckedChange={(details) => {
              setDifferencesOnly(details.checked === true);
              setPage(1);
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Differences only</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root maxW="80">
            <Field.Label htmlFor="count-order">Sort by</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id="count-order"
                value={order}
                onChange={(event) => {
                  setOrder(lineOrders.find((option) => option.value === event.target.value)?.value ?? 'scanned');
                  setPage(1);
                }}
              >
                {lineOrders.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </HStack>
      ) : null}
      <StripedTable
        caption={`Counted (${count.lines.length})${arranged.length === count.lines.length ? '' : `, ${arranged.length} with a difference`}`}
        headings={[
          'Code',
          'Item',
          'Lot',
          { label: 'Expected', end: true },
          { label: 'Counted', end: true },
          { label: 'Difference', end: true },
          ...(seesCosts ? [{ label: 'Value', end: true } as const] : []),
          'Counted At',
          'By',
        ]}
      >
        {pageRows.map((line) => (
          <CountedLineRow key={line.id} line={line} seesCosts={seesCosts} />
        ))}
      </StripedTable>
      <Pager label="Counted lines" page={shownPage} lastPage={lastPage} onPage={setPage} />
    </Stack>
  );
}

// Each row is drawn again only when its own figures change: a scan changes one line, and redrawing a page of styled
// cells on every scan was most of a scan's time in the browser.
const CountedLineRow = memo(
  function CountedLineRow({ line, seesCosts }: { line: CountedRow; seesCosts: boolean }) {
    return (
      <Table.Row>
        <Table.Cell>{line.item_code}</Table.Cell>
        <Table.Cell>{line.item_name}</Table.Cell>
        <Table.Cell>{line.lot_number ?? ''}</Table.Cell>
        <Table.Cell textAlign="end">{shown(line.expected, formatQuantity)}</Table.Cell>
        <Table.Cell textAlign="end">{formatQuantity(line.counted_quantity)}</Table.Cell>
        <Table.Cell textAlign="end">{shown(line.difference, formatQuantity)}</Table.Cell>
        {seesCosts ? <Table.Cell textAlign="end">{shown(line.value, formatMoney)}</Table.Cell> : null}
        <Table.Cell>{formatTimestamp(line.counted_at)}</Table.Cell>
        <Table.Cell>{line.counted_by_name ?? ''}</Table.Cell>
      </Table.Row>
    );
  },
  (before, after) =>
    before.seesCosts === after.seesCosts &&
    (Object.keys(after.line) as (keyof CountedRow)[]).every((key) => before.line[key] === after.line[key]),
);

const UncountedLines = memo(function UncountedLines({ variance }: { variance: StockCountVariance }) {
  const [page, setPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(variance.uncounted.length / linesPerPage));
  const shownPage = Math.min(page, lastPage);
  const rows = variance.uncounted.slice((shownPage - 1) * linesPerPage, shownPage * linesPerPage);
  return (
    <Stack gap="3">
      <Heading size="sm">Not counted ({variance.uncounted.length})</Heading>
      {variance.uncounted.length > 0 ? (
        <>
          <StripedTable label="Not counted" headings={['Code', 'Item', 'Lot', { label: 'Expected', end: true }]}>
            {rows.map((line) => (
              <Table.Row key={`${line.item_id}:${line.lot_number ?? ''}`}>
                <Table.Cell>{line.item_code}</Table.Cell>
                <Table.Cell>{line.item_name}</Table.Cell>
                <Table.Cell>{line.lot_number ?? ''}</Table.Cell>
                <Table.Cell textAlign="end">{shown(line.expected, formatQuantity)}</Table.Cell>
              </Table.Row>
            ))}
          </StripedTable>
          <Pager label="Items not counted" page={shownPage} lastPage={lastPage} onPage={setPage} />
        </>
      ) : null}
    </Stack>
  );
});

function Pager({
  label,
  page,
  lastPage,
  onPage,
}: {
  label: string;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <HStack as="nav" aria-label={`${label} pages`} gap="2">
      <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Text textStyle="sm" aria-current="page" whiteSpace="nowrap">
        Page {page} of {lastPage}
      </Text>
      <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= lastPage}>
        Next
      </Button>
    </HStack>
  );
}

const shown = (value: number | null, format: (value: number) => string) => (value === null ? '—' : format(value));

// Posting, kept in reach at the top of the screen however long the count: the totals it will post and the button.
function PostBar({ count, variance }: { count: StockCount; variance: StockCountVariance }) {
  const queryClient = useQueryClient();
  const seesCosts = useSeesCosts();
  const [uncounted, setUncounted] = useState<StockCountPostUncounted>('leave');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const post = async () => {
    setBusy(true);
    try {
      await postStockCount(count.id, { uncounted });
      notifySuccess('Stock Count posted successfully.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetStockCountQueryKey(count.id) }),
        queryClient.invalidateQueries({ queryKey: getGetStockCountVarianceQueryKey(count.id) }),
      ]);
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Box
      position="sticky"
      top="0"
      zIndex="2"
      bg="bg"
      borderWidth="1px"
      rounded="md"
      p="3"
      role="region"
      aria-label="Posting"
    >
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root maxW="72">
          <Field.Label htmlFor="count-uncounted">Items not counted</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="count-uncounted"
              value={uncounted}
              onChange={(event) => setUncounted(event.target.value === 'zero' ? 'zero' : 'leave')}
            >
              <option value="leave">Leave them as they are</option>
              <option value="zero">Count them as none</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button colorPalette="teal" onClick={() => setConfirming(true)}>
          Post
        </Button>
        {seesCosts && variance.totals.gained_value !== null ? (
          <HStack gap="6">
            <Text>Gained: {formatMoney(variance.totals.gained_value)}</Text>
            <Text>Lost: {formatMoney(variance.totals.lost_value)}</Text>
          </HStack>
        ) : null}
      </HStack>
      <ConfirmDialog
        open={confirming}
        action="post"
        subject={`Stock Count ${count.number}`}
        busy={busy}
        onConfirm={() => void post()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

// For counting on paper: every item (and lot) in scope at the location, with a blank to write the count in.
function CountSheet({
  count,
  variance,
  expected,
}: {
  count: StockCount;
  variance: StockCountVariance;
  expected: boolean;
}) {
  const rows = [
    ...variance.lines.map((line) => ({ ...line, key: `l${line.line_id}` })),
    ...variance.uncounted.map((line) => ({ ...line, key: `u${line.item_id}:${line.lot_number ?? ''}` })),
  ];
  return (
    <Box data-count-sheet display="none" _print={{ display: 'block' }} color="black" bg="white" fontSize="sm">
      <style>{printCss}</style>
      <Stack gap="4">
        <Heading size="lg">COUNT SHEET {count.number}</Heading>
        <Text>Location: {count.location_name ?? ''}</Text>
        <Table.Root size="sm">
          <TableHeadings
            headings={[
              'Code',
              'Item',
              'Lot',
              'Location',
              ...(expected ? [{ label: 'Expected', end: true as const }] : []),
              'Counted',
            ]}
          />
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.key}>
                <Table.Cell>{row.item_code}</Table.Cell>
                <Table.Cell>{row.item_name}</Table.Cell>
                <Table.Cell>{row.lot_number ?? ''}</Table.Cell>
                <Table.Cell>{count.location_name ?? ''}</Table.Cell>
                {expected ? <Table.Cell textAlign="end">{shown(row.expected, formatQuantity)}</Table.Cell> : null}
                <Table.Cell>____________</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <HStack gap="12" pt="8">
          <Text>Counted by: ____________________</Text>
          <Text>Checked by: ____________________</Text>
        </HStack>
      </Stack>
    </Box>
  );
}
