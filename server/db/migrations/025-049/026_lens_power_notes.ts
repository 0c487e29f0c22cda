import type { Kysely } from 'kysely';

// A job order's lens line may dispense a stock lens of another power than the prescription's for its eye only with a
// note saying why (docs/domain/eye-care.md, The server's checks on an order).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_order_lines').addColumn('power_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_order_lines').dropColumn('power_note').execute();
}
