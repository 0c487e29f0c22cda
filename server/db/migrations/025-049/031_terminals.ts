import { type Kysely, sql } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';

// Terminals (docs/domain/cash.md, Terminals): the machines a branch issues its invoices from, each with the BIR's
// machine identification number, serial and acknowledgment certificate. Every existing branch gets one, which takes
// over the branch's series (`series_key` stays `B{branch}`), its Zs and its grand total, so that no number, reading or
// total already issued changes; a later terminal at the branch numbers in its own `T{terminal}` series.
export async function up(db: Kysely<unknown>): Promise<void> {
  await recordTable(db, 'terminals', { tenant: true })
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('min', 'text')
    .addColumn('serial_number', 'text')
    .addColumn('ac_number', 'text')
    .addColumn('ac_date', 'text')
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('series_key', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('terminals_business_id_branch_id_index')
    .on('terminals')
    .columns(['business_id', 'branch_id'])
    .execute();

  await db.schema.alterTable('businesses').addColumn('software_accreditation', 'text').execute();

  const now = new Date().toISOString();
  const branches = await sql<{
    id: number;
    business_id: number;
  }>`SELECT id, business_id FROM branches ORDER BY id`.execute(db);
  for (const branch of branches.rows) {
    await sql`INSERT INTO terminals (business_id, branch_id, name, active, series_key, created_at, updated_at)
      VALUES (${branch.business_id}, ${branch.id}, ${'Terminal 1'}, 1, ${`B${String(branch.id).padStart(5, '0')}`},
        ${now}, ${now})`.execute(db);
  }

  for (const table of ['cash_sessions', 'invoices', 'invoice_payments', 'credit_memos', 'z_readings']) {
    await db.schema
      .alterTable(table)
      .addColumn('terminal_id', 'integer', (column) => column.references('terminals.id'))
      .execute();
  }
  const terminalOf = (branch: ReturnType<typeof sql.ref>) =>
    sql`(SELECT terminals.id FROM terminals WHERE terminals.branch_id = ${branch})`;
  for (const table of ['cash_sessions', 'invoices', 'credit_memos', 'z_readings']) {
    await sql`UPDATE ${sql.table(table)} SET terminal_id = ${terminalOf(sql.ref(`${table}.branch_id`))}`.execute(db);
  }
  await sql`UPDATE invoice_payments SET terminal_id =
    (SELECT invoices.terminal_id FROM invoices WHERE invoices.id = invoice_payments.invoice_id)`.execute(db);

  // A Z closes a terminal's day, numbered in the terminal's count; the branch's day is the sum of its terminals'.
  await db.schema.dropIndex('z_readings_one_per_branch_and_day').execute();
  await db.schema.dropIndex('z_readings_business_id_branch_id_z_counter_unique').execute();
  for (const [name, columns] of [
    ['z_readings_one_per_terminal_and_day', ['business_id', 'terminal_id', 'business_date']],
    ['z_readings_business_id_terminal_id_z_counter_unique', ['business_id', 'terminal_id', 'z_counter']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('z_readings')
      .columns([...columns])
      .unique()
      .execute();
  }
  await db.schema
    .createIndex('z_readings_business_id_branch_id_business_date_index')
    .on('z_readings')
    .columns(['business_id', 'branch_id', 'business_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('z_readings_business_id_branch_id_business_date_index').execute();
  await db.schema.dropIndex('z_readings_business_id_terminal_id_z_counter_unique').execute();
  await db.schema.dropIndex('z_readings_one_per_terminal_and_day').execute();
  for (const table of ['z_readings', 'credit_memos', 'invoice_payments', 'invoices', 'cash_sessions']) {
    await db.schema.alterTable(table).dropColumn('terminal_id').execute();
  }
  await db.schema.alterTable('businesses').dropColumn('software_accreditation').execute();
  await db.schema.dropTable('terminals').execute();
}

export interface TerminalsTable extends TenantColumns {
  branch_id: number;
  name: string;
  min: string | null;
  serial_number: string | null;
  ac_number: string | null;
  ac_date: string | null;
  active: number;
  // The counter a terminal's documents number in: `B{branch}` for a branch's first terminal, `T{terminal}` after.
  series_key: string;
}

declare module '../../database.ts' {
  interface Database {
    terminals: TerminalsTable;
  }
}
