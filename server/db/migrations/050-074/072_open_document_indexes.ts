import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// The documents still owed on, by business and date, for the agings (docs/domain/reports.md): a chain's unpaid
// invoices are a twentieth of five years of them, and the status index cannot hand "not paid" without reading every
// paid one. On PostgreSQL the index carries what an aging shows, so the open documents are read from it alone.
const open = [
  {
    table: 'invoices',
    date: 'invoice_date',
    shown: ['id', 'contact_id', 'number', 'due_date', 'total', 'amount_paid', 'payer_share'],
  },
  { table: 'bills', date: 'bill_date', shown: ['id', 'contact_id', 'number', 'due_date', 'total', 'amount_paid'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const { table, date, shown } of open) {
    const carried = postgres ? sql` INCLUDE (${sql.join(shown.map((column) => sql.ref(column)))})` : sql``;
    await sql`
      CREATE INDEX ${sql.ref(`${table}_business_id_${date}_open_index`)} ON ${sql.table(table)}
        (business_id, ${sql.ref(date)})${carried} WHERE status <> 'paid' AND deleted_at IS NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, date } of open) await db.schema.dropIndex(`${table}_business_id_${date}_open_index`).execute();
}
