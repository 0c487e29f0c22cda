import { type Kysely, sql } from 'kysely';

// An average cost is a value divided by a quantity (docs/domain/logistics.md, Stock and the ledger): each stock row
// keeps the value of its goods on hand, Σ quantity_delta × unit_cost over its on-hand movements (thousandths ×
// centavos, unrounded), moved by every posting under the row's lock, so that the average is that value over the
// quantity on hand, rounded only where shown, instead of a rounded average moved from a rounded average.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stocks')
    .addColumn('value_on_hand', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE stocks SET value_on_hand = kept.value
    FROM (
      SELECT stock_id, SUM(quantity_delta * unit_cost) AS value FROM stock_movements
      WHERE balance = 'on_hand' GROUP BY stock_id
    ) AS kept
    WHERE kept.stock_id = stocks.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stocks').dropColumn('value_on_hand').execute();
}
