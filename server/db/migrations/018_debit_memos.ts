import type { Kysely } from 'kysely';
import { plainIdColumn, recordTable } from '../dialect.ts';

// Debit memos (docs/domain/purchasing.md, Debit memos): goods sent back to a supplier or a supplier's price
// correction, optionally against one of that supplier's bills. The bill and its lines keep what standing memos took,
// and a contact keeps the credit the supplier owes us. Money in centavos, quantities in thousandths.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = plainIdColumn(db);
  await recordTable(db, 'debit_memos', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('reference_number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    .addColumn('bill_id', 'integer', (column) => column.references('bills.id'))
    .addColumn('memo_date', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('notes', 'text')
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('applied_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('excess_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settlement', 'text')
    .addColumn('refund_method', 'text')
    .addColumn('refund_reference', 'text')
    .execute();
  await db.schema
    .createTable('debit_memo_lines')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('debit_memo_id', 'integer', (column) =>
      column.notNull().references('debit_memos.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('bill_line_id', 'integer', (column) => column.references('bill_lines.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('lot_number', 'text')
    .addColumn('return_stock', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('stock_unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .alterTable('bills')
    .addColumn('debited_total', 'bigint', (definition) => definition.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bill_lines')
    .addColumn('debited_quantity', 'bigint', (definition) => definition.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('supplier_credit', 'bigint', (definition) => definition.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('debit_memos_business_id_number_unique')
    .on('debit_memos')
    .columns(['business_id', 'number'])
    .unique()
    .execute();
  for (const [table, columns] of [
    ['debit_memos', ['deleted_at', 'id']],
    ['debit_memos', ['memo_date']],
    ['debit_memos', ['bill_id']],
    ['debit_memo_lines', ['debit_memo_id']],
  ] as const) {
    await db.schema
      .createIndex(`${table}_business_id_${columns.join('_')}_index`)
      .on(table)
      .columns(['business_id', ...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('supplier_credit').execute();
  await db.schema.alterTable('bill_lines').dropColumn('debited_quantity').execute();
  await db.schema.alterTable('bills').dropColumn('debited_total').execute();
  await db.schema.dropTable('debit_memo_lines').execute();
  await db.schema.dropTable('debit_memos').execute();
}
