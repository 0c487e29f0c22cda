import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import { dynamic } from '../engine/dynamic.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';

type TableName = keyof Database & string;

// What every new row of a posting carries for itself: its business and when (and, for a header, by whom) it was made.
type HeaderAudit = 'business_id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by';
type LineAudit = 'business_id' | 'created_at' | 'updated_at';

export type NewHeader<T extends TableName> = Omit<Insertable<Database[T]>, HeaderAudit>;
export type HeaderChanges<T extends TableName> = Omit<Updateable<Database[T]>, HeaderAudit>;
export type NewLines<L extends TableName, K extends keyof Insertable<Database[L]> & string> = {
  table: L;
  // The line's column naming its document (`credit_memo_id`).
  parent: K;
  rows: readonly Omit<Insertable<Database[L]>, LineAudit | K>[];
};

// Enters a new document or other record of a posting (docs/domain/README.md, Records): its header, made by the
// acting user for the business at the posting's one time, then its lines under the header's id. Answers the id.
export async function enterDocument<
  T extends TableName,
  L extends TableName,
  K extends keyof Insertable<Database[L]> & string,
>(context: PostingContext, table: T, header: NewHeader<T>, lines?: NewLines<L, K>): Promise<number> {
  // The signature types every column; the rows add the audit columns, which no generic table type can check.
  const untyped = dynamic(context.trx);
  const at = timestampOf(context);
  const made = await untyped
    .insertInto(table)
    .values({
      business_id: context.businessId,
      ...header,
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(made.id);
  if (lines) await enterLines(context, id, lines);
  return id;
}

// Enters a document's lines under its id, for the business at the posting's one time: a new document's, or the
// lines an edit puts in place of the old ones.
export async function enterLines<L extends TableName, K extends keyof Insertable<Database[L]> & string>(
  context: PostingContext,
  documentId: number,
  lines: NewLines<L, K>,
): Promise<void> {
  if (lines.rows.length === 0) return;
  const at = timestampOf(context);
  await dynamic(context.trx)
    .insertInto(lines.table)
    .values(
      lines.rows.map((row) => ({
        business_id: context.businessId,
        [lines.parent]: documentId,
        ...row,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

// Enters the lines of a record whose line table keeps no times of its own (`lineTable` alone): under the record's id,
// for the business, numbered by their order.
export async function enterNumberedLines<L extends TableName, K extends keyof Insertable<Database[L]> & string>(
  context: PostingContext,
  recordId: number,
  lines: { table: L; parent: K; rows: readonly Omit<Insertable<Database[L]>, 'business_id' | 'position' | K>[] },
): Promise<void> {
  await dynamic(context.trx)
    .insertInto(lines.table)
    .values(
      lines.rows.map((row, position) => ({
        business_id: context.businessId,
        [lines.parent]: recordId,
        position,
        ...row,
      })),
    )
    .execute();
}

// Writes an edit to a document's or other record's header, made by the acting user at the posting's one time.
export async function reviseDocument<T extends TableName>(
  context: PostingContext,
  table: T,
  id: number,
  changes: HeaderChanges<T>,
): Promise<void> {
  await dynamic(context.trx)
    .updateTable(table as string)
    .set({ ...changes, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .execute();
}
