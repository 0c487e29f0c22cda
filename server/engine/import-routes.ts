import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { sqliteFileOf } from '../db/connect.ts';
import { writeGateOf } from '../db/write-gate.ts';
import { type FieldErrors, Refusal, type RefusalKind, unprocessable } from '../domain/refusal.ts';
import { decodeCsv } from '../http/csv-text.ts';
import { type ImportDefinition, type ImportRow, parseCsv } from './csv-import.ts';
import { imports } from './imports.ts';
import type { ResourceContext } from './resource.ts';
import { type EngineOptions, resourceContext } from './routes.ts';

// Thrown out of a dry run's transaction so that everything it wrote is rolled back.
class DryRunDone extends Error {
  constructor(readonly created: number) {
    super('dry run');
  }
}

// An import file may be large (10,000 items), beyond Fastify's default body limit for JSON.
const importBodyLimit = 32 * 1024 * 1024;

// On SQLite an import's writes run synchronously, about 0.7 ms a row: from this many rows on they go to a worker
// thread (server/engine/import-worker.ts), so that no other request waits behind them; a smaller file is done sooner
// than a worker starts.
export const offThreadImportRows = 100;

// Checks and writes every row in one transaction: all of them, or none and a 422 naming every bad cell. A dry run
// rolls back what it wrote and answers 0.
export async function writeImport(
  definition: ImportDefinition,
  ctx: ResourceContext,
  rows: readonly ImportRow[],
  dryRun: boolean,
): Promise<number> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
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
  } catch (error) {
    if (error instanceof DryRunDone) return 0;
    throw error;
  }
}

// What the worker is given: everything of the request's context but its connection, which it opens itself.
export type ImportJob = {
  file: string;
  prefix: string;
  rows: readonly ImportRow[];
  dryRun: boolean;
  ctx: Omit<ResourceContext, 'db'>;
};

export type ImportOutcome =
  | { kind: 'written'; created: number }
  | { kind: 'refused'; refusal: RefusalKind; message: string; errors: FieldErrors | null }
  | { kind: 'failed'; message: string; code: string | null };

type Waiting = { resolve: (created: number) => void; reject: (error: unknown) => void };

// One worker per process, started by the first large import and kept (unreferenced, so that it never holds the
// process open) for the next; one that fails is dropped with the jobs it had, and the next import starts another.
let importWorker: { worker: Worker; waiting: Map<number, Waiting> } | null = null;
let nextJob = 0;

function startImportWorker(): NonNullable<typeof importWorker> {
  // The worker runs the project's TypeScript as the server does, through tsx.
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { execArgv: ['--import', tsxLoader] });
  worker.unref();
  const waiting = new Map<number, Waiting>();
  const started = { worker, waiting };
  const fail = (error: unknown) => {
    if (importWorker === started) importWorker = null;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, outcome }: { id: number; outcome: ImportOutcome }) => {
    const job = waiting.get(id);
    waiting.delete(id);
    if (!job) return;
    if (outcome.kind === 'written') return job.resolve(outcome.created);
    if (outcome.kind === 'refused') {
      return job.reject(new Refusal(outcome.refusal, outcome.message, outcome.errors ?? undefined));
    }
    // A database failure keeps its code, so that a locked or read-only file still answers 503.
    job.reject(Object.assign(new Error(outcome.message), outcome.code === null ? {} : { code: outcome.code }));
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The import worker stopped without an answer.')));
  return started;
}

function importInWorker(job: ImportJob): Promise<number> {
  importWorker ??= startImportWorker();
  const { worker, waiting } = importWorker;
  const id = ++nextJob;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, job });
  });
}

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
        const file = sqliteFileOf(options.db);
        const created =
          file !== null && rows.length >= offThreadImportRows
            ? await writeGateOf(options.db).hold(() => {
                const { db: _connection, ...context } = ctx;
                return importInWorker({ file, prefix: definition.prefix, rows, dryRun, ctx: context });
              })
            : await writeImport(definition, ctx, rows, dryRun);
        if (dryRun) return { rows: rows.length, created: 0, dry_run: true };
        return reply.status(201).send({ rows: rows.length, created, dry_run: false });
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
