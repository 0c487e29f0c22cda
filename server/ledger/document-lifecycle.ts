import { conflict, notFound } from '../domain/refusal.ts';
import type { DocumentResourceKey } from '../registry/resources.ts';
import { type PostingContext, type PostingDirection, timestampOf } from './posting-context.ts';

type Underscored<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${Underscored<Tail>}` : S;

// A document's table is named after its key in the registry (`stock-adjustments`, `stock_adjustments`).
export type DocumentTable = Underscored<DocumentResourceKey>;

// Applies (1) or reverses (-1) a stored document's effects on stock, money and the documents it fills.
export type Posting = (context: PostingContext, id: number, direction: PostingDirection) => Promise<void>;

async function deletedAtOf(context: PostingContext, table: DocumentTable, id: number): Promise<string | null> {
  const row = await context.trx
    .selectFrom(table)
    .select('deleted_at')
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.deleted_at;
}

// Voiding is a soft delete whose reversal runs under the same guards as any posting.
export async function voidDocument(
  context: PostingContext,
  table: DocumentTable,
  id: number,
  posting: Posting,
): Promise<void> {
  if ((await deletedAtOf(context, table, id)) !== null) throw conflict('This document is already voided.');
  await context.trx
    .updateTable(table)
    .set({ deleted_at: timestampOf(context), updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .execute();
  await posting(context, id, -1);
}

export async function restoreDocument(
  context: PostingContext,
  table: DocumentTable,
  id: number,
  posting: Posting,
): Promise<void> {
  if ((await deletedAtOf(context, table, id)) === null) throw conflict('This document is not voided.');
  await context.trx
    .updateTable(table)
    .set({ deleted_at: null, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .execute();
  await posting(context, id, 1);
}

// Only a voided document goes for good; its lines go with it, its ledger movements stay as history.
export async function forceDeleteDocument(context: PostingContext, table: DocumentTable, id: number): Promise<void> {
  if ((await deletedAtOf(context, table, id)) === null) {
    throw conflict('Only a voided document can be deleted permanently.');
  }
  try {
    await context.trx.deleteFrom(table).where('id', '=', id).where('business_id', '=', context.businessId).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict('Other documents still refer to this document; delete them first.');
    }
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export function lineField(index: number, field: string): string {
  return `lines.${index}.${field}`;
}
