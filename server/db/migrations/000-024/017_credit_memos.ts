import type { Kysely } from 'kysely';
import { recordTable } from '../../dialect.ts';
import { addAmountColumns, businessIndexes, lineTable, uniqueNumber, withSettlement } from '../../table-builders.ts';

// Credit memos (docs/domain/sales.md, Credit memos): a posted invoice's goods or price taken back, each
// line tied to the invoice line it credits. The invoice and its lines keep what standing memos took (the guards of
// every later memo and of the invoice's balance), and a contact keeps the store credit it may spend. Money in
// centavos, quantities in thousandths.
export async function up(db: Kysely<unknown>): Promise<void> {
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
    .$call(withSettlement)
    .execute();
  await lineTable(db, 'credit_memo_lines', 'credit_memo_id', 'credit_memos')
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
  await addAmountColumns(db, 'invoices', ['credited_total']);
  await addAmountColumns(db, 'invoice_lines', ['credited_quantity', 'credited_amount', 'credited_vat']);
  await addAmountColumns(db, 'contacts', ['store_credit']);
  await uniqueNumber(db, 'credit_memos');
  await businessIndexes(db, [
    ['credit_memos', ['deleted_at', 'id']],
    ['credit_memos', ['memo_date']],
    ['credit_memos', ['invoice_id']],
    ['credit_memo_lines', ['credit_memo_id']],
    ['credit_memo_lines', ['invoice_line_id']],
  ]);
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
