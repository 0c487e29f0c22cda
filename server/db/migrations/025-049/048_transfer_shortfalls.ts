import type { Kysely } from 'kysely';

// A transfer that arrives short or damaged (docs/domain/logistics.md, Transfers that arrive short): a receive line
// keeps what came broken apart from what came in good order, with the loss adjustment that wrote it off; a transfer
// line keeps what its sender settled as lost, so that its goods in transit end.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stock_receive_lines')
    .addColumn('damaged_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('stock_receive_lines').addColumn('damage_reason', 'text').execute();
  await db.schema.alterTable('stock_receives').addColumn('damage_adjustment_id', 'integer').execute();
  await db.schema
    .alterTable('stock_transfer_lines')
    .addColumn('lost_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_transfer_lines').dropColumn('lost_quantity').execute();
  await db.schema.alterTable('stock_receives').dropColumn('damage_adjustment_id').execute();
  await db.schema.alterTable('stock_receive_lines').dropColumn('damage_reason').execute();
  await db.schema.alterTable('stock_receive_lines').dropColumn('damaged_quantity').execute();
}
