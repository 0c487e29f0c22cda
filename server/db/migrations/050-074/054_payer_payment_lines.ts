import { type Generated, type Kysely, sql } from 'kysely';
import { businessIndexes, lineTable } from '../../table-builders.ts';

// What each payer's payment did to each claim line, and how the payer paid (docs/domain/sales.md, Payer claims): the
// payer aging as of a past day counts only the payments and disallowances dated by then. Payments recorded before
// this migration kept only each line's sums, so a line's settlement is put on its claim's latest payment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payer_claim_payments').addColumn('payment_method', 'text').execute();
  await lineTable(db, 'payer_claim_payment_lines', 'payer_claim_payment_id', 'payer_claim_payments')
    .addColumn('invoice_id', 'integer', (column) => column.notNull().references('invoices.id'))
    .addColumn('paid', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('disallowed', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('disallowed_to', 'text')
    .execute();
  await businessIndexes(db, [
    ['payer_claim_payment_lines', ['invoice_id']],
    ['payer_claim_payment_lines', ['payer_claim_payment_id']],
  ]);
  await sql`
    INSERT INTO payer_claim_payment_lines
      (business_id, payer_claim_payment_id, position, invoice_id, paid, disallowed, disallowed_to)
    SELECT l.business_id,
      (SELECT MAX(p.id) FROM payer_claim_payments p WHERE p.payer_claim_id = l.payer_claim_id AND p.deleted_at IS NULL),
      l.position, l.invoice_id, l.paid, l.disallowed, l.disallowed_to
    FROM payer_claim_lines l
    WHERE (l.paid > 0 OR l.disallowed > 0)
      AND EXISTS (SELECT 1 FROM payer_claim_payments p WHERE p.payer_claim_id = l.payer_claim_id AND p.deleted_at IS NULL)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payer_claim_payment_lines').execute();
  await db.schema.alterTable('payer_claim_payments').dropColumn('payment_method').execute();
}

export type PayerPaymentMethod = 'bank_transfer' | 'check' | 'cash';

export interface PayerClaimPaymentLinesTable {
  id: Generated<number>;
  business_id: number;
  payer_claim_payment_id: number;
  position: number;
  invoice_id: number;
  paid: Generated<number>;
  disallowed: Generated<number>;
  disallowed_to: 'member' | 'written_off' | null;
}

declare module '../025-049/042_benefits.ts' {
  interface PayerClaimPaymentsTable {
    payment_method: PayerPaymentMethod | null;
  }
}

declare module '../../database.ts' {
  interface Database {
    payer_claim_payment_lines: PayerClaimPaymentLinesTable;
  }
}
