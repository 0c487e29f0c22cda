import type { Kysely } from 'kysely';
import { plainIdColumn, recordTable } from '../../dialect.ts';
import { businessIndexes, lineTable, uniqueNumber } from '../../table-builders.ts';

// Stock adjustments and physical counts (docs/domain/logistics.md, Stock adjustments and Stock counts). An adjustment
// is a posting document with signed lines; a count keeps what was counted, one line per item and lot, adding up
// repeated scans, and links the adjustment its posting made. Money in centavos, quantities in thousandths.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = plainIdColumn(db);
  await recordTable(db, 'stock_adjustments', { tenant: true })
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('adjustment_date', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('notes', 'text')
    .addColumn('total_value', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await lineTable(db, 'stock_adjustment_lines', 'stock_adjustment_id', 'stock_adjustments')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('lot_number', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('quantity_delta', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('value', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await recordTable(db, 'stock_counts', { tenant: true })
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('count_date', 'text', (column) => column.notNull())
    .addColumn('blind', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('uncounted', 'text')
    .addColumn('posted_at', 'text')
    .addColumn('stock_adjustment_id', 'integer', (column) => column.references('stock_adjustments.id'))
    .execute();
  await db.schema
    .createTable('stock_count_lines')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('stock_count_id', 'integer', (column) =>
      column.notNull().references('stock_counts.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('lot_number', 'text')
    // '' for an item without lots: the unique key below needs a value, since NULLs never collide.
    .addColumn('lot_key', 'text', (column) => column.notNull())
    .addColumn('expires_on', 'text')
    .addColumn('counted_quantity', 'bigint', (column) => column.notNull())
    .addColumn('counted_at', 'text', (column) => column.notNull())
    .addColumn('counted_by', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await uniqueNumber(db, 'stock_adjustments');
  await uniqueNumber(db, 'stock_counts');
  await db.schema
    .createIndex('stock_count_lines_count_item_lot_unique')
    .on('stock_count_lines')
    .columns(['stock_count_id', 'item_id', 'lot_key'])
    .unique()
    .execute();
  await businessIndexes(db, [
    ['stock_adjustments', ['deleted_at', 'id']],
    ['stock_adjustments', ['adjustment_date']],
    ['stock_adjustment_lines', ['stock_adjustment_id']],
    ['stock_counts', ['deleted_at', 'id']],
    ['stock_counts', ['stock_adjustment_id']],
    // The balance of a stock row at an instant sums its movements up to then.
    ['stock_movements', ['stock_id', 'occurred_at']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_movements_business_id_stock_id_occurred_at_index').execute();
  for (const table of ['stock_count_lines', 'stock_counts', 'stock_adjustment_lines', 'stock_adjustments']) {
    await db.schema.dropTable(table).execute();
  }
}
