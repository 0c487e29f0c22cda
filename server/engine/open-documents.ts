import { type RawBuilder, sql } from 'kysely';
import type { ListCondition, TableName } from './resource.ts';

// The pickers of a follow-up document offer only what is still open: a payment the invoices and bills with a
// balance, a receive order the purchase orders with something to receive, and so on. Each flag narrows to active
// documents when it is 1 and leaves the query alone when it is 0.

// An active invoice or bill whose total is above what has been paid.
// The balance left to pay, for `sort=balance`.
export const byBalance = { balance: sql`total - amount_paid` };

export const withBalance: ListCondition = (rows, value) =>
  value === 1 ? rows.where('deleted_at', 'is', null).whereRef('total', '>', 'amount_paid') : rows;

// The same for a document that memos credit (docs/domain/sales.md, Credit memos): what they took off is no
// longer owed.
export const byCreditedBalance = (credited: string) => ({
  balance: sql`total - ${sql.ref(credited)} - amount_paid`,
});

export const withCreditedBalance =
  (credited: string): ListCondition =>
  (rows, value) =>
    value === 1
      ? rows.where('deleted_at', 'is', null).where(sql<boolean>`total > amount_paid + ${sql.ref(credited)}`)
      : rows;

// An active document with at least one line that `remaining` holds for (`line` is the line table's name).
export function withLineLeft(
  table: TableName,
  lineTable: TableName,
  parentColumn: string,
  remaining: (line: string) => RawBuilder<boolean>,
): ListCondition {
  return (rows, value) =>
    value === 1
      ? rows
          .where('deleted_at', 'is', null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom(lineTable)
                .select(sql<number>`1`.as('one'))
                .whereRef(`${lineTable}.${parentColumn}`, '=', `${table}.id`)
                .where(remaining(lineTable)),
            ),
          )
      : rows;
}

const column = (line: string, name: string) => sql.ref(`${line}.${name}`);

const withLineUnreceived = withLineLeft(
  'purchase_orders',
  'purchase_order_lines',
  'purchase_order_id',
  (line) => sql<boolean>`${column(line, 'received_quantity')} < ${column(line, 'quantity')}`,
);

// An order closed short awaits nothing, whatever its lines lack.
export const withUnreceived: ListCondition = (rows, value, ctx) =>
  value === 1 ? withLineUnreceived(rows, value, ctx).where(sql<boolean>`status <> 'closed'`) : rows;

export const withUntransferred = withLineLeft(
  'stock_requests',
  'stock_request_lines',
  'stock_request_id',
  (line) => sql<boolean>`${column(line, 'transferred_quantity')} < ${column(line, 'quantity')}`,
);

export const withInTransit = withLineLeft(
  'stock_transfers',
  'stock_transfer_lines',
  'stock_transfer_id',
  (line) =>
    sql<boolean>`${column(line, 'received_quantity')} + ${column(line, 'returned_quantity')} + ${column(line, 'lost_quantity')} < ${column(line, 'quantity')}`,
);
