import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { primaryReports, type ReportsSource } from '../db/reports-source.ts';
import { notFound } from '../domain/refusal.ts';
import { unauthenticated } from '../http/errors.ts';
import { exportColumns } from './contract-fields.ts';
import { costsFor, readableRecord } from './costs.ts';
import { exportRecords, wantsCsv } from './csv-export.ts';
import { keepsHistory, recordHistory } from './history.ts';
import { replayedAnswer, requestHash } from './idempotency.ts';
import { listRecords, searchRecords } from './list.ts';
import { createRecord, forceDeleteRecord, restoreRecord, softDeleteRecord, updateRecord } from './mutations.ts';
import { readOne } from './read-one.ts';
import { type Action, type AnyResource, permissionFor, type ResourceContext } from './resource.ts';

export type EngineOptions = {
  db: Kysely<Database>;
  now: () => Date;
  passwordCost: ScryptCost;
  // Where CSV exports and the owner's reports read; the primary when absent.
  reports?: ReportsSource;
};

export function resourceContext(request: FastifyRequest, options: EngineOptions): ResourceContext {
  if (request.identity === null) throw unauthenticated();
  return {
    db: options.db,
    businessId: request.businessId,
    identity: request.identity,
    now: options.now().toISOString(),
    passwordCost: options.passwordCost,
  };
}

// The same, for reading one record, whose answer rarely depends on the time: the time is taken when first asked
// rather than on every read, where formatting it was a measurable part of the request (docs/PERFORMANCE.md).
function readContext(request: FastifyRequest, options: EngineOptions): ResourceContext {
  if (request.identity === null) throw unauthenticated();
  let now: string | undefined;
  return {
    db: options.db,
    businessId: request.businessId,
    identity: request.identity,
    get now() {
      now ??= options.now().toISOString();
      return now;
    },
    passwordCost: options.passwordCost,
  };
}

export function recordId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2147483647) throw notFound();
  return id;
}

// The routes of one resource (docs/domain/README.md, The API), each guarded by its {action}-{prefix} permission.
export function registerResource(app: FastifyInstance, resource: AnyResource, options: EngineOptions): void {
  const base = `/api/${resource.prefix}`;
  const actions = new Set<Action>(
    resource.actions ?? ['view', 'create', 'update', 'delete', 'restore', 'force-delete'],
  );
  const config = (action: Action) => ({
    access: {
      kind: resource.scope === 'business' ? ('business' as const) : ('user' as const),
      permissions: [permissionFor(resource, action)],
    },
  });
  const context = (request: FastifyRequest) => resourceContext(request, options);
  // Every answer carrying records passes here, so that a user without view-costs never reads a cost.
  const readable = (request: FastifyRequest) => costsFor(resourceContext(request, options), resource.costs).record;

  app.get(base, { config: config('view') }, async (request, reply) => {
    if (!wantsCsv(request.headers.accept)) {
      const page = await listRecords(resource, context(request), request.query, base);
      return { ...page, data: page.data.map(readable(request)) };
    }
    const source = await (options.reports ?? primaryReports(options.db)).read();
    const csv = await exportRecords(
      resource,
      { ...context(request), db: source.db },
      request.query,
      exportColumns(resource.prefix),
    );
    if (source.figuresAt !== null) reply.header('x-figures-at', source.figuresAt);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${resource.prefix}.csv"`)
      .send(csv);
  });
  app.get(`${base}/search`, { config: config('view') }, async (request) =>
    (await searchRecords(resource, context(request), request.query)).map(readable(request)),
  );
  // Not async: where the read answers at once (server/db/direct-read.ts), so does the route, with no promise.
  app.get(`${base}/:id`, { config: config('view') }, (request) => {
    const ctx = readContext(request, options);
    const read = readOne(resource, ctx, recordId(request));
    if (read instanceof Promise) return read.then((record) => readableRecord(ctx, resource.costs, record));
    return readableRecord(ctx, resource.costs, read);
  });
  if (keepsHistory(resource)) {
    app.get(`${base}/:id/history`, { config: config('view') }, async (request) => {
      const ctx = context(request);
      const { changes } = costsFor(ctx, resource.costs);
      const entries = await recordHistory(resource, ctx, recordId(request));
      return entries.map((entry) => ({ ...entry, changes: changes(entry.changes) }));
    });
  }
  if (actions.has('create')) {
    app.post(base, { config: config('create') }, async (request, reply) => {
      const ctx = context(request);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0) {
        return reply.status(201).send(readable(request)(await createRecord(resource, ctx, request.body)));
      }
      const hash = requestHash(request.method, request.url, request.body);
      try {
        const answer = await createRecord(resource, ctx, request.body, { key, hash });
        return reply.status(answer.statusCode).send(readable(request)(answer.body));
      } catch (error) {
        // A concurrent submit with the same key won the race and committed first: answer what it answered.
        const winner = await replayedAnswer(ctx, key, hash);
        if (winner) return reply.status(winner.statusCode).send(readable(request)(winner.body));
        throw error;
      }
    });
  }
  if (actions.has('update')) {
    app.patch(`${base}/:id`, { config: config('update') }, async (request) =>
      readable(request)(await updateRecord(resource, context(request), recordId(request), request.body)),
    );
  }
  if (actions.has('delete')) {
    app.delete(`${base}/:id`, { config: config('delete') }, async (request) =>
      readable(request)(await softDeleteRecord(resource, context(request), recordId(request))),
    );
  }
  if (actions.has('restore')) {
    app.patch(`${base}/:id/restore`, { config: config('restore') }, async (request) =>
      readable(request)(await restoreRecord(resource, context(request), recordId(request))),
    );
  }
  if (actions.has('force-delete')) {
    app.delete(`${base}/:id/force-delete`, { config: config('force-delete') }, async (request, reply) => {
      await forceDeleteRecord(resource, context(request), recordId(request));
      return reply.status(204).send();
    });
  }
}
