import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { decodeCsv } from '../http/csv-text.ts';
import { type FieldErrors, unprocessable } from '../http/errors.ts';
import { parseCsv } from './engine/csv-import.ts';
import { type EngineOptions, resourceContext } from './engine/routes.ts';
import { imports } from './imports.ts';

// Thrown out of a dry run's transaction so that everything it wrote is rolled back.
class DryRunDone extends Error {
  constructor(readonly created: number) {
    super('dry run');
  }
}

// An import file may be large (10,000 items), beyond Fastify's default body limit for JSON.
const importBodyLimit = 32 * 1024 * 1024;

// `POST /api/{prefix}/import` (a CSV body) and `GET /api/{prefix}/import/template` for every import of
// server/resources/imports.ts: every row checked, then all written in one transaction or none.
export function registerImportRoutes(app: FastifyInstance, options: EngineOptions): void {
  // Read as bytes: the file may be UTF-8 or Windows-1252, and only the bytes tell which.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: importBodyLimit }, (_request, body, done) =>
    done(null, typeof body === 'string' ? body : decodeCsv(body)),
  );
  for (const definition of imports) {
    const base = `/api/${definition.prefix}/import`;
    app.post(
      base,
      { config: { access: { kind: 'business', permissions: [definition.permission] } }, bodyLimit: importBodyLimit },
      async (request, reply) => {
        if (typeof request.body !== 'string') {
          throw unprocessable({ file: ['Send the file as the body, with Content-Type: text/csv.'] });
        }
        const dryRun = (request.query as { dry_run?: string }).dry_run === '1';
        const { columns, rows } = parseCsv(request.body);
        definition.header(columns);
        const ctx = resourceContext(request, options);
        try {
          const created = await ctx.db.transaction().execute(async (trx) => {
            const errors: FieldErrors = {};
            const written = await definition.write({ ...ctx, db: trx }, rows, errors);
            const refused = Object.keys(errors).length;
            if (refused > 0) {
              throw unprocessable(
                errors,
                `${refused} ${refused === 1 ? 'cell needs' : 'cells need'} correcting; nothing was imported.`,
              );
            }
            if (dryRun) throw new DryRunDone(written);
            return written;
          });
          return reply.status(201).send({ rows: rows.length, created, dry_run: false });
        } catch (error) {
          if (error instanceof DryRunDone) return { rows: rows.length, created: 0, dry_run: true };
          throw error;
        }
      },
    );
    app.get(`${base}/template`, { config: { access: { kind: 'user' } } }, async (_request, reply) => {
      const { columns, example } = definition.template;
      const csv = Papa.unparse([columns as string[], columns.map((column) => example[column] ?? '')], {
        newline: '\r\n',
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${definition.prefix}-import-template.csv"`)
        .send(`${csv}\r\n`);
    });
  }
}
