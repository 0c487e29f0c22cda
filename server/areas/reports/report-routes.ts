import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { GetDailySalesQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { wantsCsv } from '../../engine/csv-export.ts';
import type { EngineOptions } from '../../engine/routes.ts';
import { formulaCell } from '../../http/csv-text.ts';
import { unprocessable } from '../../http/errors.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { dailySales, dailySalesColumns } from './daily-sales.ts';

const longestSpanDays = 366;

// A cell that a spreadsheet would run as a formula is sent with a leading quote, as list exports do.
const csvOptions = { newline: '\r\n', escapeFormulae: formulaCell };

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
      const rows = await dailySales(options.db, request.businessId ?? 0, {
        branchId: query.branch_id ?? null,
        dateFrom,
        dateTo,
      });
      if (!wantsCsv(request.headers.accept)) return rows;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-sales-${dateFrom}-${dateTo}.csv"`)
        .send(`${Papa.unparse({ fields: [...dailySalesColumns], data: rows.map(Object.values) }, csvOptions)}\r\n`);
    },
  );
}
