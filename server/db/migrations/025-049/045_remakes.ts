import type { Generated, Kysely } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';
import { businessIndexes, lineTable } from '../../table-builders.ts';

// Remakes (docs/domain/eye-care.md, Remakes): a job order made again names the one it remakes, why, and who is
// accountable; the business sets the discount a patient-accountable remake is priced at, a supplier the days within
// which its lab redoes its own errors free. A lab accountable in that window owes the shop the lenses' cost: an
// expected lab credit, with its lines, until the lab confirms it and it becomes a debit memo.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('job_orders')
    .addColumn('remake_of_id', 'integer', (column) => column.references('job_orders.id'))
    .execute();
  await db.schema.alterTable('job_orders').addColumn('remake_reason', 'text').execute();
  await db.schema.alterTable('job_orders').addColumn('accountable', 'text').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('remake_discount_percent', 'integer', (column) => column.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('remake_warranty_days', 'integer', (column) => column.notNull().defaultTo(180))
    .execute();
  await recordTable(db, 'lab_credits', { tenant: true })
    .addColumn('job_order_id', 'integer', (column) => column.notNull().references('job_orders.id'))
    .addColumn('lab_contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('debit_memo_id', 'integer', (column) => column.references('debit_memos.id'))
    .addColumn('confirmed_at', 'text')
    .execute();
  await lineTable(db, 'lab_credit_lines', 'lab_credit_id', 'lab_credits')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('quantity', 'bigint', (column) => column.notNull())
    .addColumn('unit_cost', 'bigint', (column) => column.notNull())
    .execute();
  await businessIndexes(db, [
    ['job_orders', ['remake_of_id']],
    ['lab_credits', ['status', 'id']],
    ['lab_credits', ['job_order_id']],
    ['lab_credit_lines', ['lab_credit_id']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lab_credit_lines').execute();
  await db.schema.dropTable('lab_credits').execute();
  await db.schema.dropIndex('job_orders_business_id_remake_of_id_index').execute();
  for (const column of ['remake_of_id', 'remake_reason', 'accountable']) {
    await db.schema.alterTable('job_orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('businesses').dropColumn('remake_discount_percent').execute();
  await db.schema.alterTable('contacts').dropColumn('remake_warranty_days').execute();
}

export type RemakeReason =
  | 'lab_error'
  | 'prescriber_change'
  | 'measurement'
  | 'transcription'
  | 'fit'
  | 'non_adapt'
  | 'breakage'
  | 'other';
export type RemakeAccountable = 'lab' | 'prescriber' | 'optician' | 'patient' | 'vendor';

// `expected` until the lab confirms it; `confirmed` names the debit memo it became.
export type LabCreditStatus = 'expected' | 'confirmed';

export interface LabCreditsTable extends TenantColumns {
  job_order_id: number;
  lab_contact_id: number;
  amount: number;
  status: LabCreditStatus;
  debit_memo_id: number | null;
  confirmed_at: string | null;
}

export interface LabCreditLinesTable {
  id: Generated<number>;
  business_id: number;
  lab_credit_id: number;
  position: number;
  item_id: number;
  quantity: number;
  unit_cost: number;
}

declare module '../../tables/eye-care.ts' {
  interface JobOrderTable {
    remake_of_id: number | null;
    remake_reason: RemakeReason | null;
    accountable: RemakeAccountable | null;
  }
}

declare module '../../tables/master-data.ts' {
  interface BusinessesTable {
    remake_discount_percent: Generated<number>;
  }
  interface ContactsTable {
    remake_warranty_days: Generated<number>;
  }
}

declare module '../../database.ts' {
  interface Database {
    lab_credits: LabCreditsTable;
    lab_credit_lines: LabCreditLinesTable;
  }
}
