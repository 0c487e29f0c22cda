import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { plainIdColumn, recordTable } from '../../dialect.ts';
import { lineTable, tenantIndexes, uniqueNumber } from '../../table-builders.ts';

// Documents, their lines, the stock balances, the append-only movement ledger and the number counters.
// Money and quantity columns are bigint: integer centavos and thousandths that may pass 2^31.

type Table = CreateTableBuilder<string, 'id'>;

function withLocation(table: Table, prefix = ''): Table {
  return table
    .addColumn(`${prefix}branch_id`, 'integer', (column) => column.references('branches.id'))
    .addColumn(`${prefix}warehouse_id`, 'integer', (column) => column.references('warehouses.id'));
}

function withTotals(table: Table): Table {
  return table
    .addColumn('subtotal', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('discount_total', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0));
}

// Lines of the documents of this migration keep their audit dates before their own columns.
function datedLineTable(db: Kysely<unknown>, name: string, parentColumn: string, parentTable: string): Table {
  return lineTable(db, name, parentColumn, parentTable)
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTotals(withLocation(recordTable(db, 'purchase_orders', { tenant: true })))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('reference_number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('order_date', 'text', (column) => column.notNull())
    .addColumn('expected_date', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
    .execute();
  await uniqueNumber(db, 'purchase_orders');
  await tenantIndexes(db, 'purchase_orders', [['contact_id'], ['order_date'], ['status']]);

  await datedLineTable(db, 'purchase_order_lines', 'purchase_order_id', 'purchase_orders')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('unit_of_measurement_id', 'integer', (column) => column.references('unit_of_measurements.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('received_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('billed_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'purchase_order_lines', [['purchase_order_id'], ['item_id']]);

  await withLocation(recordTable(db, 'receive_orders', { tenant: true }))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('purchase_order_id', 'integer', (column) => column.references('purchase_orders.id'))
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('received_date', 'text', (column) => column.notNull())
    .addColumn('notes', 'text')
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await uniqueNumber(db, 'receive_orders');
  await tenantIndexes(db, 'receive_orders', [['purchase_order_id'], ['contact_id'], ['received_date']]);

  await datedLineTable(db, 'receive_order_lines', 'receive_order_id', 'receive_orders')
    .addColumn('purchase_order_line_id', 'integer', (column) => column.references('purchase_order_lines.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'receive_order_lines', [['receive_order_id'], ['purchase_order_line_id']]);

  await withTotals(withLocation(recordTable(db, 'bills', { tenant: true })))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('purchase_order_id', 'integer', (column) => column.references('purchase_orders.id'))
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('bill_date', 'text', (column) => column.notNull())
    .addColumn('due_date', 'text')
    .addColumn('supplier_invoice_number', 'text')
    .addColumn('notes', 'text')
    .addColumn('amount_paid', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('unpaid'))
    .execute();
  await uniqueNumber(db, 'bills');
  await tenantIndexes(db, 'bills', [['purchase_order_id'], ['contact_id'], ['bill_date'], ['status']]);

  await datedLineTable(db, 'bill_lines', 'bill_id', 'bills')
    .addColumn('purchase_order_line_id', 'integer', (column) => column.references('purchase_order_lines.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'bill_lines', [['bill_id'], ['purchase_order_line_id']]);

  await recordTable(db, 'bill_payments', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('bill_id', 'integer', (column) => column.notNull().references('bills.id'))
    .addColumn('payment_date', 'text', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('payment_method', 'text', (column) => column.notNull())
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    .execute();
  await uniqueNumber(db, 'bill_payments');
  await tenantIndexes(db, 'bill_payments', [['bill_id'], ['payment_date']]);

  await withTotals(recordTable(db, 'quotations', { tenant: true }))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('reference_number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('quotation_date', 'text', (column) => column.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('notes', 'text')
    .execute();
  await uniqueNumber(db, 'quotations');
  await tenantIndexes(db, 'quotations', [['contact_id'], ['quotation_date']]);

  await datedLineTable(db, 'quotation_lines', 'quotation_id', 'quotations')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_price', 'bigint', (column) => column.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'quotation_lines', [['quotation_id']]);

  await withTotals(recordTable(db, 'invoices', { tenant: true }))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('reference_number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('invoice_date', 'text', (column) => column.notNull())
    .addColumn('due_date', 'text')
    .addColumn('quotation_id', 'integer', (column) => column.references('quotations.id'))
    .addColumn('notes', 'text')
    .addColumn('amount_paid', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('unpaid'))
    .execute();
  await uniqueNumber(db, 'invoices');
  await tenantIndexes(db, 'invoices', [['contact_id'], ['branch_id'], ['invoice_date'], ['status'], ['quotation_id']]);

  await datedLineTable(db, 'invoice_lines', 'invoice_id', 'invoices')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_price', 'bigint', (column) => column.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await tenantIndexes(db, 'invoice_lines', [['invoice_id'], ['item_id']]);

  await recordTable(db, 'invoice_payments', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('payment_date', 'text', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('payment_method', 'text', (column) => column.notNull())
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    .execute();
  await uniqueNumber(db, 'invoice_payments');
  await tenantIndexes(db, 'invoice_payments', [['invoice_id'], ['payment_date']]);

  await withLocation(withLocation(recordTable(db, 'stock_requests', { tenant: true }), 'from_'), 'to_')
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('request_date', 'text', (column) => column.notNull())
    .addColumn('needed_by', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .execute();
  await uniqueNumber(db, 'stock_requests');
  await tenantIndexes(db, 'stock_requests', [['request_date'], ['status']]);

  await datedLineTable(db, 'stock_request_lines', 'stock_request_id', 'stock_requests')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('transferred_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await tenantIndexes(db, 'stock_request_lines', [['stock_request_id']]);

  await withLocation(withLocation(recordTable(db, 'stock_transfers', { tenant: true }), 'from_'), 'to_')
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('stock_request_id', 'integer', (column) => column.references('stock_requests.id'))
    .addColumn('transfer_date', 'text', (column) => column.notNull())
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('in_transit'))
    .execute();
  await uniqueNumber(db, 'stock_transfers');
  await tenantIndexes(db, 'stock_transfers', [['stock_request_id'], ['transfer_date'], ['status']]);

  await datedLineTable(db, 'stock_transfer_lines', 'stock_transfer_id', 'stock_transfers')
    .addColumn('stock_request_line_id', 'integer', (column) => column.references('stock_request_lines.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('received_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('returned_quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await tenantIndexes(db, 'stock_transfer_lines', [['stock_transfer_id']]);

  for (const [table, dateColumn, extra] of [
    ['stock_receives', 'received_date', null],
    ['stock_returns', 'return_date', 'reason'],
  ] as const) {
    let builder = recordTable(db, table, { tenant: true })
      .addColumn('number', 'text', (column) => column.notNull())
      .addColumn('stock_transfer_id', 'integer', (column) => column.notNull().references('stock_transfers.id'))
      .addColumn(dateColumn, 'text', (column) => column.notNull())
      .addColumn('notes', 'text');
    if (extra) builder = builder.addColumn(extra, 'text');
    await builder.execute();
    await uniqueNumber(db, table);
    await tenantIndexes(db, table, [['stock_transfer_id'], [dateColumn]]);
  }

  for (const [table, parentColumn, parentTable] of [
    ['stock_receive_lines', 'stock_receive_id', 'stock_receives'],
    ['stock_return_lines', 'stock_return_id', 'stock_returns'],
  ] as const) {
    await datedLineTable(db, table, parentColumn, parentTable)
      .addColumn('stock_transfer_line_id', 'integer', (column) =>
        column.notNull().references('stock_transfer_lines.id'),
      )
      .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
      .addColumn('quantity', 'bigint', (column) => column.notNull())
      .execute();
    await tenantIndexes(db, table, [[parentColumn], ['stock_transfer_line_id']]);
  }

  await withLocation(recordTable(db, 'stocks', { tenant: true }))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('location_key', 'text', (column) => column.notNull())
    .addColumn('quantity_on_hand', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('quantity_in_transit', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('average_unit_cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addCheckConstraint('stocks_quantity_on_hand_not_negative', sql`quantity_on_hand >= 0`)
    .addCheckConstraint('stocks_quantity_in_transit_not_negative', sql`quantity_in_transit >= 0`)
    .execute();
  await db.schema
    .createIndex('stocks_business_id_item_id_location_key_unique')
    .on('stocks')
    .columns(['business_id', 'item_id', 'location_key'])
    .unique()
    .execute();
  await tenantIndexes(db, 'stocks', [['location_key']]);

  const movementId = plainIdColumn(db);
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', movementId.type, movementId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('stock_id', 'integer', (column) => column.notNull().references('stocks.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('warehouse_id', 'integer', (column) => column.references('warehouses.id'))
    .addColumn('balance', 'text', (column) => column.notNull())
    .addColumn('quantity_delta', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .addColumn('document_type', 'text', (column) => column.notNull())
    .addColumn('document_id', 'integer', (column) => column.notNull())
    .addColumn('document_line_id', 'integer')
    .addColumn('document_number', 'text')
    .addColumn('occurred_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await tenantIndexes(db, 'stock_movements', [['stock_id'], ['document_type', 'document_id']]);

  const counterId = plainIdColumn(db);
  await db.schema
    .createTable('document_counters')
    .addColumn('id', counterId.type, counterId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('document_name', 'text', (column) => column.notNull())
    .addColumn('scope_key', 'text', (column) => column.notNull())
    .addColumn('total', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('document_counters_business_id_scope_unique')
    .on('document_counters')
    .columns(['business_id', 'scope', 'document_name', 'scope_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'document_counters',
    'stock_movements',
    'stocks',
    'stock_return_lines',
    'stock_returns',
    'stock_receive_lines',
    'stock_receives',
    'stock_transfer_lines',
    'stock_transfers',
    'stock_request_lines',
    'stock_requests',
    'invoice_payments',
    'invoice_lines',
    'invoices',
    'quotation_lines',
    'quotations',
    'bill_payments',
    'bill_lines',
    'bills',
    'receive_order_lines',
    'receive_orders',
    'purchase_order_lines',
    'purchase_orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
