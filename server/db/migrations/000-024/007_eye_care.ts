import type { Kysely } from 'kysely';
import { plainIdColumn, recordTable } from '../../dialect.ts';
import { tenantIndexes } from '../../table-builders.ts';

// Prescriptions and eyewear job orders (docs/domain/eye-care.md), and the job order an invoice or purchase order is
// made for. Powers (dioptres) and measurements (mm) are integer hundredths, so 0.25 and 0.1 steps stay exact.

export async function up(db: Kysely<unknown>): Promise<void> {
  let prescriptions = recordTable(db, 'prescriptions', { tenant: true })
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('examined_on', 'text', (column) => column.notNull())
    .addColumn('expires_on', 'text', (column) => column.notNull())
    .addColumn('prescriber', 'text')
    .addColumn('prescriber_license', 'text')
    .addColumn('notes', 'text');
  for (const eye of ['od', 'os']) {
    prescriptions = prescriptions
      .addColumn(`${eye}_sphere`, 'integer', (column) => column.notNull())
      .addColumn(`${eye}_cylinder`, 'integer')
      .addColumn(`${eye}_axis`, 'integer')
      .addColumn(`${eye}_add`, 'integer')
      .addColumn(`${eye}_prism`, 'integer')
      .addColumn(`${eye}_prism_base`, 'text')
      .addColumn(`${eye}_visual_acuity`, 'text')
      .addColumn(`${eye}_base_curve`, 'integer')
      .addColumn(`${eye}_diameter`, 'integer');
  }
  await prescriptions
    .addColumn('pd_distance', 'integer')
    .addColumn('pd_od', 'integer')
    .addColumn('pd_os', 'integer')
    .addColumn('pd_near', 'integer')
    .addColumn('segment_height_od', 'integer')
    .addColumn('segment_height_os', 'integer')
    .execute();
  await tenantIndexes(db, 'prescriptions', [['deleted_at', 'id'], ['contact_id'], ['examined_on'], ['expires_on']]);

  await recordTable(db, 'job_orders', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('prescription_id', 'integer', (column) => column.references('prescriptions.id'))
    .addColumn('order_date', 'text', (column) => column.notNull())
    .addColumn('promised_date', 'text')
    .addColumn('lab', 'text', (column) => column.notNull())
    .addColumn('lab_contact_id', 'integer', (column) => column.references('contacts.id'))
    .addColumn('frame_a', 'integer')
    .addColumn('frame_b', 'integer')
    .addColumn('frame_dbl', 'integer')
    .addColumn('frame_ed', 'integer')
    .addColumn('fitting_notes', 'text')
    .addColumn('customer_frame', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('subtotal', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('discount_total', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('job_orders_business_id_number_unique')
    .on('job_orders')
    .columns(['business_id', 'number'])
    .unique()
    .execute();
  await tenantIndexes(db, 'job_orders', [
    ['deleted_at', 'id'],
    ['contact_id'],
    ['branch_id'],
    ['prescription_id'],
    ['status', 'promised_date'],
    ['order_date'],
  ]);

  const lineId = plainIdColumn(db);
  await db.schema
    .createTable('job_order_lines')
    .addColumn('id', lineId.type, lineId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('job_order_id', 'integer', (column) => column.notNull().references('job_orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_price', 'bigint', (column) => column.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'job_order_lines', [['job_order_id'], ['item_id']]);

  // Append-only: every move of a job order's status, with who and when.
  const changeId = plainIdColumn(db);
  await db.schema
    .createTable('job_order_status_changes')
    .addColumn('id', changeId.type, changeId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('job_order_id', 'integer', (column) => column.notNull().references('job_orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id'))
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'job_order_status_changes', [['job_order_id']]);

  for (const table of ['invoices', 'purchase_orders']) {
    await db.schema
      .alterTable(table)
      .addColumn('job_order_id', 'integer', (column) => column.references('job_orders.id'))
      .execute();
    await tenantIndexes(db, table, [['job_order_id']]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoices', 'purchase_orders']) {
    await db.schema.dropIndex(`${table}_job_order_id_index`).execute();
    await db.schema.alterTable(table).dropColumn('job_order_id').execute();
  }
  await db.schema.dropTable('job_order_status_changes').execute();
  await db.schema.dropTable('job_order_lines').execute();
  await db.schema.dropTable('job_orders').execute();
  await db.schema.dropTable('prescriptions').execute();
}
