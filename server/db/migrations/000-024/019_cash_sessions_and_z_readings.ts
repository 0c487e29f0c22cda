import { type Kysely, sql } from 'kysely';
import { plainIdColumn, recordTable } from '../../dialect.ts';

// The cash drawer and the day's readings (docs/domain/cash.md). A session is a cashier's shift at a branch's drawer;
// the database itself keeps one open session per user and branch (a partial unique index), so two opens at once
// leave exactly one. A Z-reading is made once per branch and day (a unique index) and freezes that day's figures.
// Money in centavos.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = plainIdColumn(db);
  await db.schema
    .alterTable('businesses')
    .addColumn('require_cash_session', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await recordTable(db, 'cash_sessions', { tenant: true })
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('business_date', 'text', (column) => column.notNull())
    .addColumn('opened_at', 'text', (column) => column.notNull())
    .addColumn('opening_float', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer')
    // Frozen at close: the count by face value, and the figures the shift report prints.
    .addColumn('counted', 'text')
    .addColumn('counted_cash', 'bigint')
    .addColumn('expected_cash', 'bigint')
    .addColumn('difference', 'bigint')
    .addColumn('cash_received', 'bigint')
    .addColumn('cash_refunded', 'bigint')
    .addColumn('cash_in', 'bigint')
    .addColumn('cash_out', 'bigint')
    .addColumn('totals_by_method', 'text')
    .execute();
  await db.schema
    .createIndex('cash_sessions_one_open_per_user_and_branch')
    .on('cash_sessions')
    .columns(['business_id', 'branch_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('open'))
    .execute();
  await db.schema
    .createIndex('cash_sessions_business_id_branch_id_business_date_index')
    .on('cash_sessions')
    .columns(['business_id', 'branch_id', 'business_date'])
    .execute();

  await db.schema
    .createTable('cash_session_movements')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('cash_session_id', 'integer', (column) =>
      column.notNull().references('cash_sessions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createIndex('cash_session_movements_cash_session_id_index')
    .on('cash_session_movements')
    .columns(['cash_session_id'])
    .execute();

  await db.schema
    .alterTable('invoice_payments')
    .addColumn('cash_session_id', 'integer', (column) => column.references('cash_sessions.id'))
    .execute();
  await db.schema
    .createIndex('invoice_payments_cash_session_id_index')
    .on('invoice_payments')
    .columns(['cash_session_id'])
    .execute();

  await db.schema
    .alterTable('credit_memos')
    .addColumn('cash_session_id', 'integer', (column) => column.references('cash_sessions.id'))
    .execute();

  await recordTable(db, 'z_readings', { tenant: true })
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('business_date', 'text', (column) => column.notNull())
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('z_counter', 'integer', (column) => column.notNull())
    .addColumn('figures', 'text', (column) => column.notNull())
    .addColumn('net_sales', 'bigint', (column) => column.notNull())
    .addColumn('previous_grand_total', 'bigint', (column) => column.notNull())
    .addColumn('accumulated_grand_total', 'bigint', (column) => column.notNull())
    .addColumn('cash_difference', 'bigint', (column) => column.notNull())
    .execute();
  for (const [name, columns] of [
    ['z_readings_one_per_branch_and_day', ['business_id', 'branch_id', 'business_date']],
    ['z_readings_business_id_branch_id_z_counter_unique', ['business_id', 'branch_id', 'z_counter']],
    ['z_readings_business_id_number_unique', ['business_id', 'number']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('z_readings')
      .columns([...columns])
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('z_readings').execute();
  await db.schema.alterTable('credit_memos').dropColumn('cash_session_id').execute();
  await db.schema.dropIndex('invoice_payments_cash_session_id_index').execute();
  await db.schema.alterTable('invoice_payments').dropColumn('cash_session_id').execute();
  await db.schema.dropTable('cash_session_movements').execute();
  await db.schema.dropTable('cash_sessions').execute();
  await db.schema.alterTable('businesses').dropColumn('require_cash_session').execute();
}
