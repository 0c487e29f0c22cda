import type { Generated, Kysely } from 'kysely';

// The order's road to release (docs/domain/eye-care.md, The order's road): when it went to the lab and came back
// ready, and who moved it, kept on the order so that a refund, the forfeiture and the Overview read them at once.
// The business chooses when a job is invoiced: a business already in the database keeps invoicing at order
// (`at_order`), a new one invoices at release; and after how many days a ready order left unclaimed is forfeited.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sent_to_lab_at', 'ready_at', 'forfeited_at']) {
    await db.schema.alterTable('job_orders').addColumn(column, 'text').execute();
  }
  for (const column of ['sent_to_lab_by', 'ready_by', 'forfeited_by']) {
    await db.schema.alterTable('job_orders').addColumn(column, 'integer').execute();
  }
  await db.schema
    .alterTable('businesses')
    .addColumn('job_invoicing', 'text', (column) => column.notNull().defaultTo('at_release'))
    .execute();
  await db
    .updateTable('businesses' as never)
    .set({ job_invoicing: 'at_order' } as never)
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('pickup_forfeit_days', 'integer', (column) => column.notNull().defaultTo(90))
    .execute();
  await db.schema
    .createIndex('job_orders_business_id_status_ready_at_index')
    .on('job_orders')
    .columns(['business_id', 'status', 'ready_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_orders_business_id_status_ready_at_index').execute();
  for (const column of ['job_invoicing', 'pickup_forfeit_days']) {
    await db.schema.alterTable('businesses').dropColumn(column).execute();
  }
  for (const column of ['sent_to_lab_at', 'ready_at', 'forfeited_at', 'sent_to_lab_by', 'ready_by', 'forfeited_by']) {
    await db.schema.alterTable('job_orders').dropColumn(column).execute();
  }
}

export type JobInvoicing = 'at_order' | 'at_release';

declare module '../../tables/eye-care.ts' {
  interface JobOrderTable {
    sent_to_lab_at: string | null;
    sent_to_lab_by: number | null;
    ready_at: string | null;
    ready_by: number | null;
    forfeited_at: string | null;
    forfeited_by: number | null;
  }
}

declare module '../../tables/master-data.ts' {
  interface BusinessesTable {
    job_invoicing: Generated<JobInvoicing>;
    pickup_forfeit_days: Generated<number>;
  }
}
