import { Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import {
  addStockCountLine,
  getGetStockCountQueryKey,
  getGetStockCountVarianceQueryKey,
  getStockCountVariance,
  postStockCount,
} from '../../../generated/hooks/stock-counts/stock-counts.ts';
import type { StockCount, StockCountPostUncounted, StockCountVariance } from '../../../generated/model/index.ts';
import { fullAccessPermission } from '../../auth/gate.ts';
import { useGate, usePermissions, useSeesCosts } from '../../auth/use-permissions.ts';
import { formatTimestamp } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { formatQuantity } from '../../format/quantity.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LabelledInput } from '../../ui/labelled-input.tsx';
import { StripedTable } from '../../ui/striped-table.tsx';
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
      {mayCount ? <ScanField countId={count.id} /> : null}
      <CountedLines count={count} />
      {variance.data ? (
        <VarianceSection count={count} variance={variance.data} mayPost={mayPost} />
      ) : variance.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(variance.error)}
        </Text>
      ) : null}
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

function ScanField({ countId }: { countId: number }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [lot, setLot] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetStockCountQueryKey(countId) }),
        queryClient.invalidateQueries({ queryKey: getGetStockCountVarianceQueryKey(countId) }),
      ]);
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

function CountedLines({ count }: { count: StockCount }) {
  return (
    <StripedTable
      caption={`Counted (${count.lines.length})`}
      headings={['Code', 'Item', 'Lot', { label: 'Counted', end: true }, 'Counted At', 'By']}
    >
      {count.lines.map((line) => (
        <Table.Row key={line.id}>
          <Table.Cell>{line.item_code}</Table.Cell>
          <Table.Cell>{line.item_name}</Table.Cell>
          <Table.Cell>{line.lot_number ?? ''}</Table.Cell>
          <Table.Cell textAlign="end">{formatQuantity(line.counted_quantity)}</Table.Cell>
          <Table.Cell>{formatTimestamp(line.counted_at)}</Table.Cell>
          <Table.Cell>{line.counted_by_name ?? ''}</Table.Cell>
        </Table.Row>
      ))}
    </StripedTable>
  );
}

const shown = (value: number | null, format: (value: number) => string) => (value === null ? '—' : format(value));

function VarianceSection({
  count,
  variance,
  mayPost,
}: {
  count: StockCount;
  variance: StockCountVariance;
  mayPost: boolean;
}) {
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
    <Stack gap="3">
      <Heading size="md">Variance</Heading>
      <StripedTable
        label="Variance"
        headings={[
          'Item',
          'Lot',
          { label: 'Expected', end: true },
          { label: 'Counted', end: true },
          { label: 'Difference', end: true },
          ...(seesCosts ? [{ label: 'Value', end: true } as const] : []),
        ]}
      >
        {variance.lines.map((line) => (
          <Table.Row key={line.line_id}>
            <Table.Cell>{line.item_name}</Table.Cell>
            <Table.Cell>{line.lot_number ?? ''}</Table.Cell>
            <Table.Cell textAlign="end">{shown(line.expected, formatQuantity)}</Table.Cell>
            <Table.Cell textAlign="end">{formatQuantity(line.counted)}</Table.Cell>
            <Table.Cell textAlign="end">{shown(line.difference, formatQuantity)}</Table.Cell>
            {seesCosts ? <Table.Cell textAlign="end">{shown(line.value, formatMoney)}</Table.Cell> : null}
          </Table.Row>
        ))}
      </StripedTable>
      {seesCosts && variance.totals.gained_value !== null ? (
        <HStack gap="6">
          <Text>Gained: {formatMoney(variance.totals.gained_value)}</Text>
          <Text>Lost: {formatMoney(variance.totals.lost_value)}</Text>
        </HStack>
      ) : null}
      <Heading size="sm">Not counted ({variance.uncounted.length})</Heading>
      {variance.uncounted.length > 0 ? (
        <StripedTable label="Not counted" headings={['Item', 'Lot', { label: 'Expected', end: true }]}>
          {variance.uncounted.map((line) => (
            <Table.Row key={`${line.item_id}:${line.lot_number ?? ''}`}>
              <Table.Cell>{line.item_name}</Table.Cell>
              <Table.Cell>{line.lot_number ?? ''}</Table.Cell>
              <Table.Cell textAlign="end">{shown(line.expected, formatQuantity)}</Table.Cell>
            </Table.Row>
          ))}
        </StripedTable>
      ) : null}
      {mayPost ? (
        <HStack gap="3" wrap="wrap" align="end">
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
        </HStack>
      ) : null}
      <ConfirmDialog
        open={confirming}
        action="post"
        subject={`Stock Count ${count.number}`}
        busy={busy}
        onConfirm={() => void post()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
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
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Code</Table.ColumnHeader>
              <Table.ColumnHeader>Item</Table.ColumnHeader>
              <Table.ColumnHeader>Lot</Table.ColumnHeader>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              {expected ? <Table.ColumnHeader textAlign="end">Expected</Table.ColumnHeader> : null}
              <Table.ColumnHeader>Counted</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
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
