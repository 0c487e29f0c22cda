import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// What the owner's stock valuation reads instead of summing a million movements (docs/ARCHITECTURE.md, Reports):
// each stock row's ledger value, Σ quantity_delta × unit_cost over its movements (thousandths × centavos, unrounded),
// kept by a trigger in the writing transaction, so the value of today is one row per stock. Postings lock a stock
// row before they write its movements, so the row kept here is only ever written under that lock. A past date walks
// back from it through the movements posted since that day, which the (business_id, occurred_at) index finds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_ledger_values')
    .addColumn('stock_id', 'integer', (column) => column.primaryKey().references('stocks.id').onDelete('cascade'))
    .addColumn('business_id', 'integer', (column) => column.notNull())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_business_id_occurred_at_index')
    .on('stock_movements')
    .columns(['business_id', 'occurred_at'])
    .execute();
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE FUNCTION stock_ledger_value_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost)
        ON CONFLICT (stock_id) DO UPDATE SET value = stock_ledger_values.value + EXCLUDED.value;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER stock_movements_ledger_value AFTER INSERT ON stock_movements
      FOR EACH ROW EXECUTE FUNCTION stock_ledger_value_add()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER stock_movements_ledger_value AFTER INSERT ON stock_movements
      BEGIN
        INSERT INTO stock_ledger_values (stock_id, business_id, value)
        VALUES (NEW.stock_id, NEW.business_id, NEW.quantity_delta * NEW.unit_cost)
        ON CONFLICT (stock_id) DO UPDATE SET value = value + excluded.value;
      END`.execute(db);
  }
  await recountStockLedgerValues(db);
}

// Every stock's ledger value counted afresh from its movements: after this migration, and after a bulk load that
// wrote movements with triggers off (the bench on PostgreSQL).
export async function recountStockLedgerValues(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM stock_ledger_values`.execute(db);
  await sql`
    INSERT INTO stock_ledger_values (stock_id, business_id, value)
    SELECT stock_id, MIN(business_id), SUM(quantity_delta * unit_cost) FROM stock_movements GROUP BY stock_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`DROP FUNCTION stock_ledger_value_add() CASCADE`.execute(db);
  else await sql`DROP TRIGGER stock_movements_ledger_value`.execute(db);
  await db.schema.dropIndex('stock_movements_business_id_occurred_at_index').execute();
  await db.schema.dropTable('stock_ledger_values').execute();
}
