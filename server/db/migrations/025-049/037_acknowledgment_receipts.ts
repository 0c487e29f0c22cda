import type { Generated, Kysely } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { plainIdColumn, recordTable } from '../../dialect.ts';
import { businessIndexes, uniqueNumber } from '../../table-builders.ts';
import type { PaymentMethod } from '../../tables/documents.ts';

// Acknowledgment receipts (docs/domain/sales.md, Deposits): money taken before the sale, owed to the customer until an
// invoice applies it, it is refunded or it is forfeited. The receipt keeps what was applied, refunded and forfeited,
// so that its balance is read without summing, and its refunds are rows of their own (who, when, why, which drawer).
// An invoice payment in `deposit` names the receipt it spends. Money in centavos.
export async function up(db: Kysely<unknown>): Promise<void> {
  await recordTable(db, 'acknowledgment_receipts', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('receipt_date', 'text', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('payment_method', 'text', (column) => column.notNull())
    .addColumn('job_order_id', 'integer', (column) => column.references('job_orders.id'))
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    // The terminal it was issued at (docs/domain/cash.md, Terminals); named by the terminals' own migration, hence no reference.
    .addColumn('terminal_id', 'integer')
    .addColumn('cash_session_id', 'integer', (column) => column.references('cash_sessions.id'))
    .addColumn('applied_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('forfeited_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('forfeited_on', 'text')
    .execute();
  const id = plainIdColumn(db);
  await db.schema
    .createTable('acknowledgment_receipt_refunds')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('acknowledgment_receipt_id', 'integer', (column) =>
      column.notNull().references('acknowledgment_receipts.id'),
    )
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('payment_method', 'text', (column) => column.notNull())
    .addColumn('refund_date', 'text', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addColumn('cash_session_id', 'integer', (column) => column.references('cash_sessions.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .alterTable('invoice_payments')
    .addColumn('acknowledgment_receipt_id', 'integer', (column) => column.references('acknowledgment_receipts.id'))
    .execute();
  await uniqueNumber(db, 'acknowledgment_receipts');
  await businessIndexes(db, [
    ['acknowledgment_receipts', ['deleted_at', 'id']],
    ['acknowledgment_receipts', ['receipt_date']],
    ['acknowledgment_receipts', ['contact_id']],
    ['acknowledgment_receipts', ['job_order_id']],
    ['acknowledgment_receipts', ['cash_session_id']],
    ['acknowledgment_receipt_refunds', ['acknowledgment_receipt_id']],
    ['acknowledgment_receipt_refunds', ['refund_date']],
    ['acknowledgment_receipt_refunds', ['cash_session_id']],
    ['invoice_payments', ['acknowledgment_receipt_id']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoice_payments_business_id_acknowledgment_receipt_id_index').execute();
  await db.schema.alterTable('invoice_payments').dropColumn('acknowledgment_receipt_id').execute();
  await db.schema.dropTable('acknowledgment_receipt_refunds').execute();
  await db.schema.dropTable('acknowledgment_receipts').execute();
}

// The methods money is taken and refunded in: a deposit is money, never a contact's credit.
export type DepositMethod = Exclude<PaymentMethod, 'store_credit' | 'supplier_credit' | 'deposit'>;

export interface AcknowledgmentReceiptsTable extends TenantColumns {
  number: string;
  contact_id: number;
  branch_id: number;
  receipt_date: string;
  amount: number;
  payment_method: DepositMethod;
  job_order_id: number | null;
  reference: string | null;
  notes: string | null;
  terminal_id: number | null;
  cash_session_id: number | null;
  applied_amount: Generated<number>;
  refunded_amount: Generated<number>;
  forfeited_amount: Generated<number>;
  forfeited_on: string | null;
}

export interface AcknowledgmentReceiptRefundsTable {
  id: Generated<number>;
  business_id: number;
  acknowledgment_receipt_id: number;
  amount: number;
  payment_method: DepositMethod;
  refund_date: string;
  reason: string | null;
  cash_session_id: number | null;
  created_at: string;
  created_by: number | null;
}

declare module '../../database.ts' {
  interface Database {
    acknowledgment_receipts: AcknowledgmentReceiptsTable;
    acknowledgment_receipt_refunds: AcknowledgmentReceiptRefundsTable;
  }
}

declare module '../../tables/documents.ts' {
  interface InvoicePaymentTable {
    acknowledgment_receipt_id: number | null;
  }
}
