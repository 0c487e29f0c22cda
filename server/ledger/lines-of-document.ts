import type { DeleteQueryBuilder, DeleteResult, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import { dynamic } from '../engine/dynamic.ts';

// Each line table and the column naming its document.
export const documentColumnOf = {
  purchase_order_lines: 'purchase_order_id',
  receive_order_lines: 'receive_order_id',
  bill_lines: 'bill_id',
  quotation_lines: 'quotation_id',
  invoice_lines: 'invoice_id',
  stock_request_lines: 'stock_request_id',
  stock_transfer_lines: 'stock_transfer_id',
  stock_receive_lines: 'stock_receive_id',
  stock_return_lines: 'stock_return_id',
  job_order_lines: 'job_order_id',
  credit_memo_lines: 'credit_memo_id',
  debit_memo_lines: 'debit_memo_id',
  stock_adjustment_lines: 'stock_adjustment_id',
  stock_count_lines: 'stock_count_id',
} as const;

export type LineTable = keyof typeof documentColumnOf;

// One document's lines, found as every line table's index finds them: by business, then document. By the document
// alone PostgreSQL walks the whole index, at a cost that grows with every document posted (docs/PERFORMANCE.md,
// issue 30, the sixth session). Built on the engine's untyped view, since Kysely cannot type a `where` on a table
// chosen by a type parameter; the caller's builder is typed for the table it names.
// The table's name and its document column, as the untyped view names them.
function columnsOf(table: LineTable): [string, string] {
  return [table, `${table}.${documentColumnOf[table]}`];
}

export function selectLinesOf<T extends LineTable>(
  db: Kysely<Database>,
  table: T,
  businessId: number,
  documentId: number,
): SelectQueryBuilder<Database, T, object> {
  const [name, document] = columnsOf(table);
  return dynamic(db)
    .selectFrom(name)
    .where(`${name}.business_id`, '=', businessId)
    .where(document, '=', documentId) as unknown as SelectQueryBuilder<Database, T, object>;
}

export function deleteLinesOf<T extends LineTable>(
  db: Kysely<Database>,
  table: T,
  businessId: number,
  documentId: number,
): DeleteQueryBuilder<Database, T, DeleteResult> {
  const [name, document] = columnsOf(table);
  return dynamic(db)
    .deleteFrom(name)
    .where(`${name}.business_id`, '=', businessId)
    .where(document, '=', documentId) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
}
