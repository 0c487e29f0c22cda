import type { Kysely } from 'kysely';

// "Close short" (docs/domain/purchasing.md, Purchase orders): an order whose rest will never come is closed with
// the reason, when and by whom, so that it stops awaiting goods in receipts, pickers and the reorder report.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchase_orders').addColumn('closed_reason', 'text').execute();
  await db.schema.alterTable('purchase_orders').addColumn('closed_at', 'text').execute();
  await db.schema.alterTable('purchase_orders').addColumn('closed_by', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['closed_by', 'closed_at', 'closed_reason']) {
    await db.schema.alterTable('purchase_orders').dropColumn(column).execute();
  }
}
