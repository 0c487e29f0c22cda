import type { Kysely } from 'kysely';
import { recordTable } from '../../dialect.ts';
import { addAmountColumns, businessIndexes, lineTable, uniqueNumber, withSettlement } from '../../table-builders.ts';

// Debit memos (docs/domain/purchasing.md, Debit memos): goods sent back to a supplier or a supplier's price
// correction, optionally against one of that supplier's bills. The bill and its lines keep what standing memos took,
// and a contact keeps the credit the supplier owes us. Money in centavos, quantities in thousandths.
export async function up(db: Kysely<unknown>): Promise<void> {
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
    .$call(withSettlement)
    .execute();
  await lineTable(db, 'debit_memo_lines', 'debit_memo_id', 'debit_memos')
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
  await addAmountColumns(db, 'bills', ['debited_total']);
  await addAmountColumns(db, 'bill_lines', ['debited_quantity']);
  await addAmountColumns(db, 'contacts', ['supplier_credit']);
  await uniqueNumber(db, 'debit_memos');
  await businessIndexes(db, [
    ['debit_memos', ['deleted_at', 'id']],
    ['debit_memos', ['memo_date']],
    ['debit_memos', ['bill_id']],
    ['debit_memo_lines', ['debit_memo_id']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('supplier_credit').execute();
  await db.schema.alterTable('bill_lines').dropColumn('debited_quantity').execute();
  await db.schema.alterTable('bills').dropColumn('debited_total').execute();
  await db.schema.dropTable('debit_memo_lines').execute();
  await db.schema.dropTable('debit_memos').execute();
}
