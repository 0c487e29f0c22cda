import type { FastifyInstance, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import type { z } from 'zod';
import {
  GetPayablesAgingReportQueryParams,
  GetRecallsReportQueryParams,
  GetReceivablesAgingReportQueryParams,
  GetReorderReportQueryParams,
  GetSalesReportQueryParams,
  GetSlowMoversReportQueryParams,
  GetStockValuationReportQueryParams,
} from '../../../generated/zod/reports/reports.zod.ts';
import { holdsAny, type Identity, viewCostsPermission } from '../../auth/identity.ts';
import type { ownerReportNames } from '../../auth/permission-catalogue.ts';
import { businessDate } from '../../domain/business-date.ts';
import { fieldError } from '../../domain/refusal.ts';
import { wantsCsv } from '../../engine/csv-export.ts';
import type { EngineOptions } from '../../engine/routes.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { aging } from './aging.ts';
import { recalls } from './recalls.ts';
import { reorder } from './reorder.ts';
import { daysBetween, reportLocation } from './report-scope.ts';
import { salesReport } from './sales-report.ts';
import { slowMovers } from './slow-movers.ts';
import { stockValuation } from './stock-valuation.ts';

type Report = { rows: Record<string, unknown>[]; totals: Record<string, unknown> };
type Asked = { db: EngineOptions['db']; businessId: number; identity: Identity; today: string };

type OwnerReport<S extends z.ZodType> = {
  name: (typeof ownerReportNames)[number];
  query: S;
  run: (asked: Asked, query: z.output<S>) => Promise<Report>;
};

const longestSpanDays = 366;

function notAfterToday(field: string, day: string | undefined, today: string): string {
  if (day !== undefined && day > today) throw fieldError(field, 'The date cannot be after today.');
  return day ?? today;
}

const report = <S extends z.ZodType>(definition: OwnerReport<S>) => definition;

// The owner's reports (docs/domain/reports.md): each `GET /api/reports/{name}` behind `view-report-{name}`,
// answering `{rows, totals}` as JSON or, with `Accept: text/csv`, the rows and a totals row as CSV.
export const ownerReports = [
  report({
    name: 'stock-valuation',
    query: GetStockValuationReportQueryParams,
    run: ({ db, businessId, identity, today }, query) =>
      stockValuation(db, businessId, {
        asOf: notAfterToday('as_of', query.as_of, today),
        today,
        location: reportLocation(identity, query),
        groupBy: query.group_by ?? 'location',
      }),
  }),
  report({
    name: 'sales',
    query: GetSalesReportQueryParams,
    run: ({ db, businessId, identity, today }, query) => {
      const dateTo = query.date_to ?? today;
      const dateFrom = query.date_from ?? `${dateTo.slice(0, 8)}01`;
      if (dateTo < dateFrom) throw fieldError('date_to', 'The date to must be on or after the date from.');
      if (daysBetween(dateFrom, dateTo) >= longestSpanDays) {
        throw fieldError('date_to', `The report covers at most ${longestSpanDays} days.`);
      }
      return salesReport(db, businessId, {
        dateFrom,
        dateTo,
        location: reportLocation(identity, query),
        groupBy: query.group_by ?? 'branch',
        seesCosts: holdsAny(identity, [viewCostsPermission]),
      });
    },
  }),
  report({
    name: 'receivables-aging',
    query: GetReceivablesAgingReportQueryParams,
    run: ({ db, businessId, today }, query) =>
      aging(db, businessId, 'receivables', {
        asOf: notAfterToday('as_of', query.as_of, today),
        contactId: query.contact_id ?? null,
      }),
  }),
  report({
    name: 'payables-aging',
    query: GetPayablesAgingReportQueryParams,
    run: ({ db, businessId, today }, query) =>
      aging(db, businessId, 'payables', {
        asOf: notAfterToday('as_of', query.as_of, today),
        contactId: query.contact_id ?? null,
      }),
  }),
  report({
    name: 'slow-movers',
    query: GetSlowMoversReportQueryParams,
    run: ({ db, businessId, identity, today }, query) =>
      slowMovers(db, businessId, { days: query.days ?? 90, today, location: reportLocation(identity, query) }),
  }),
  report({
    name: 'reorder',
    query: GetReorderReportQueryParams,
    run: ({ db, businessId, identity, today }, query) =>
      reorder(db, businessId, { today, location: reportLocation(identity, query) }),
  }),
  report({
    name: 'recalls',
    query: GetRecallsReportQueryParams,
    run: ({ db, businessId, today }, query) =>
      recalls(db, businessId, { withinDays: query.within_days ?? 30, today, branchId: query.branch_id ?? null }),
  }),
] as const;

// Nested lists (an aging row's documents) stay out of the CSV; the totals row closes it.
function reportCsv(result: Report): string {
  const first = result.rows[0] ?? Object.fromEntries(Object.keys(result.totals).map((key) => [key, null]));
  const columns = Object.keys(first).filter((key) => !Array.isArray(first[key]));
  const cells = (row: Record<string, unknown>) => columns.map((column) => row[column] ?? '');
  const totals = columns.map((column, index) => (index === 0 ? 'Total' : (result.totals[column] ?? '')));
  const data = [...result.rows.map(cells), totals];
  return `${Papa.unparse({ fields: columns, data }, { newline: '\r\n', escapeFormulae: /^[=@\t\r]/ })}\r\n`;
}

export function registerOwnerReportRoutes(app: FastifyInstance, options: EngineOptions): void {
  for (const definition of ownerReports) {
    app.get(
      `/api/reports/${definition.name}`,
      { config: { access: { kind: 'business' as const, permissions: [`view-report-${definition.name}`] } } },
      async (request: FastifyRequest, reply) => {
        const query = parseInput(definition.query, queryNumbers(request.query));
        const asked: Asked = {
          db: options.db,
          businessId: request.businessId ?? 0,
          identity: request.identity as Identity,
          today: businessDate(options.now()),
        };
        const result = await (definition.run as (asked: Asked, query: unknown) => Promise<Report>)(asked, query);
        if (!wantsCsv(request.headers.accept)) return result;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${definition.name}-${asked.today}.csv"`)
          .send(reportCsv(result));
      },
    );
  }
}
