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
// What moved the numbers). Narrowed on the engine's untyped view, since Kysely cannot type a `where` on a table
// chosen by a type parameter; the builders handed back are typed for the table their callers name.
type Narrowable<B> = { where(column: string, operator: '=', value: number): B };

function ofDocument<B extends Narrowable<B>>(builder: B, table: LineTable, businessId: number, documentId: number): B {
  return builder
    .where(`${table}.business_id`, '=', businessId)
    .where(`${table}.${documentColumnOf[table]}`, '=', documentId);
}

// A document's lines to read or to delete.
export function linesOf<T extends LineTable>(db: Kysely<Database>, table: T, businessId: number, documentId: number) {
  const name: string = table;
  return {
    read: () =>
      ofDocument(dynamic(db).selectFrom(name), table, businessId, documentId) as unknown as SelectQueryBuilder<
        Database,
        T,
        object
      >,
    delete: () =>
      ofDocument(dynamic(db).deleteFrom(name), table, businessId, documentId) as unknown as DeleteQueryBuilder<
        Database,
        T,
        DeleteResult
      >,
  };
}
