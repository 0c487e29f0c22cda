import { retryTransaction } from '../db/transaction-retry.ts';
import { unknownChoice } from '../domain/input-messages.ts';
import { conflict, type FieldErrors, unprocessable } from '../domain/refusal.ts';
import { parseInput } from '../http/validation.ts';
import { checkOpenDay } from './closed-day.ts';
import { checkDocumentDate } from './document-date.ts';
import { dynamic } from './dynamic.ts';
import { createdEntry, forgetHistory, presentedRow, recordChange } from './history.ts';
import {
  answerRow,
  type IdempotentRequest,
  lookUpKeyAhead,
  replayingSubmits,
  type StoredAnswer,
  storeAnswer,
} from './idempotency.ts';
import { findRecord } from './query.ts';
import { readOne } from './read-one.ts';
import type {
  AnyResource,
  JournalRow,
  LastSteps,
  RecordTableName,
  ResourceContext,
  Row,
  TableName,
} from './resource.ts';
import { checkWorkPlace } from './work-location.ts';

// Each mutation runs in one transaction: the engine's checks, the definition's hook (or the default row
// operation) and the re-read of the answer commit together or not at all. The answer is read as a read of one
// record is, in one statement where the resource has one (engine/read-one.ts). A transaction that PostgreSQL aborts
// for a deadlock or a serialization failure runs again whole, rather than answering 500.
function inTransaction<T>(ctx: ResourceContext, work: (trx: ResourceContext) => Promise<T>): Promise<T> {
  return retryTransaction(() => ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx })));
}

// Keeps a paper's print in the e-journal, once and never changed (areas/cash/e-journal.ts).
async function keepInJournal(ctx: ResourceContext, row: JournalRow): Promise<void> {
  await ctx.db.insertInto('e_journal_entries').values(row).execute();
}

export async function insertRecord(
  ctx: ResourceContext,
  resource: { table: TableName; scope: 'business' | 'global' },
  columns: Record<string, unknown>,
): Promise<number> {
  const values = {
    ...columns,
    ...(resource.scope === 'business' ? { business_id: ctx.businessId } : {}),
    created_at: ctx.now,
    updated_at: ctx.now,
    created_by: ctx.identity.userId,
    updated_by: ctx.identity.userId,
  };
  const inserted = await dynamic(ctx.db)
    .insertInto(resource.table)
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateColumns(
  ctx: ResourceContext,
  table: TableName,
  id: number,
  columns: Record<string, unknown>,
): Promise<void> {
  await dynamic(ctx.db)
    .updateTable(table)
    .set({ ...columns, updated_at: ctx.now, updated_by: ctx.identity.userId })
    .where('id', '=', id)
    .execute();
}

// With an Idempotency-Key, the answer is stored in the same transaction, so that a retried submit finds it, and the
// key is looked up first in that transaction, sent ahead with its first statement on PostgreSQL: a submit seen
// before is answered as it was then, and whatever the transaction began is rolled back.
export function createRecord(resource: AnyResource, ctx: ResourceContext, body: unknown): Promise<unknown>;
export function createRecord(
  resource: AnyResource,
  ctx: ResourceContext,
  body: unknown,
  idempotent: IdempotentRequest,
): Promise<StoredAnswer>;
export function createRecord(
  resource: AnyResource,
  ctx: ResourceContext,
  body: unknown,
  idempotent?: IdempotentRequest,
): Promise<unknown> {
  const input = parseCreate(resource, body);
  const create = () =>
    inTransaction(ctx, async (within) => {
      if (idempotent) await lookUpKeyAhead(within, idempotent);
      const lastSteps: LastSteps = [];
      const trx = { ...within, lastSteps };
      const id = await createParsed(resource, trx, input);
      const record = await readOne(resource, trx, id);
      const journal = resource.journal?.bind(resource);
      const answer = (created: unknown) => ({ statusCode: 201, body: created });
      let taken = { history: false, answer: false, journal: false };
      if (lastSteps.length > 0) {
        const stored = idempotent ? { row: answerRow(trx, idempotent, answer(record)), taken: false } : null;
        const entry = createdEntry(resource, trx, id, record, stored);
        // The print's reads go before the steps, so that a step settling the number writes it with the number
        // (sales/invoices-posting.ts): nothing more waits behind the counter's lock.
        if (journal)
          entry.journal = { row: await journal(trx, record as Record<string, unknown>, 'posted'), taken: false };
        for (const [index, step] of lastSteps.entries()) {
          entry.last = index === lastSteps.length - 1;
          Object.assign(record as Record<string, unknown>, await step(entry));
        }
        taken = { history: entry.taken, answer: entry.answer?.taken ?? false, journal: entry.journal?.taken ?? false };
      }
      // Made from the record once the steps settled its number.
      if (journal && !taken.journal)
        await keepInJournal(trx, await journal(trx, record as Record<string, unknown>, 'posted'));
      if (!taken.history) await recordChange(resource, trx, id, 'created', null, record);
      if (!idempotent) return record;
      if (!taken.answer) await storeAnswer(trx, idempotent, answer(record));
      return answer(record);
    });
  return idempotent ? replayingSubmits(ctx, create) : create();
}

function parseCreate(resource: AnyResource, body: unknown): never {
  const schema = resource.schemas.create;
  if (!schema) throw conflict(`A ${resource.singular} cannot be created.`);
  return parseInput(schema, body) as never;
}

async function createParsed(resource: AnyResource, trx: ResourceContext, input: never): Promise<number> {
  const columns = resource.toColumns ? resource.toColumns(input, trx) : (input as Record<string, unknown>);
  checkDocumentDate(resource, trx, 'create', input as Record<string, unknown>, null);
  await checkWorkPlace(resource, trx, input as Record<string, unknown>);
  await checkOpenDay(resource, trx, input as Record<string, unknown>);
  await checkColumns(resource, trx, columns, null);
  return resource.create ? resource.create(trx, input) : insertRecord(trx, resource, columns);
}

// A create inside a transaction the caller already holds (an import writes all its rows in one): the same
// validation, checks and hooks as a create of its own.
export function createWithin(resource: AnyResource, trx: ResourceContext, body: unknown): Promise<number> {
  return createParsed(resource, trx, parseCreate(resource, body));
}

export function updateRecord(resource: AnyResource, ctx: ResourceContext, id: number, body: unknown) {
  const schema = resource.schemas.update;
  if (!schema) throw conflict(`A ${resource.singular} cannot be edited.`);
  const input = onlySentFields(parseInput(schema, body), body) as never;
  return inTransaction(ctx, async (trx) => {
    const existing = await findRecord(resource, trx, id);
    if (existing.deleted_at !== null) throw conflict(`Restore the ${resource.singular} before editing it.`);
    const columns = resource.toColumns ? resource.toColumns(input, trx) : (input as Record<string, unknown>);
    checkDocumentDate(resource, trx, 'update', input as Record<string, unknown>, existing);
    await checkWorkPlace(resource, trx, existing);
    await checkWorkPlace(resource, trx, { ...existing, ...(input as Record<string, unknown>) });
    await checkOpenDay(resource, trx, existing, 'update');
    await checkOpenDay(resource, trx, { ...existing, ...(input as Record<string, unknown>) }, 'update');
    await checkColumns(resource, trx, columns, existing);
    const before = await presentedRow(resource, trx, existing);
    if (resource.update) await resource.update(trx, existing, input);
    else await updateColumns(trx, resource.table, id, columns);
    const record = await readOne(resource, trx, id);
    await recordChange(resource, trx, id, 'updated', before, record);
    return record;
  });
}

export function softDeleteRecord(resource: AnyResource, ctx: ResourceContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const existing = await findRecord(resource, trx, id);
    if (existing.deleted_at !== null) throw conflict(`The ${resource.singular} is already deleted.`);
    checkDocumentDate(resource, trx, 'void', null, existing);
    await checkWorkPlace(resource, trx, existing);
    await checkOpenDay(resource, trx, existing, 'void');
    const before = await presentedRow(resource, trx, existing);
    if (resource.softDelete) await resource.softDelete(trx, existing);
    else await updateColumns(trx, resource.table, id, { deleted_at: trx.now });
    const record = await readOne(resource, trx, id);
    if (resource.journal)
      await keepInJournal(trx, await resource.journal(trx, record as Record<string, unknown>, 'voided'));
    await recordChange(resource, trx, id, 'deleted', before, record);
    return record;
  });
}

export function restoreRecord(resource: AnyResource, ctx: ResourceContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const existing = await findRecord(resource, trx, id);
    if (existing.deleted_at === null) throw conflict(`The ${resource.singular} is not deleted.`);
    checkDocumentDate(resource, trx, 'restore', null, existing);
    await checkWorkPlace(resource, trx, existing);
    await checkOpenDay(resource, trx, existing, 'restore');
    const before = await presentedRow(resource, trx, existing);
    if (resource.restore) await resource.restore(trx, existing);
    else await updateColumns(trx, resource.table, id, { deleted_at: null });
    const record = await readOne(resource, trx, id);
    if (resource.journal) {
      await keepInJournal(trx, await resource.journal(trx, record as Record<string, unknown>, 'restored'));
    }
    await recordChange(resource, trx, id, 'restored', before, record);
    return record;
  });
}

// Only a soft-deleted record can go for good; a foreign key still pointing at it makes the database refuse, and
// the error plugin answers that with a 409.
export function forceDeleteRecord(resource: AnyResource, ctx: ResourceContext, id: number): Promise<void> {
  return inTransaction(ctx, async (trx) => {
    const existing = await findRecord(resource, trx, id);
    if (existing.deleted_at === null) {
      throw conflict(`Delete the ${resource.singular} before deleting it permanently.`);
    }
    await checkWorkPlace(resource, trx, existing);
    if (resource.forceDelete) await resource.forceDelete(trx, existing);
    else await dynamic(trx.db).deleteFrom(resource.table).where('id', '=', id).execute();
    await forgetHistory(resource, trx, id);
  });
}

// Unique columns count soft-deleted rows too; referenced ids must be active records of the same business.
async function checkColumns(
  resource: AnyResource,
  ctx: ResourceContext,
  columns: Record<string, unknown>,
  existing: Row<RecordTableName> | null,
): Promise<void> {
  const errors: FieldErrors = {};
  const db = dynamic(ctx.db);
  for (const column of resource.unique ?? []) {
    const value = columns[column];
    if (value === undefined || value === null) continue;
    let query = db.selectFrom(resource.table).select('id').where(column, '=', value);
    if (resource.scope === 'business') query = query.where('business_id', '=', ctx.businessId);
    if (existing) query = query.where('id', '!=', existing.id);
    if (await query.executeTakeFirst()) errors[column] = [`The ${column.replaceAll('_', ' ')} has already been taken.`];
  }
  for (const [column, table] of Object.entries(resource.references ?? {})) {
    const value = columns[column];
    if (value === undefined || value === null) continue;
    let query = db.selectFrom(table).select('id').where('id', '=', value).where('deleted_at', 'is', null);
    if (table !== 'businesses' && table !== 'users' && table !== 'roles' && table !== 'permissions') {
      query = query.where('business_id', '=', ctx.businessId);
    }
    if (!(await query.executeTakeFirst())) errors[column] = [unknownChoice(column)];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (resource.check) await resource.check(ctx, { ...(existing ?? {}), ...columns }, existing);
}

// A PATCH changes only the fields it sends; schema defaults must not overwrite what was not sent.
function onlySentFields(parsed: unknown, body: unknown): unknown {
  if (typeof parsed !== 'object' || parsed === null || typeof body !== 'object' || body === null) return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in body));
}
