import type { FastifyInstance, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import type { Identity } from '../../auth/identity.ts';
import { reportPermissionOf } from '../../auth/permission-catalogue.ts';
import { primaryReports } from '../../db/reports-source.ts';
import { businessDate } from '../../domain/business-date.ts';
import { wantsCsv } from '../../engine/csv-export.ts';
import type { EngineOptions } from '../../engine/routes.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import type { Asked, CsvColumn, Report } from './owner-report.ts';
import { ownerReports } from './owner-report-list.ts';

// Nested lists (an aging row's documents) stay out of the CSV; the totals row closes it.
function reportCsv(result: Report, headed?: readonly CsvColumn[]): string {
  if (headed !== undefined) return headedCsv(result, headed);
  const first = result.rows[0] ?? Object.fromEntries(Object.keys(result.totals).map((key) => [key, null]));
  const columns = Object.keys(first).filter((key) => !Array.isArray(first[key]));
  const cells = (row: Record<string, unknown>) => columns.map((column) => row[column] ?? '');
  const totals = columns.map((column, index) => (index === 0 ? 'Total' : (result.totals[column] ?? '')));
  const data = [...result.rows.map(cells), totals];
  return `${Papa.unparse({ fields: columns, data }, { newline: '\r\n', escapeFormulae: /^[=@\t\r]/ })}\r\n`;
}

function headedCsv(result: Report, columns: readonly CsvColumn[]): string {
  const cell = (column: CsvColumn, value: unknown) =>
    column.money && typeof value === 'number' ? value.toFixed(2) : (value ?? '');
  const cells = (row: Record<string, unknown>) => columns.map((column) => cell(column, row[column.field]));
  const totals = columns.map((column, index) =>
    index === 0 ? 'Total' : column.field in result.totals ? cell(column, result.totals[column.field]) : '',
  );
  const fields = columns.map((column) => column.header);
  const data = [...result.rows.map(cells), totals];
  return `${Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: /^[=@\t\r]/ })}\r\n`;
}

// The owner's reports (docs/domain/reports.md): each `GET /api/reports/{name}` behind `view-report-{name}`,
// answering `{rows, totals}` as JSON or, with `Accept: text/csv`, the rows and a totals row as CSV. Each report is
// declared beside its query (owner-report.ts); `npm run generate` lists them in owner-report-list.ts.
export function registerOwnerReportRoutes(app: FastifyInstance, options: EngineOptions): void {
  for (const definition of ownerReports) {
    app.get(
      `/api/reports/${definition.name}`,
      { config: { access: { kind: 'business' as const, permissions: [reportPermissionOf(definition.name)] } } },
      async (request: FastifyRequest, reply) => {
        const query = parseInput(definition.query, queryNumbers(request.query));
        const source = await (options.reports ?? primaryReports(options.db)).read();
        const asked: Asked = {
          db: source.db,
          businessId: request.businessId ?? 0,
          identity: request.identity as Identity,
          today: businessDate(options.now()),
        };
        const result = await (definition.run as (asked: Asked, query: unknown) => Promise<Report>)(asked, query);
        if (!wantsCsv(request.headers.accept)) {
          return source.figuresAt === null ? result : { ...result, figures_at: source.figuresAt };
        }
        if (source.figuresAt !== null) reply.header('x-figures-at', source.figuresAt);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${definition.name}-${asked.today}.csv"`)
          .send(reportCsv(result, definition.csv));
      },
    );
  }
}
