import type { Kysely } from 'kysely';
import { plainIdColumn, recordTable } from '../dialect.ts';

// Credit memos (docs/domain/sales.md, Credit memos): a posted invoice's goods or price taken back, each
// line tied to the invoice line it credits. The invoice and its lines keep what standing memos took (the guards of
// every later memo and of the invoice's balance), and a contact keeps the store credit it may spend. Money in
// centavos, quantities in thousandths.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = plainIdColumn(db);
  await recordTable(db, 'credit_memos', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('reference_number', 'text', (column) => column.notNull())
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('memo_date', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('notes', 'text')
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('vatable_sales', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('vat_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('vat_exempt_sales', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('zero_rated_sales', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('applied_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('excess_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settlement', 'text')
    .addColumn('refund_method', 'text')
    .addColumn('refund_reference', 'text')
    .execute();
  await db.schema
    .createTable('credit_memo_lines')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('credit_memo_id', 'integer', (column) =>
      column.notNull().references('credit_memos.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('invoice_line_id', 'integer', (column) => column.notNull().references('invoice_lines.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('tax_class', 'text', (column) => column.notNull())
    .addColumn('vat_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('restock', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  for (const column of ['credited_total'] as const) {
    await db.schema
      .alterTable('invoices')
      .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ['credited_quantity', 'credited_amount', 'credited_vat'] as const) {
    await db.schema
      .alterTable('invoice_lines')
      .addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('contacts')
    .addColumn('store_credit', 'bigint', (definition) => definition.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('credit_memos_business_id_number_unique')
    .on('credit_memos')
    .columns(['business_id', 'number'])
    .unique()
    .execute();
  for (const [table, columns] of [
    ['credit_memos', ['deleted_at', 'id']],
    ['credit_memos', ['memo_date']],
    ['credit_memos', ['invoice_id']],
    ['credit_memo_lines', ['credit_memo_id']],
    ['credit_memo_lines', ['invoice_line_id']],
  ] as const) {
    await db.schema
      .createIndex(`${table}_business_id_${columns.join('_')}_index`)
      .on(table)
      .columns(['business_id', ...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('store_credit').execute();
  for (const column of ['credited_quantity', 'credited_amount', 'credited_vat']) {
    await db.schema.alterTable('invoice_lines').dropColumn(column).execute();
  }
  await db.schema.alterTable('invoices').dropColumn('credited_total').execute();
  await db.schema.dropTable('credit_memo_lines').execute();
  await db.schema.dropTable('credit_memos').execute();
}
