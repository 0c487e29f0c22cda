import type { Kysely } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';

// The e-invoice outbox (docs/domain/management.md, E-invoices): one row per invoice or credit memo posted, written
// in the posting's own transaction, holding the EIS JSON as it will be sent. `lease_until` is the claim a sender
// holds while a batch is on the wire: a sender that dies leaves the row to the next one once the lease runs out,
// and the row goes again under the same `eis_unique_id`, which the EIS keeps once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await recordTable(db, 'e_invoices', { tenant: true })
    .addColumn('document_type', 'text', (column) => column.notNull())
    .addColumn('document_id', 'integer', (column) => column.notNull())
    .addColumn('document_number', 'text', (column) => column.notNull())
    .addColumn('document_date', 'text', (column) => column.notNull())
    .addColumn('eis_unique_id', 'text', (column) => column.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('answer', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('e_invoices_eis_unique_id_unique')
    .on('e_invoices')
    .columns(['eis_unique_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('e_invoices_business_id_status_next_attempt_at_index')
    .on('e_invoices')
    .columns(['business_id', 'status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('e_invoices_business_id_document_type_document_id_index')
    .on('e_invoices')
    .columns(['business_id', 'document_type', 'document_id'])
    .execute();
  await db.schema
    .createIndex('e_invoices_business_id_document_date_index')
    .on('e_invoices')
    .columns(['business_id', 'document_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('e_invoices').execute();
}

export type EInvoiceDocumentType = 'invoice' | 'credit_memo';
// pending: waiting for its first or next attempt; sent: claimed by a sender and on the wire (or its answer lost);
// accepted | rejected: the EIS's answer; cancelled: its document was voided before it went; incomplete: the
// business lacks what the format requires (its TIN, its address), and Retry builds it again once it is filled in.
export type EInvoiceStatus = 'incomplete' | 'pending' | 'sent' | 'accepted' | 'rejected' | 'cancelled';

export interface EInvoicesTable extends TenantColumns {
  document_type: EInvoiceDocumentType;
  document_id: number;
  document_number: string;
  document_date: string;
  eis_unique_id: string;
  payload: string | null;
  status: EInvoiceStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  sent_at: string | null;
  answered_at: string | null;
  answer: string | null;
  last_error: string | null;
}

declare module '../../database.ts' {
  interface Database {
    e_invoices: EInvoicesTable;
  }
}
