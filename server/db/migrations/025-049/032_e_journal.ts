import type { Generated, Kysely } from 'kysely';
import { plainIdColumn } from '../../dialect.ts';

// The e-journal (docs/domain/cash.md, The e-journal): the print of each posted invoice, credit memo and Z-reading as
// it was at posting, written once and never updated; a void or a restore is a line of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = plainIdColumn(db);
  await db.schema
    .createTable('e_journal_entries')
    .addColumn('id', id.type, id.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull())
    .addColumn('terminal_id', 'integer')
    .addColumn('document_type', 'text', (column) => column.notNull())
    .addColumn('document_id', 'integer', (column) => column.notNull())
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('entry_date', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createIndex('e_journal_entries_business_id_entry_date_index')
    .on('e_journal_entries')
    .columns(['business_id', 'entry_date', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('e_journal_entries').execute();
}

export interface EJournalEntriesTable {
  id: Generated<number>;
  business_id: number;
  branch_id: number;
  terminal_id: number | null;
  document_type: 'invoice' | 'credit_memo' | 'acknowledgment_receipt' | 'z_reading';
  document_id: number;
  number: string;
  event: 'posted' | 'voided' | 'restored';
  entry_date: string;
  text: string;
  created_at: string;
  created_by: number | null;
}

declare module '../../database.ts' {
  interface Database {
    e_journal_entries: EJournalEntriesTable;
  }
}
