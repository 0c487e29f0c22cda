import { Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getListBranchesQueryKey, listBranches } from '../../../generated/hooks/branches/branches.ts';
import { getDailySales, getGetDailySalesQueryKey } from '../../../generated/hooks/reports/reports.ts';
import type { DailySalesRow } from '../../../generated/model/index.ts';
import { isAllowed } from '../../auth/gate.ts';
import { usePermissions } from '../../auth/use-permissions.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { paymentMethodLabels } from '../../format/payment-method.ts';
import { printPageCss } from '../../screens/print/print-page.ts';
import { useCsvDownload } from '../../screens/shared/csv-download.ts';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { choicesOf, LabelledChoice } from '../../ui/choice-select.tsx';
import { TableScrollArea } from '../../ui/table-scroll-area.tsx';
import { DateRangeHeading, DateRangeInputs, useDateRangeQuery } from './date-range.tsx';
import { ReportActions } from './report-actions.tsx';

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
  { field: 'collections_store_credit', label: 'Paid by Store Credit' },
  { field: 'deposits_received', label: 'Deposits Received' },
  { field: 'deposits_applied', label: 'Deposits Applied' },
  { field: 'deposits_refunded', label: 'Deposits Refunded' },
  { field: 'deposits_forfeited', label: 'Deposits Forfeited' },
];

// The documents counted per day, each with the range of numbers it ran through.
const countColumns: readonly {
  field: 'invoices_issued' | 'invoices_voided' | 'credit_memos_issued';
  label: string;
  from: 'issued_from' | 'voided_from' | 'credit_memos_from';
  to: 'issued_to' | 'voided_to' | 'credit_memos_to';
}[] = [
  { field: 'invoices_issued', label: 'Invoices Issued', from: 'issued_from', to: 'issued_to' },
  { field: 'invoices_voided', label: 'Voided', from: 'voided_from', to: 'voided_to' },
  { field: 'credit_memos_issued', label: 'Credit Memos', from: 'credit_memos_from', to: 'credit_memos_to' },
];

// A money column's sum in centavos, so that pesos add up exactly.
const sumOf = (rows: readonly DailySalesRow[], field: keyof DailySalesRow) =>
  rows.reduce((sum, row) => sum + Math.round(Number(row[field]) * 100), 0) / 100;

const range = (from: string | null, to: string | null) => (from ? (from === to ? from : `${from} – ${to}`) : '');

// On paper only the report shows, on A4 landscape: the table leaves its scroll area, its headings wrap, a number
// range breaks at any character and the type shrinks, so that every column and figure fits the page's width.
const printCss = printPageCss({
  sheet: '[data-report]',
  size: 'A4 landscape',
  margin: '8mm',
  rules: `[data-report] { font-size: 5pt; line-height: 1.25; }
  [data-report] .chakra-table__scrollArea { overflow: visible !important; border: none; }
  [data-report] table { width: 100%; table-layout: auto; font-size: 5pt; }
  [data-report] th, [data-report] td { padding: 1px 1px !important; line-height: 1.2; font-size: 5pt !important; }
  [data-report] th, [data-report] td { white-space: normal !important; }
  [data-report] td p { overflow-wrap: anywhere; font-size: 4.5pt; line-height: 1.2; }`,
});

// /reports/daily-sales: per branch and day, the invoices issued and voided, the sales figures and the
// collections by payment method, for a date range; printable and downloadable as CSV.
export function DailySalesScreen() {
  const held = usePermissions();
  const { query, range: days, change } = useDateRangeQuery();
  const params = {
    ...days,
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
  const { downloading, download: downloadCsv } = useCsvDownload();
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
  const download = () =>
    downloadCsv({
      path: '/api/reports/daily-sales',
      params,
      filename: `daily-sales-${params.date_from}-${params.date_to}.csv`,
      failure: 'The report could not be downloaded.',
    });
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
        <DateRangeHeading title="Daily Sales" range={days} />
        <ReportActions downloading={downloading} onDownload={() => void download()} />
      </Flex>
      <HStack gap="3" wrap="wrap" align="end" data-no-print="">
        <LabelledChoice
          label="Branch"
          room={{ w: 'auto' }}
          id="branch_id"
          choices={choicesOf(branches.data?.data ?? [])}
          empty="Every branch"
          value={query.get('branch_id') ?? ''}
          onChange={(event) => change('branch_id', event.target.value)}
        />
        <DateRangeInputs range={days} onChange={change} />
      </HStack>
      <RequestErrorText request={report} />
      <TableScrollArea label="Daily sales">
        <Table.Root size="sm" aria-label="Daily sales">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Branch</Table.ColumnHeader>
              {countColumns.map((column) => (
                <Table.ColumnHeader key={column.field}>{column.label}</Table.ColumnHeader>
              ))}
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
                {countColumns.map((column) => (
                  <Table.Cell key={column.field}>
                    {row[column.field]}
                    <Text textStyle="xs" color="fg.muted">
                      {range(row[column.from], row[column.to])}
                    </Text>
                  </Table.Cell>
                ))}
                {moneyColumns.map((column) => (
                  <Table.Cell key={column.field} textAlign="end" whiteSpace="nowrap">
                    {formatMoney(Number(row[column.field]), 'cents')}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            {rows.length === 0 && report.isSuccess ? (
              <Table.Row>
                <Table.Cell colSpan={2 + countColumns.length + moneyColumns.length}>No sales in these days.</Table.Cell>
              </Table.Row>
            ) : null}
            {/* The sums close the body, not a <tfoot>, which a browser repeats on every printed page. */}
            {rows.length > 1
              ? sums.map((sum) => (
                  <Table.Row key={sum.key} fontWeight="semibold" data-totals="">
                    <Table.Cell colSpan={2}>{sum.label}</Table.Cell>
                    {countColumns.map((column) => (
                      <Table.Cell key={column.field}>
                        {sum.rows.reduce((count, row) => count + row[column.field], 0)}
                      </Table.Cell>
                    ))}
                    {moneyColumns.map((column) => (
                      <Table.Cell key={column.field} textAlign="end" whiteSpace="nowrap">
                        {formatMoney(sumOf(sum.rows, column.field), 'cents')}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : null}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
    </Stack>
  );
}
