import { type Kysely, sql } from 'kysely';
import { plainIdColumn, recordTable } from '../../dialect.ts';

// Selling in the Philippines (docs/domain/sales.md, Philippine VAT): the business's invoice settings, each item's tax
// class, the special-discount programs, and the VAT breakdown and special discount kept on quotations, invoices and job
// orders.

const breakdownColumns = [
  'vat_removed',
  'special_discount_total',
  'vatable_sales',
  'vat_amount',
  'vat_exempt_sales',
  'zero_rated_sales',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('registered_name', 'text').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('is_vat_registered', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('businesses').addColumn('invoice_footer', 'text').execute();
  await db.schema
    .alterTable('items')
    .addColumn('tax_class', 'text', (column) => column.notNull().defaultTo('vatable'))
    .execute();

  await recordTable(db, 'discount_programs', { tenant: true })
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('percent', 'integer', (column) => column.notNull())
    .addColumn('vat_exempt', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('discount_programs_business_id_name_unique')
    .on('discount_programs')
    .columns(['business_id', 'name'])
    .unique()
    .execute();
  const plainId = plainIdColumn(db);
  await db.schema
    .createTable('discount_program_item_types')
    .addColumn('id', plainId.type, plainId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('discount_program_id', 'integer', (column) =>
      column.notNull().references('discount_programs.id').onDelete('cascade'),
    )
    .addColumn('item_type_id', 'integer', (column) => column.notNull().references('item_types.id'))
    .execute();
  await db.schema
    .createIndex('discount_program_item_types_program_index')
    .on('discount_program_item_types')
    .columns(['business_id', 'discount_program_id'])
    .execute();

  for (const table of ['quotations', 'invoices', 'job_orders']) {
    for (const column of breakdownColumns) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
        .execute();
    }
    await db.schema
      .alterTable(table)
      .addColumn('special_discount_program_id', 'integer', (column) => column.references('discount_programs.id'))
      .execute();
    await db.schema.alterTable(table).addColumn('special_discount_holder_name', 'text').execute();
    await db.schema.alterTable(table).addColumn('special_discount_holder_id_number', 'text').execute();
  }
  for (const table of ['quotation_lines', 'invoice_lines', 'job_order_lines']) {
    await db.schema
      .alterTable(table)
      .addColumn('tax_class', 'text', (column) => column.notNull().defaultTo('vatable'))
      .execute();
    for (const column of ['vat_amount', 'vat_removed', 'special_discount_amount']) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
        .execute();
    }
  }
  await backfillBreakdown(db, 'quotations', 'quotation_lines', 'quotation_id');
  await backfillBreakdown(db, 'invoices', 'invoice_lines', 'invoice_id');
  await backfillBreakdown(db, 'job_orders', 'job_order_lines', 'job_order_id');
}

// Documents written before this migration sold vatable items of a VAT-registered business (the defaults): each
// line's VAT is its amount × 12/112, rounded half up once, and the header sums its lines.
async function backfillBreakdown(db: Kysely<unknown>, header: string, lines: string, parent: string): Promise<void> {
  await sql`UPDATE ${sql.table(lines)} SET vat_amount = (amount * 24 + 112) / 224 WHERE amount > 0`.execute(db);
  await sql`
    UPDATE ${sql.table(header)} SET
      vat_amount = (SELECT COALESCE(SUM(line.vat_amount), 0) FROM ${sql.table(lines)} line
        WHERE line.${sql.ref(parent)} = ${sql.table(header)}.id),
      vatable_sales = total - (SELECT COALESCE(SUM(line.vat_amount), 0) FROM ${sql.table(lines)} line
        WHERE line.${sql.ref(parent)} = ${sql.table(header)}.id)`.execute(db);
}
