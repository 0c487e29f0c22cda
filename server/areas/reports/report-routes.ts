import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { GetDailySalesQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unprocessable } from '../../domain/refusal.ts';
import { wantsCsv } from '../../engine/csv-export.ts';
import { type EngineOptions, resourceContext } from '../../engine/routes.ts';
import { boundLocation } from '../../engine/work-location.ts';
import { formulaCell } from '../../http/csv-text.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { dailySales, dailySalesColumns, depositFigureColumns, invoiceFigureColumns } from './daily-sales.ts';

const longestSpanDays = 366;

// A cell that a spreadsheet would run as a formula is sent with a leading quote, as list exports do.
const csvOptions = { newline: '\r\n', escapeFormulae: formulaCell };

// The CSV reads like the screen: its columns in the screen's order (the payment methods as the screen lists them),
// the branch by name, money with two decimals, and a totals row.
const csvColumns = [
  'date',
  'branch',
  ...invoiceFigureColumns,
  'net_sales',
  'collections_cash',
  'collections_card',
  'collections_e_wallet',
  'collections_bank_transfer',
  'collections_check',
  'collections_total',
  'collections_store_credit',
  ...depositFigureColumns,
] as const;

type DailySalesRow = Awaited<ReturnType<typeof dailySales>>[number];

function dailySalesCsv(rows: readonly DailySalesRow[]) {
  const money = csvColumns.filter(
    (column) => column.startsWith('collections_') || column.startsWith('deposits_') || dailySalesMoney.has(column),
  );
  const cell = (row: Record<string, unknown>, column: (typeof csvColumns)[number]) => {
    const value = column === 'branch' ? row.branch_name : row[column];
    return typeof value === 'number' && money.includes(column) ? value.toFixed(2) : (value ?? '');
  };
  const sum = (column: string) =>
    rows.reduce((total, row) => total + Math.round(Number(row[column as keyof DailySalesRow]) * 100), 0);
  const totals: Record<string, unknown> = {
    date: 'Total',
    invoices_issued: rows.reduce((total, row) => total + row.invoices_issued, 0),
    invoices_voided: rows.reduce((total, row) => total + row.invoices_voided, 0),
    ...Object.fromEntries(money.map((column) => [column, sum(column) / 100])),
  };
  const data = [...rows, ...(rows.length > 0 ? [totals] : [])].map((row) =>
    csvColumns.map((column) => cell(row as Record<string, unknown>, column)),
  );
  return { fields: [...csvColumns], data };
}

const dailySalesMoney = new Set<string>(
  dailySalesColumns.filter(
    (column) =>
      !['branch_id', 'branch_name', 'date', 'invoices_issued', 'issued_from', 'issued_to'].includes(column) &&
      !['invoices_voided', 'voided_from', 'voided_to'].includes(column),
  ),
);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

// The reports: the daily sales report of docs/domain/reports.md, as JSON rows or, with `Accept: text/csv`, as CSV.
export function registerReportRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.get(
    '/api/reports/daily-sales',
    { config: { access: { kind: 'business' as const, permissions: ['view-daily-sales'] } } },
    async (request, reply) => {
      const query = parseInput(GetDailySalesQueryParams, queryNumbers(request.query));
      const dateFrom = query.date_from ?? businessDate(options.now());
      const dateTo = query.date_to ?? dateFrom;
      if (dateTo < dateFrom) throw unprocessable({ date_to: ['The date to must be on or after the date from.'] });
      if (daysBetween(dateFrom, dateTo) >= longestSpanDays) {
        throw unprocessable({ date_to: [`The report covers at most ${longestSpanDays} days.`] });
      }
      // A user tied to a location reads that branch's sales only (a warehouse has none).
      const home = boundLocation(resourceContext(request, options));
      if (home !== null && query.branch_id != null && query.branch_id !== home.branch_id) {
        throw unprocessable({ branch_id: ['You may only see the sales of your own branch.'] });
      }
      const rows = await dailySales(options.db, request.businessId ?? 0, {
        branchId: home === null ? (query.branch_id ?? null) : (home.branch_id ?? 0),
        dateFrom,
        dateTo,
      });
      if (!wantsCsv(request.headers.accept)) return rows;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-sales-${dateFrom}-${dateTo}.csv"`)
        .send(`${Papa.unparse(dailySalesCsv(rows), csvOptions)}\r\n`);
    },
  );
}
