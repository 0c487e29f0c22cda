import { Box, Checkbox, Field, Flex, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getListBranchesQueryKey, listBranches } from '../../../generated/hooks/branches/branches.ts';
import { getListWarehousesQueryKey, listWarehouses } from '../../../generated/hooks/warehouses/warehouses.ts';
import { fullAccessPermission } from '../../auth/gate.ts';
import { usePermissions } from '../../auth/use-permissions.ts';
import { businessDayIso, formatDate, formatTimestamp } from '../../format/date.ts';
import { formatMoney, formatMoneyCompact } from '../../format/money.ts';
import { formatQuantity } from '../../format/quantity.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { SellerRegistration, useSeller } from '../../screens/print/seller-registration.tsx';
import { useCsvDownload } from '../../screens/shared/csv-download.ts';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { ChoiceSelect } from '../../ui/choice-select.tsx';
import { TableScrollArea } from '../../ui/table-scroll-area.tsx';
import { type OwnerReportDefinition, ownerReportByKey, type ReportColumn, type ReportFilter } from './owner-reports.ts';
import { RecallTexts } from './recall-texts.tsx';
import { ReorderPurchaseOrder } from './reorder-purchase-order.tsx';
import { ReportActions } from './report-actions.tsx';

// On paper only the report shows, landscape so that every column fits A4 (print-page.ts); the table leaves its
// scroll area, so that a long one runs onto the next pages with its header row on each.
const printCss = printPageCss({
  sheet: '[data-report]',
  size: 'A4 landscape',
  margin: '10mm',
  rules: `[data-report] { font-size: 8pt; }
  [data-report] .chakra-table__scrollArea { overflow: visible !important; border: none; }`,
});

type AgingDocument = { id: number; number: string; balance: number; document_type: string };

function cell(column: ReportColumn, value: unknown) {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'money':
      return formatMoney(Number(value), 'cents');
    case 'quantity':
      return formatQuantity(Number(value));
    case 'percent':
      return `${Number(value).toFixed(2)}%`;
    case 'date':
      return formatDate(String(value));
    case 'documents':
      return (value as AgingDocument[])
        .map((document) => `${document.number} ${formatMoney(document.balance)}`)
        .join(', ');
    default:
      return String(value);
  }
}

const numeric = (column: ReportColumn) =>
  column.kind === 'money' || column.kind === 'quantity' || column.kind === 'percent';

const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

// The quarters a book may be asked for: this one and the two years before it, newest first.
function recentQuarters(today: string): { value: string; label: string }[] {
  const [year, quarter] = [Number(today.slice(0, 4)), Number(quarterOf(today).slice(6))];
  return Array.from({ length: 9 }, (_, back) => {
    const index = year * 4 + quarter - 1 - back;
    const value = `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
    return { value, label: value.replace('-', ' ') };
  });
}

function initialOf(filter: ReportFilter, today: string): string | undefined {
  switch (filter.initial) {
    case 'today':
      return today;
    case 'month-start':
      return `${today.slice(0, 8)}01`;
    case 'this-month':
      return today.slice(0, 7);
    case 'this-quarter':
      return quarterOf(today);
    default:
      return filter.initial;
  }
}

// The filters as the call takes them: the screen's defaults filled in, a location split into branch or warehouse.
function callParams(report: OwnerReportDefinition, query: URLSearchParams): Record<string, string | number> {
  const today = businessDayIso();
  const params: Record<string, string | number> = {};
  for (const filter of report.filters) {
    const value = query.get(filter.name) ?? initialOf(filter, today) ?? '';
    if (value === '') continue;
    if (filter.kind === 'location')
      params[value.startsWith('W') ? 'warehouse_id' : 'branch_id'] = Number(value.slice(1));
    else if (filter.kind === 'number' || filter.kind === 'branch') params[filter.name] = Number(value);
    else params[filter.name] = value;
  }
  return params;
}

function FilterInput({
  filter,
  value,
  onChange,
  places,
}: {
  filter: ReportFilter;
  value: string;
  onChange: (value: string) => void;
  places: { branches: { id: number; name: string }[]; warehouses: { id: number; name: string }[] };
}) {
  const id = `report-${filter.name}`;
  const select = (options: { value: string; label: string }[], empty?: string) => (
    <ChoiceSelect
      id={id}
      choices={options}
      empty={empty}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  const control = (() => {
    switch (filter.kind) {
      case 'date':
        return (
          <Input
            id={id}
            type="date"
            max={businessDayIso()}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'month':
        return (
          <Input
            id={id}
            type="month"
            max={businessDayIso().slice(0, 7)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'quarter':
        return select(recentQuarters(businessDayIso()));
      case 'number':
        return (
          <Input
            id={id}
            type="number"
            min={0}
            w="28"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'branch':
        return select(
          places.branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
          'Every branch',
        );
      case 'location':
        return select(
          [
            ...places.branches.map((branch) => ({ value: `B${branch.id}`, label: branch.name })),
            ...places.warehouses.map((warehouse) => ({ value: `W${warehouse.id}`, label: warehouse.name })),
          ],
          'Every location',
        );
      default:
        return select([...(filter.choices ?? [])]);
    }
  })();
  return (
    <Field.Root w="auto">
      <Field.Label htmlFor={id}>{filter.label}</Field.Label>
      {control}
    </Field.Root>
  );
}

// A book's paper names whose book it is, as the BIR reads it.
function BookRegistration() {
  return <SellerRegistration seller={useSeller()} />;
}

// /reports/{name}: one of the owner's reports with its filters in the URL, a chart where it helps, the table and
// its totals, printable on A4 and downloadable as CSV.
export function OwnerReportScreen({ reportKey }: { reportKey: string }) {
  const report = ownerReportByKey(reportKey);
  const held = usePermissions();
  const [query, setQuery] = useSearchParams();
  const allowed =
    report !== null && held !== null && (held.includes(fullAccessPermission) || held.includes(report.permission));
  const params = report ? callParams(report, query) : {};
  const answer = useQuery({
    queryKey: report ? report.queryKey(params) : ['no-report'],
    queryFn: ({ signal }) => (report ? report.fetch(params, signal) : Promise.resolve({ rows: [], totals: {} })),
    enabled: allowed,
  });
  const wantsPlaces = report?.filters.some((filter) => filter.kind === 'location' || filter.kind === 'branch') ?? false;
  const branches = useQuery({
    queryKey: getListBranchesQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listBranches({ per_page: 100 }, undefined, signal),
    enabled: allowed && wantsPlaces,
  });
  const warehouses = useQuery({
    queryKey: getListWarehousesQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listWarehouses({ per_page: 100 }, undefined, signal),
    enabled: allowed && wantsPlaces,
  });
  const { downloading, download: downloadCsv } = useCsvDownload();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  if (held === null) return null;
  if (report === null) {
    return <Refusal kind="missing" sentence="There is no such report." back={{ to: '/', label: 'Back to Overview' }} />;
  }
  if (!allowed) {
    return (
      <Refusal
        kind="forbidden"
        sentence={`You may not view the ${report.label} report.`}
        back={{ to: '/', label: 'Back to Overview' }}
      />
    );
  }
  const change = (name: string, value: string) => {
    const next = new URLSearchParams(query);
    next.set(name, value);
    setQuery(next, { replace: true });
  };
  const download = () =>
    downloadCsv({
      path: `/api/reports/${report.key}`,
      params,
      filename: `${report.key}-${businessDayIso()}.csv`,
      failure: 'The report could not be downloaded.',
    });
  const rows = answer.data?.rows ?? [];
  const totals = answer.data?.totals ?? {};
  const places = { branches: branches.data?.data ?? [], warehouses: warehouses.data?.data ?? [] };
  const chart = report.chart;
  const choosing = report.ordersChosenRows === true || report.textsChosenRows === true;
  // What a ticked row stands for: an item to order, or a patient to text.
  const chosenId = (row: Record<string, unknown>) => Number(report.textsChosenRows ? row.contact_id : row.item_id);
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const orderedFor = params.branch_id
    ? { branch_id: Number(params.branch_id) }
    : params.warehouse_id
      ? { warehouse_id: Number(params.warehouse_id) }
      : null;
  return (
    <Stack gap="4" data-report="">
      <style>{printCss}</style>
      {report.book ? <BookRegistration /> : null}
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Heading size="xl">{report.label}</Heading>
        <ReportActions downloading={downloading} onDownload={() => void download()} />
      </Flex>
      <HStack gap="3" wrap="wrap" align="end">
        {report.filters.map((filter) => {
          const current = callParams(report, query);
          const value =
            filter.kind === 'location'
              ? current.branch_id
                ? `B${current.branch_id}`
                : current.warehouse_id
                  ? `W${current.warehouse_id}`
                  : ''
              : String(current[filter.name] ?? '');
          return (
            <FilterInput
              key={filter.name}
              filter={filter}
              value={value}
              places={places}
              onChange={(next) => change(filter.name, next)}
            />
          );
        })}
      </HStack>
      {answer.data?.figures_at ? (
        <Text color="fg.muted" role="status">
          Figures as of {formatTimestamp(answer.data.figures_at)}
        </Text>
      ) : null}
      <RequestErrorText request={answer} />
      {report.textsChosenRows ? (
        <RecallTexts contactIds={rows.filter((row) => chosen.has(chosenId(row))).map(chosenId)} />
      ) : null}
      {report.ordersChosenRows ? (
        <ReorderPurchaseOrder
          location={orderedFor}
          chosen={rows
            .filter((row) => chosen.has(Number(row.item_id)))
            .map((row) => ({
              item_id: Number(row.item_id),
              code: String(row.code ?? ''),
              name: String(row.name ?? ''),
              suggested_quantity: Number(row.suggested_quantity),
            }))}
        />
      ) : null}
      {chart && rows.length > 0 ? (
        <Box h="56" data-no-print="">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={rows.map((row) => ({
                label: String(row[chart.labelField]),
                value: Number(row[chart.valueField] ?? 0),
              }))}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" fontSize={11} interval={0} angle={-30} textAnchor="end" height={70} />
              <YAxis fontSize={12} tickFormatter={(value: number) => formatMoneyCompact(value)} width={70} />
              <Tooltip formatter={(value) => formatMoney(Number(value))} />
              <Bar dataKey="value" name={chart.valueLabel} fill="#0d9488" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      ) : null}
      <TableScrollArea label={report.label}>
        <Table.Root size="sm" aria-label={report.label}>
          <Table.Header>
            <Table.Row>
              {choosing ? <Table.ColumnHeader w="8" data-no-print="" /> : null}
              {report.columns.map((column) => (
                <Table.ColumnHeader key={column.field} textAlign={numeric(column) ? 'end' : 'start'}>
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={String(row.key ?? row.item_id ?? row.contact_id ?? index)}>
                {choosing ? (
                  <Table.Cell data-no-print="">
                    <Checkbox.Root checked={chosen.has(chosenId(row))} onCheckedChange={() => toggle(chosenId(row))}>
                      <Checkbox.HiddenInput
                        aria-label={`${report.textsChosenRows ? 'Text' : 'Order'} ${String(row.name ?? chosenId(row))}`}
                      />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                ) : null}
                {report.columns.map((column) => (
                  <Table.Cell
                    key={column.field}
                    textAlign={numeric(column) ? 'end' : 'start'}
                    whiteSpace={numeric(column) ? 'nowrap' : 'normal'}
                  >
                    {cell(column, row[column.field])}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            {rows.length === 0 && answer.isSuccess ? (
              <Table.Row>
                <Table.Cell colSpan={report.columns.length + (choosing ? 1 : 0)}>
                  Nothing to show for these filters.
                </Table.Cell>
              </Table.Row>
            ) : null}
            {rows.length > 0 ? (
              // The totals are the body's last row, not a <tfoot>, which a browser repeats at the foot of every
              // printed page as if it were that page's total.
              <Table.Row fontWeight="semibold" data-totals="">
                {choosing ? <Table.Cell data-no-print="" /> : null}
                {report.columns.map((column, index) => (
                  <Table.Cell key={column.field} textAlign={numeric(column) ? 'end' : 'start'} whiteSpace="nowrap">
                    {index === 0
                      ? 'Total'
                      : column.total || column.kind === 'percent'
                        ? cell(column, totals[column.field])
                        : ''}
                  </Table.Cell>
                ))}
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
    </Stack>
  );
}
