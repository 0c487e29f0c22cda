import { type Generated, type Kysely, sql } from 'kysely';
import { dialectOf, plainIdColumn } from '../../dialect.ts';
import { businessIndexes } from '../../table-builders.ts';

// The bill's cost is the true cost (docs/domain/purchasing.md, Bills): where a bill line's cost differs from what its
// receipt posted, the goods still on hand are revalued by a movement of no quantity that carries the difference as
// its `value_delta` (thousandths × centavos, beside quantity_delta × unit_cost), and the part that has left goes to
// cost of sales. Each match of a bill line with a receipt line is kept, so that a quantity is matched once, a later
// receipt of what was billed first revalues on arrival, and a void takes back exactly what was done. Like the
// movements, the matches are history: they name their documents without holding them from a permanent delete.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stock_movements')
    .addColumn('value_delta', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  // The kept ledger value (migration 015) is the sum of the movements' values, a revaluation's included.
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE OR REPLACE FUNCTION stock_ledger_value_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost + NEW.value_delta)
        ON CONFLICT (stock_id) DO UPDATE SET value = stock_ledger_values.value + EXCLUDED.value;
        RETURN NULL;
      END $$`.execute(db);
  } else {
    await sql`DROP TRIGGER stock_movements_ledger_value`.execute(db);
    await sql`
      CREATE TRIGGER stock_movements_ledger_value AFTER INSERT ON stock_movements
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost + NEW.value_delta)
        ON CONFLICT (stock_id) DO UPDATE SET value = value + excluded.value;
      END`.execute(db);
  }
  const id = plainIdColumn(db);
  await db.schema
    .createTable('bill_receipt_matches')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('purchase_order_line_id', 'integer', (column) => column.notNull())
    .addColumn('bill_id', 'integer', (column) => column.notNull())
    .addColumn('bill_line_id', 'integer', (column) => column.notNull())
    .addColumn('receive_order_id', 'integer', (column) => column.notNull())
    .addColumn('receive_order_line_id', 'integer', (column) => column.notNull())
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    // The business date the revaluation counts on: the later of the two documents, or a void's day.
    .addColumn('revalued_on', 'text', (column) => column.notNull())
    // Negative on the row that takes a match back (a void), which names the row it reverses.
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost_difference', 'bigint', (column) => column.notNull())
    .addColumn('on_hand_quantity', 'bigint', (column) => column.notNull())
    .addColumn('on_hand_value', 'bigint', (column) => column.notNull())
    .addColumn('cost_of_sales_value', 'bigint', (column) => column.notNull())
    .addColumn('reverses_id', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await businessIndexes(db, [
    ['bill_receipt_matches', ['purchase_order_line_id']],
    ['bill_receipt_matches', ['bill_id']],
    ['bill_receipt_matches', ['receive_order_id']],
    ['bill_receipt_matches', ['revalued_on']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bill_receipt_matches').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE OR REPLACE FUNCTION stock_ledger_value_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost)
        ON CONFLICT (stock_id) DO UPDATE SET value = stock_ledger_values.value + EXCLUDED.value;
        RETURN NULL;
      END $$`.execute(db);
  } else {
    await sql`DROP TRIGGER stock_movements_ledger_value`.execute(db);
    await sql`
      CREATE TRIGGER stock_movements_ledger_value AFTER INSERT ON stock_movements
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost)
        ON CONFLICT (stock_id) DO UPDATE SET value = value + excluded.value;
      END`.execute(db);
  }
  await db.schema.alterTable('stock_movements').dropColumn('value_delta').execute();
}

// Every stock's ledger value counted afresh from its movements, revaluations included: after a bulk load that wrote
// movements with triggers off (the bench on PostgreSQL).
export async function recountStockLedgerValues(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM stock_ledger_values`.execute(db);
  await sql`
    INSERT INTO stock_ledger_values (stock_id, business_id, value)
    SELECT stock_id, MIN(business_id), SUM(quantity_delta * unit_cost + value_delta) FROM stock_movements
    GROUP BY stock_id`.execute(db);
}

export interface BillReceiptMatchesTable {
  id: Generated<number>;
  business_id: number;
  purchase_order_line_id: number;
  bill_id: number;
  bill_line_id: number;
  receive_order_id: number;
  receive_order_line_id: number;
  item_id: number;
  branch_id: number | null;
  warehouse_id: number | null;
  revalued_on: string;
  quantity: number;
  unit_cost_difference: number;
  on_hand_quantity: number;
  on_hand_value: number;
  cost_of_sales_value: number;
  reverses_id: number | null;
  created_at: string;
  created_by: number | null;
}

declare module '../../database.ts' {
  interface Database {
    bill_receipt_matches: BillReceiptMatchesTable;
  }
}
