import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';
import { countColumns, countExistingRows, createSqliteCountTriggers } from '../../record-counts.ts';

// A list screen asks for its total on every page. Counting 100,000 rows per request costs milliseconds that a
// busy branch notices, so each listed tenant table keeps its active and trashed totals per business in
// `record_counts`, maintained by triggers inside the writing transaction (every writer, seed and posting alike,
// keeps them true). `stocks` is left out: its rows are created mid-posting, and a second counter row to lock
// there would open a lock-order deadlock between concurrent postings.
const countedRecords = [
  'branches',
  'warehouses',
  'contact_types',
  'contacts',
  'measuring_masses',
  'unit_of_measurements',
  'conversions',
  'brands',
  'item_types',
  'item_classifications',
  'items',
  'purchase_item_prices',
  'sale_item_prices',
] as const;

// The documents among them, which postings create (migration 022 counts these differently on PostgreSQL).
export const countedDocuments = [
  'purchase_orders',
  'receive_orders',
  'bills',
  'bill_payments',
  'quotations',
  'invoices',
  'invoice_payments',
  'stock_requests',
  'stock_transfers',
  'stock_receives',
  'stock_returns',
] as const;

export const countedTables = [...countedRecords, ...countedDocuments] as const;

const listedTables = [...countedTables, 'stocks'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Serves the default list (active rows of one business, newest first) and its count from the index alone.
  for (const table of listedTables) {
    await db.schema
      .createIndex(`${table}_listing_index`)
      .on(table)
      .columns(['business_id', 'deleted_at', 'id'])
      .execute();
  }
  await countColumns(db, 'record_counts')
    .addPrimaryKeyConstraint('record_counts_primary', ['business_id', 'table_name'])
    .execute();
  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else for (const table of countedTables) await createSqliteCountTriggers(db, table);
  for (const table of countedTables) await countExistingRows(db, table);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION record_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO record_counts (business_id, table_name, active, trashed)
        VALUES (NEW.business_id, TG_TABLE_NAME, (NEW.deleted_at IS NULL)::int, (NEW.deleted_at IS NOT NULL)::int)
        ON CONFLICT (business_id, table_name) DO UPDATE
        SET active = record_counts.active + excluded.active, trashed = record_counts.trashed + excluded.trashed;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE record_counts
        SET active = active - (OLD.deleted_at IS NULL)::int, trashed = trashed - (OLD.deleted_at IS NOT NULL)::int
        WHERE business_id = OLD.business_id AND table_name = TG_TABLE_NAME;
      ELSIF (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) THEN
        UPDATE record_counts
        SET active = active + (NEW.deleted_at IS NULL)::int - (OLD.deleted_at IS NULL)::int,
          trashed = trashed + (NEW.deleted_at IS NOT NULL)::int - (OLD.deleted_at IS NOT NULL)::int
        WHERE business_id = NEW.business_id AND table_name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of countedTables) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_record_count`)}
      AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION record_counts_track()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of countedTables) {
    if (dialectOf(db) === 'postgres')
      await sql`DROP TRIGGER ${sql.raw(`${table}_record_count`)} ON ${sql.table(table)}`.execute(db);
    else
      for (const suffix of ['insert', 'delete', 'trash'])
        await sql`DROP TRIGGER ${sql.raw(`${table}_count_${suffix}`)}`.execute(db);
  }
  if (dialectOf(db) === 'postgres') await sql`DROP FUNCTION record_counts_track()`.execute(db);
  await db.schema.dropTable('record_counts').execute();
  for (const table of listedTables) await db.schema.dropIndex(`${table}_listing_index`).execute();
}
