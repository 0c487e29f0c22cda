import type { Kysely } from 'kysely';

// The recalls report finds each patient's latest invoice (the branch they last bought at). With only
// (business_id, contact_id) PostgreSQL walked every invoice of the business by date until it met the patient's;
// this index hands a patient's invoices newest first, so the latest is one index entry (docs/PERFORMANCE.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('invoices_contact_id_invoice_date_index')
    .on('invoices')
    .columns(['business_id', 'contact_id', 'invoice_date', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_contact_id_invoice_date_index').execute();
}
