import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// A chain's lists on one database (docs/domain/reports.md, A chain on one database), measured at 3,000,000 invoices
// and 200,000 contacts (docs/PERFORMANCE.md).
// - The invoice list reads newest first by its date, the id breaking ties, with or without one branch. The date and
//   branch indexes now hold that whole order and the trash mark, so a page is the next entries of one index and a
//   deep page skips its offset in the index alone; they replace the two they extend (a query the shorter served, the
//   longer serves), so a posting writes no more index entries than before. One branch's first page took 1.6 s.
// - A number searched as dialled is matched on a phone's digits (engine/list.ts): on PostgreSQL a trigram index on
//   those digits, the expression written exactly as the search writes it, finds the few contacts instead of a scan
//   of all of them (2.5 s). SQLite has no index that a LIKE inside a text could use.
const digitIndexes = [
  ['contacts_phone_digits_trgm', 'phone'],
  ['contacts_mobile_digits_trgm', 'mobile'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_invoice_date_index').execute();
  await db.schema
    .createIndex('invoices_business_id_invoice_date_id_index')
    .on('invoices')
    .columns(['business_id', 'invoice_date', 'id', 'deleted_at'])
    .execute();
  await db.schema.dropIndex('invoices_branch_id_index').execute();
  await db.schema
    .createIndex('invoices_business_id_branch_id_invoice_date_id_index')
    .on('invoices')
    .columns(['business_id', 'branch_id', 'invoice_date', 'id', 'deleted_at'])
    .execute();
  if (dialectOf(db) !== 'postgres') return;
  for (const [name, column] of digitIndexes) {
    await sql`
      CREATE INDEX ${sql.id(name)} ON contacts
      USING gin (translate(${sql.ref(column)}, ' -().+', '') public.gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const [name] of digitIndexes) await db.schema.dropIndex(name).execute();
  }
  await db.schema.dropIndex('invoices_business_id_branch_id_invoice_date_id_index').execute();
  await db.schema
    .createIndex('invoices_branch_id_index')
    .on('invoices')
    .columns(['business_id', 'branch_id'])
    .execute();
  await db.schema.dropIndex('invoices_business_id_invoice_date_id_index').execute();
  await db.schema
    .createIndex('invoices_invoice_date_index')
    .on('invoices')
    .columns(['business_id', 'invoice_date'])
    .execute();
}
