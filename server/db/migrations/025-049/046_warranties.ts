import type { Kysely } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';
import { businessIndexes, uniqueNumber } from '../../table-builders.ts';

// Warranties (docs/domain/eye-care.md, Warranties): a term covers items of some types and brands for some months; an
// invoice line of a covered item keeps the day its warranty ends, stamped when the invoice posts. A warranty claim
// against that line replaces, repairs, refunds or denies; a replacement leaves stock at cost as warranty cost.
// The term's lists (covers, item types, brands) are kept as JSON arrays: a business has a handful of terms, read
// whole when an invoice posts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await recordTable(db, 'warranty_terms', { tenant: true })
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('months', 'integer', (column) => column.notNull())
    .addColumn('covers', 'text', (column) => column.notNull())
    .addColumn('item_type_ids', 'text', (column) => column.notNull())
    .addColumn('brand_ids', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .execute();
  await db.schema.alterTable('invoice_lines').addColumn('warranty_until', 'text').execute();
  await recordTable(db, 'warranty_claims', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('invoice_line_id', 'integer', (column) => column.notNull().references('invoice_lines.id'))
    .addColumn('claim_date', 'text', (column) => column.notNull())
    .addColumn('issue', 'text', (column) => column.notNull())
    .addColumn('resolution', 'text')
    .addColumn('replacement_item_id', 'integer', (column) => column.references('items.id'))
    .addColumn('lot_number', 'text')
    .addColumn('quantity', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('within_warranty', 'integer', (column) => column.notNull())
    .addColumn('cost', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .execute();
  await uniqueNumber(db, 'warranty_claims');
  await businessIndexes(db, [
    ['warranty_terms', ['deleted_at', 'id']],
    ['warranty_claims', ['deleted_at', 'id']],
    ['warranty_claims', ['claim_date']],
    ['warranty_claims', ['invoice_line_id']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('warranty_claims').execute();
  await db.schema.alterTable('invoice_lines').dropColumn('warranty_until').execute();
  await db.schema.dropTable('warranty_terms').execute();
}

export type WarrantyCover = 'frame' | 'lenses' | 'coating';
export type WarrantyResolution = 'replace' | 'repair' | 'refund' | 'denied';

export interface WarrantyTermsTable extends TenantColumns {
  name: string;
  months: number;
  // JSON arrays: WarrantyCover[], item type ids, brand ids (an empty list of ids covers every type or brand).
  covers: string;
  item_type_ids: string;
  brand_ids: string;
  description: string | null;
}

export interface WarrantyClaimsTable extends TenantColumns {
  number: string;
  contact_id: number;
  branch_id: number;
  invoice_id: number;
  invoice_line_id: number;
  claim_date: string;
  issue: string;
  resolution: WarrantyResolution | null;
  replacement_item_id: number | null;
  lot_number: string | null;
  quantity: number;
  within_warranty: number;
  // What the replacement cost the shop (centavos), the average it left stock at.
  cost: number;
  notes: string | null;
}

declare module '../../tables/documents.ts' {
  interface InvoiceLineTable {
    warranty_until: string | null;
  }
}

declare module '../../database.ts' {
  interface Database {
    warranty_terms: WarrantyTermsTable;
    warranty_claims: WarrantyClaimsTable;
  }
}
