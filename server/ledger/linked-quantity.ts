import { sql } from 'kysely';
import type { Thousandths } from '../domain/quantity.ts';
import { fieldError } from '../domain/refusal.ts';
import { lineField } from './document-lifecycle.ts';
import type { PostingContext, PostingDirection } from './posting-context.ts';
import { ownById } from './references.ts';

type LinkedLine =
  | { table: 'purchase_order_lines'; column: 'received_quantity' | 'billed_quantity' }
  | { table: 'stock_request_lines'; column: 'transferred_quantity' }
  | { table: 'stock_transfer_lines'; column: 'received_quantity' | 'returned_quantity' | 'lost_quantity' };

// The columns that together may not exceed a line's quantity.
function consumedColumns(line: LinkedLine): string[] {
  if (line.table === 'stock_transfer_lines') return ['received_quantity', 'returned_quantity', 'lost_quantity'];
  return [line.column];
}

// Moves a follow-up quantity on the line it fills (an order line's received quantity, a transfer line's
// received quantity, ...). The guard sits in the UPDATE's WHERE, so two concurrent postings against one line
// cannot both pass it: the second re-checks the row after the first commits.
export async function moveLinkedQuantity(
  context: PostingContext,
  line: LinkedLine,
  lineId: number,
  delta: Thousandths,
  field: string,
  refusal: string,
): Promise<void> {
  const consumed = sql.join(
    consumedColumns(line).map((column) => sql.ref(column)),
    sql` + `,
  );
  const result = await context.trx
    .updateTable(line.table)
    .set(line.column, sql`${sql.ref(line.column)} + ${delta}`)
    .where('id', '=', lineId)
    .where('business_id', '=', context.businessId)
    .where(sql<boolean>`${sql.ref(line.column)} + ${delta} >= 0`)
    .where(sql<boolean>`${consumed} + ${delta} <= quantity`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fieldError(field, refusal);
}

type SourceLines = 'purchase_order_lines' | 'stock_request_lines';

// A follow-up line (a receipt's, a bill's, a transfer's) names the line it fills. That line must belong to this
// business, be of the same item, and sit on the document the follow-up names, when it names one. Answers the id of
// the document the source line sits on.
export async function matchSourceLine(
  context: PostingContext,
  table: SourceLines,
  sourceLineId: number,
  expected: { itemId: number; documentId: number | null },
  field: string,
  mismatch: string,
): Promise<number> {
  const source =
    table === 'purchase_order_lines'
      ? await ownById(context, 'purchase_order_lines', sourceLineId)
          .select(['item_id', 'purchase_order_id as document_id'])
          .executeTakeFirst()
      : await ownById(context, 'stock_request_lines', sourceLineId)
          .select(['item_id', 'stock_request_id as document_id'])
          .executeTakeFirst();
  if (
    !source ||
    source.item_id !== expected.itemId ||
    (expected.documentId !== null && source.document_id !== expected.documentId)
  ) {
    throw fieldError(field, mismatch);
  }
  return source.document_id;
}

// What each follow-up document fills, and how a line that does not fit is refused.
const followUps = {
  'receive-order': {
    table: 'purchase_order_lines',
    column: 'received_quantity',
    field: 'purchase_order_line_id',
    mismatch: 'The order line does not match this receipt.',
    excess: 'The quantity is more than the order line still awaits.',
  },
  bill: {
    table: 'purchase_order_lines',
    column: 'billed_quantity',
    field: 'purchase_order_line_id',
    mismatch: 'The order line does not match this bill.',
    excess: 'The quantity is more than the order line still has unbilled.',
  },
  'stock-transfer': {
    table: 'stock_request_lines',
    column: 'transferred_quantity',
    field: 'stock_request_line_id',
    mismatch: 'The request line does not match this transfer.',
    excess: 'The quantity is more than the request line still awaits.',
  },
} as const;

type FollowingLine = { item_id: number; quantity: number } & Partial<
  Record<(typeof followUps)[keyof typeof followUps]['field'], number | null>
>;

// A follow-up document's lines fill the source lines they name (a receipt's and a bill's the order's, a transfer's
// the request's), each checked against its source line and the source document the follow-up names. Answers the
// source documents filled, so that each one's status is set once, after all its lines moved, and its history shows
// one move per follow-up.
export async function fillSourceLines(
  context: PostingContext,
  followUp: keyof typeof followUps,
  sourceDocumentId: number | null,
  lines: readonly FollowingLine[],
  direction: PostingDirection,
): Promise<Set<number>> {
  const link = followUps[followUp];
  const filled = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const sourceLineId = line[link.field] ?? null;
    if (sourceLineId === null) continue;
    const documentId = await matchSourceLine(
      context,
      link.table,
      sourceLineId,
      { itemId: line.item_id, documentId: sourceDocumentId },
      lineField(index, link.field),
      link.mismatch,
    );
    await moveLinkedQuantity(
      context,
      link,
      sourceLineId,
      direction * Number(line.quantity),
      lineField(index, 'quantity'),
      link.excess,
    );
    filled.add(documentId);
  }
  return filled;
}
