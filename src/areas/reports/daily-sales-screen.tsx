import { Button, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuDownload, LuPrinter } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { getListBranchesQueryKey, listBranches } from '../../../generated/hooks/branches/branches.ts';
import { getDailySales, getGetDailySalesQueryKey } from '../../../generated/hooks/reports/reports.ts';
import type { DailySalesRow } from '../../../generated/model/index.ts';
import { axiosInstance } from '../../api/http-client.ts';
import { isAllowed } from '../../auth/gate.ts';
import { usePermissions } from '../../auth/use-permissions.ts';
import { businessDayIso, formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { paymentMethodLabels } from '../../format/payment-method.ts';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { toaster } from '../../ui/toaster.tsx';

type MoneyColumn = { field: keyof DailySalesRow; label: string };

// The figures of docs/domain/reports.md (Daily sales report), in the order a closing cashier reads them.
const moneyColumns: readonly MoneyColumn[] = [
  { field: 'gross_sales', label: 'Gross Sales' },
  { field: 'regular_discounts', label: 'Regular Discounts' },
  { field: 'vat_exemption', label: 'VAT Exemption (SC/PWD)' },
  { field: 'special_discounts', label: 'SC/PWD Discounts' },
  { field: 'vatable_sales', label: 'VATable Sales' },
  { field: 'vat_amount', label: 'VAT' },
  { field: 'vat_exempt_sales', label: 'VAT-Exempt Sales' },
  { field: 'zero_rated_sales', label: 'Zero-Rated Sales' },
  { field: 'returns_total', label: 'Returns' },
  { field: 'returns_vat_amount', label: 'VAT on Returns' },
  { field: 'refunds_total', label: 'Refunds' },
  { field: 'net_sales', label: 'Net Sales' },
  { field: 'collections_cash', label: paymentMethodLabels.cash },
  { field: 'collections_card', label: paymentMethodLabels.card },
  { field: 'collections_e_wallet', label: paymentMethodLabels.e_wallet },
  { field: 'collections_bank_transfer', label: paymentMethodLabels.bank_transfer },
  { field: 'collections_check', label: paymentMethodLabels.check },
  { field: 'collections_total', label: 'Total Collected' },
];

// A money column's sum in centavos, so that pesos add up exactly.
const sumOf = (rows: readonly DailySalesRow[], field: keyof DailySalesRow) =>
  rows.reduce((sum, row) => sum + Math.round(Number(row[field]) * 100), 0) / 100;

const range = (from: string | null, to: string | null) => (from ? (from === to ? from : `${from} – ${to}`) : '');

// On paper only the report shows, on A4 landscape: the table leaves its scroll area, its headings wrap, a number
// range breaks at any character and the type shrinks, so that every column and figure fits the page's width.
const printCss = `
@media print {
  body * { visibility: hidden; }
  [data-report], [data-report] * { visibility: visible; }
  [data-report] { position: absolute; top: 0; left: 0; width: 100%; font-size: 6.5pt; }
  [data-report] [data-no-print] { display: none; }
  [data-report] .chakra-table__scrollArea { overflow: visible !important; border: none; }
  [data-report] table { width: 100%; table-layout: auto; font-size: 6.5pt; }
  [data-report] th, [data-report] td { padding: 2px 3px !important; }
  [data-report] th, [data-report] td { white-space: normal !important; }
  [data-report] td p { overflow-wrap: anywhere; font-size: 6pt; }
  @page { size: A4 landscape; margin: 8mm; }
}`;

// /reports/daily-sales: per branch and day, the invoices issued and voided, the sales figures and the
// collections by payment method, for a date range; printable and downloadable as CSV.
export function DailySalesScreen() {
  const held = usePermissions();
  const [query, setQuery] = useSearchParams();
  const today = businessDayIso();
  const params = {
    date_from: query.get('date_from') ?? today,
    date_to: query.get('date_to') ?? query.get('date_from') ?? today,
    ...(query.get('branch_id') ? { branch_id: Number(query.get('branch_id')) } : {}),
  };
  const allowed =
    held !== null && isAllowed(held, { prefix: 'daily-sales', action: 'view', override: ['view-daily-sales'] });
  const report = useQuery({
    queryKey: getGetDailySalesQueryKey(params),
    queryFn: ({ signal }) => getDailySales(params, undefined, signal),
    enabled: allowed,
  });
  const branches = useQuery({
    queryKey: getListBranchesQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listBranches({ per_page: 100 }, undefined, signal),
    enabled: allowed,
  });
  const [downloading, setDownloading] = useState(false);
  if (held === null) return null;
  if (!allowed) {
    return (
      <Refusal
        kind="forbidden"
        sentence="You may not view the daily sales report."
        back={{ to: '/overview', label: 'Back to Overview' }}
      />
    );
  }
  const change = (key: string, value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(key, value);
    else next.delete(key);
    setQuery(next, { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      const answer = await axiosInstance.get<Blob>('/api/reports/daily-sales', {
        params,
        headers: { Accept: 'text/csv' },
        responseType: 'blob',
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(answer.data);
      link.download = `daily-sales-${params.date_from}-${params.date_to}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toaster.create({ type: 'error', title: 'The report could not be downloaded.', description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };
  const rows = report.data ?? [];
  // One subtotal per branch when the days cover more than one, then the grand total.
  const branchIds = [...new Set(rows.map((row) => row.branch_id))];
  const sums: { key: string; label: string; rows: DailySalesRow[] }[] = [
    ...(branchIds.length > 1
      ? branchIds.map((branchId) => {
          const own = rows.filter((row) => row.branch_id === branchId);
          return { key: `branch-${branchId}`, label: `Subtotal ${own[0]?.branch_name ?? ''}`, rows: own };
        })
      : []),
    { key: 'total', label: 'Total', rows },
  ];
  return (
    <Stack gap="4" data-report="">
      <style>{printCss}</style>
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Stack gap="0">
          <Heading size="xl">Daily Sales</Heading>
          <Text color="fg.muted">
            {formatDate(params.date_from)}
            {params.date_to !== params.date_from ? ` to ${formatDate(params.date_to)}` : ''}
          </Text>
        </Stack>
        <HStack gap="3" data-no-print="">
          <Button variant="outline" onClick={() => window.print()}>
            <LuPrinter /> Print
          </Button>
          <Button variant="outline" loading={downloading} onClick={() => void download()}>
            <LuDownload /> Download CSV
          </Button>
        </HStack>
      </Flex>
      <HStack gap="3" wrap="wrap" align="end" data-no-print="">
        <Field.Root w="auto">
          <Field.Label htmlFor="branch_id">Branch</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="branch_id"
              value={query.get('branch_id') ?? ''}
              onChange={(event) => change('branch_id', event.target.value)}
            >
              <option value="">Every branch</option>
              {(branches.data?.data ?? []).map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label htmlFor="date_from">Date from</Field.Label>
          <Input
            id="date_from"
            type="date"
            value={params.date_from}
            onChange={(event) => change('date_from', event.target.value)}
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label htmlFor="date_to">Date to</Field.Label>
          <Input
            id="date_to"
            type="date"
            value={params.date_to}
            onChange={(event) => change('date_to', event.target.value)}
          />
        </Field.Root>
      </HStack>
      {report.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(report.error)}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Daily sales">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Branch</Table.ColumnHeader>
              <Table.ColumnHeader>Invoices Issued</Table.ColumnHeader>
              <Table.ColumnHeader>Voided</Table.ColumnHeader>
              <Table.ColumnHeader>Credit Memos</Table.ColumnHeader>
              {moneyColumns.map((column) => (
                <Table.ColumnHeader key={column.field} textAlign="end">
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={`${row.branch_id}-${row.date}`}>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.date)}</Table.Cell>
                <Table.Cell>{row.branch_name}</Table.Cell>
                <Table.Cell>
                  {row.invoices_issued}
                  <Text textStyle="xs" color="fg.muted">
                    {range(row.issued_from, row.issued_to)}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {row.invoices_voided}
                  <Text textStyle="xs" color="fg.muted">
                    {range(row.voided_from, row.voided_to)}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {row.credit_memos_issued}
                  <Text textStyle="xs" color="fg.muted">
                    {range(row.credit_memos_from, row.credit_memos_to)}
                  </Text>
                </Table.Cell>
                {moneyColumns.map((column) => (
                  <Table.Cell key={column.field} textAlign="end" whiteSpace="nowrap">
                    {formatMoney(Number(row[column.field]))}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            {rows.length === 0 && report.isSuccess ? (
              <Table.Row>
                <Table.Cell colSpan={5 + moneyColumns.length}>No sales in these days.</Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
          {rows.length > 1 ? (
            <Table.Footer>
              {sums.map((sum) => (
                <Table.Row key={sum.key} fontWeight="semibold">
                  <Table.Cell colSpan={2}>{sum.label}</Table.Cell>
                  <Table.Cell>{sum.rows.reduce((count, row) => count + row.invoices_issued, 0)}</Table.Cell>
                  <Table.Cell>{sum.rows.reduce((count, row) => count + row.invoices_voided, 0)}</Table.Cell>
                  <Table.Cell>{sum.rows.reduce((count, row) => count + row.credit_memos_issued, 0)}</Table.Cell>
                  {moneyColumns.map((column) => (
                    <Table.Cell key={column.field} textAlign="end" whiteSpace="nowrap">
                      {formatMoney(sumOf(sum.rows, column.field))}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Footer>
          ) : null}
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
