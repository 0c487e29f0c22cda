import { type Kysely, sql } from 'kysely';
import { recordTable } from '../../dialect.ts';

// Lots and expiry (docs/domain/eye-care.md, Lots and expiry): items marked is_lot_tracked keep their stock per item,
// location and lot in `stock_lots` beside the item × location total in `stocks` (the total is always the sum of its
// lots); every movement of such an item names its lot; receipt lines carry the lot they bring in, issue lines the lot a
// user named (null: earliest expiry first). See docs/DECISIONS.md, "Stock lots".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('is_lot_tracked', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await recordTable(db, 'stock_lots', { tenant: true })
    .addColumn('stock_id', 'integer', (column) => column.notNull().references('stocks.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    .addColumn('location_key', 'text', (column) => column.notNull())
    .addColumn('lot_number', 'text', (column) => column.notNull())
    .addColumn('expires_on', 'text', (column) => column.notNull())
    .addColumn('quantity_on_hand', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('quantity_in_transit', 'bigint', (column) => column.notNull().defaultTo(0))
    .addCheckConstraint('stock_lots_quantity_on_hand_not_negative', sql`quantity_on_hand >= 0`)
    .addCheckConstraint('stock_lots_quantity_in_transit_not_negative', sql`quantity_in_transit >= 0`)
    .execute();
  await db.schema
    .createIndex('stock_lots_business_id_item_id_location_key_lot_number_unique')
    .on('stock_lots')
    .columns(['business_id', 'item_id', 'location_key', 'lot_number'])
    .unique()
    .execute();
  for (const columns of [['stock_id'], ['expires_on'], ['location_key']]) {
    await db.schema
      .createIndex(`stock_lots_business_id_${columns.join('_')}_index`)
      .on('stock_lots')
      .columns(['business_id', ...columns])
      .execute();
  }

  await db.schema
    .alterTable('stock_movements')
    .addColumn('stock_lot_id', 'integer', (column) => column.references('stock_lots.id'))
    .execute();
  await db.schema.alterTable('stock_movements').addColumn('lot_number', 'text').execute();
  await db.schema.alterTable('stock_movements').addColumn('expires_on', 'text').execute();
  await db.schema
    .createIndex('stock_movements_business_id_stock_lot_id_index')
    .on('stock_movements')
    .columns(['business_id', 'stock_lot_id'])
    .execute();

  for (const table of ['receive_order_lines', 'stock_receive_lines']) {
    await db.schema.alterTable(table).addColumn('lot_number', 'text').execute();
    await db.schema.alterTable(table).addColumn('expires_on', 'text').execute();
  }
  for (const table of ['invoice_lines', 'stock_transfer_lines', 'stock_return_lines']) {
    await db.schema.alterTable(table).addColumn('lot_number', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoice_lines', 'stock_transfer_lines', 'stock_return_lines']) {
    await db.schema.alterTable(table).dropColumn('lot_number').execute();
  }
  for (const table of ['receive_order_lines', 'stock_receive_lines']) {
    await db.schema.alterTable(table).dropColumn('expires_on').execute();
    await db.schema.alterTable(table).dropColumn('lot_number').execute();
  }
  await db.schema.dropIndex('stock_movements_business_id_stock_lot_id_index').execute();
  for (const column of ['expires_on', 'lot_number', 'stock_lot_id']) {
    await db.schema.alterTable('stock_movements').dropColumn(column).execute();
  }
  await db.schema.dropTable('stock_lots').execute();
  await db.schema.alterTable('items').dropColumn('is_lot_tracked').execute();
}
