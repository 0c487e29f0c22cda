import { type Generated, type Kysely, sql } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';
import { addAmountColumns, businessIndexes, lineTable, uniqueNumber } from '../../table-builders.ts';

// HMO and PhilHealth benefits (docs/domain/sales.md, HMO and PhilHealth benefits): payers are contacts, a member's
// benefit caps what its payer pays per plan year, a letter of authorization (LOA) lets one invoice split its total
// between the payer and the member, and a payer claim bills the payer for its shares. Money in centavos.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A payer's and a patient's own fields, in one block (other features add contact fields too).
  await db.schema.alterTable('contacts').addColumn('payer_kind', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('withholding_percent', 'real').execute();
  await db.schema.alterTable('contacts').addColumn('claim_terms_days', 'integer').execute();
  await db.schema.alterTable('contacts').addColumn('birth_date', 'text').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('philhealth_accredited', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  // Every business gets the contact type its payers are of, as a new business does (businesses.ts).
  await sql`INSERT INTO contact_types (business_id, name, created_at, updated_at)
    SELECT b.id, 'Payer', ${new Date().toISOString()}, ${new Date().toISOString()} FROM businesses b
    WHERE NOT EXISTS (SELECT 1 FROM contact_types t WHERE t.business_id = b.id AND lower(t.name) = 'payer')`.execute(
    db,
  );
  await recordTable(db, 'benefits', { tenant: true })
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('payer_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('member_number', 'text', (column) => column.notNull())
    .addColumn('plan_name', 'text')
    .addColumn('plan_year_start', 'text', (column) => column.notNull())
    .addColumn('annual_cap', 'bigint', (column) => column.notNull())
    // The covered item types' ids as a JSON array; empty covers every item.
    .addColumn('item_type_ids', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('copay_percent', 'real')
    .addColumn('valid_until', 'text')
    .execute();
  await recordTable(db, 'loas', { tenant: true })
    .addColumn('benefit_id', 'integer', (column) => column.notNull().references('benefits.id'))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('control_number', 'text')
    .addColumn('valid_until', 'text', (column) => column.notNull())
    .addColumn('approved_amount', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('approved'))
    .addColumn('invoice_id', 'integer', (column) => column.references('invoices.id'))
    .execute();

  // The invoice's split. credited_total keeps taking what is not the member's to pay (memos, and the payer's share),
  // so that every balance read (payments, statements, the lists' balance) reads the member's part.
  await db.schema.alterTable('invoices').addColumn('loa_id', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('payer_id', 'integer').execute();
  await addAmountColumns(db, 'invoices', ['payer_share']);

  await recordTable(db, 'payer_claims', { tenant: true })
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('payer_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('claim_date', 'text', (column) => column.notNull())
    .addColumn('period_from', 'text', (column) => column.notNull())
    .addColumn('period_to', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('draft'))
    .addColumn('total', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('submitted_at', 'text')
    .addColumn('notes', 'text')
    .execute();
  await lineTable(db, 'payer_claim_lines', 'payer_claim_id', 'payer_claims')
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('paid', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('disallowed', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    // What became of a disallowed amount: back on the member's balance, or written off.
    .addColumn('disallowed_to', 'text')
    .execute();
  await recordTable(db, 'payer_claim_payments', { tenant: true })
    .addColumn('payer_claim_id', 'integer', (column) => column.notNull().references('payer_claims.id'))
    .addColumn('payment_date', 'text', (column) => column.notNull())
    .addColumn('amount_received', 'bigint', (column) => column.notNull())
    .addColumn('tax_withheld', 'bigint', (column) => column.notNull())
    .addColumn('form_2307_number', 'text')
    .execute();
  await uniqueNumber(db, 'payer_claims');
  await businessIndexes(db, [
    ['benefits', ['deleted_at', 'id']],
    ['benefits', ['contact_id']],
    ['loas', ['deleted_at', 'id']],
    ['loas', ['benefit_id']],
    ['invoices', ['loa_id']],
    ['invoices', ['payer_id']],
    ['payer_claims', ['deleted_at', 'id']],
    ['payer_claims', ['payer_id']],
    ['payer_claim_lines', ['payer_claim_id']],
    ['payer_claim_lines', ['invoice_id']],
    ['payer_claim_payments', ['payer_claim_id']],
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payer_claim_payments').execute();
  await db.schema.dropTable('payer_claim_lines').execute();
  await db.schema.dropTable('payer_claims').execute();
  for (const index of ['invoices_business_id_loa_id_index', 'invoices_business_id_payer_id_index']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['payer_share', 'payer_id', 'loa_id']) {
    await db.schema.alterTable('invoices').dropColumn(column).execute();
  }
  await db.schema.dropTable('loas').execute();
  await db.schema.dropTable('benefits').execute();
  await db.schema.alterTable('businesses').dropColumn('philhealth_accredited').execute();
  for (const column of ['birth_date', 'claim_terms_days', 'withholding_percent', 'payer_kind']) {
    await db.schema.alterTable('contacts').dropColumn(column).execute();
  }
}

export type PayerKind = 'hmo' | 'philhealth';
export type LoaStatus = 'approved' | 'used' | 'expired' | 'cancelled';
export type PayerClaimStatus = 'draft' | 'submitted' | 'partly_paid' | 'paid';

export interface BenefitsTable extends TenantColumns {
  contact_id: number;
  payer_id: number;
  member_number: string;
  plan_name: string | null;
  plan_year_start: string;
  annual_cap: number;
  item_type_ids: Generated<string>;
  copay_percent: number | null;
  valid_until: string | null;
}

export interface LoasTable extends TenantColumns {
  benefit_id: number;
  number: string;
  control_number: string | null;
  valid_until: string;
  approved_amount: number;
  status: Generated<LoaStatus>;
  invoice_id: number | null;
}

export interface PayerClaimsTable extends TenantColumns {
  number: string;
  payer_id: number;
  branch_id: number;
  claim_date: string;
  period_from: string;
  period_to: string;
  status: Generated<PayerClaimStatus>;
  total: Generated<number>;
  submitted_at: string | null;
  notes: string | null;
}

export interface PayerClaimLinesTable {
  id: Generated<number>;
  business_id: number;
  payer_claim_id: number;
  position: number;
  invoice_id: number;
  amount: number;
  paid: Generated<number>;
  disallowed: Generated<number>;
  reason: string | null;
  disallowed_to: 'member' | 'written_off' | null;
}

export interface PayerClaimPaymentsTable extends TenantColumns {
  payer_claim_id: number;
  payment_date: string;
  amount_received: number;
  tax_withheld: number;
  form_2307_number: string | null;
}

// The columns this migration adds to older tables, joined into Database's table maps (server/db/database.ts).
export type BenefitColumns = {
  contacts: {
    payer_kind: PayerKind | null;
    withholding_percent: number | null;
    claim_terms_days: number | null;
    birth_date: string | null;
  };
  businesses: { philhealth_accredited: Generated<number> };
  invoices: { loa_id: number | null; payer_id: number | null; payer_share: Generated<number> };
};

declare module '../../database.ts' {
  interface Database {
    benefits: BenefitsTable;
    loas: LoasTable;
    payer_claims: PayerClaimsTable;
    payer_claim_lines: PayerClaimLinesTable;
    payer_claim_payments: PayerClaimPaymentsTable;
  }
}
