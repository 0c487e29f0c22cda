import type { Kysely } from 'kysely';
import { tenantIndexes } from '../../table-builders.ts';

// Two indexes whose columns begin two others (migrations 016 and 021): every query they served is served by the
// longer one, and every invoice and stock movement written paid for them, an invoice twice (its insert and its
// numbering), on the posting's path (docs/PERFORMANCE.md, What moved the numbers).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_contact_id_index').ifExists().execute();
  await db.schema.dropIndex('stock_movements_stock_id_index').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await tenantIndexes(db, 'invoices', [['contact_id']]);
  await tenantIndexes(db, 'stock_movements', [['stock_id']]);
}
