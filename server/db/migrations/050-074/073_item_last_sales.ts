import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../dialect.ts';

// Each item's last sale at each branch, the date of its latest standing invoice there, kept by triggers in the
// writing transaction: the slow movers (docs/domain/reports.md) read one row per item and branch instead of grouping
// every invoice line ever posted. A sale only moves the date forward; a line taken away (an edit replaces its lines)
// or an invoice voided, restored, moved to another day or branch counts its items again from their lines, which the
// (business_id, item_id) index of the lines finds. A line's item is never changed in place: an edit replaces lines.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_last_sales')
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (column) => column.notNull().references('branches.id'))
    .addColumn('business_id', 'integer', (column) => column.notNull())
    .addColumn('last_sold_on', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('item_last_sales_pkey', ['item_id', 'branch_id'])
    .execute();
  await db.schema
    .createIndex('item_last_sales_business_id_item_id_index')
    .on('item_last_sales')
    .columns(['business_id', 'item_id'])
    .execute();
  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
  await recountItemLastSales(db);
}

// The items' rows counted afresh from the lines of their standing invoices; `items` selects the item ids.
const recount = (business: string, items: string) => `
  DELETE FROM item_last_sales WHERE item_id IN (${items});
  INSERT INTO item_last_sales (item_id, branch_id, business_id, last_sold_on)
  SELECT l.item_id, v.branch_id, l.business_id, MAX(v.invoice_date)
  FROM invoice_lines l JOIN invoices v ON v.id = l.invoice_id
  WHERE l.business_id = ${business} AND l.item_id IN (${items}) AND v.deleted_at IS NULL
  GROUP BY l.item_id, v.branch_id, l.business_id
  ON CONFLICT (item_id, branch_id) DO UPDATE SET last_sold_on = excluded.last_sold_on;`;

// A taken-away line can change its item's last sale only when its invoice is gone, or stood on the kept date.
const mayHaveBeenLast = `NOT EXISTS (SELECT 1 FROM invoices v JOIN item_last_sales s ON s.branch_id = v.branch_id
  WHERE v.id = OLD.invoice_id AND s.item_id = OLD.item_id AND s.last_sold_on > v.invoice_date)`;

const invoiceMoved = `(OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.invoice_date <> NEW.invoice_date
  OR OLD.branch_id <> NEW.branch_id`;

const itemsOfInvoice = 'SELECT item_id FROM invoice_lines WHERE invoice_id = NEW.id';

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION item_last_sale_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO item_last_sales (item_id, branch_id, business_id, last_sold_on)
      SELECT NEW.item_id, v.branch_id, NEW.business_id, v.invoice_date FROM invoices v
      WHERE v.id = NEW.invoice_id AND v.deleted_at IS NULL
      ON CONFLICT (item_id, branch_id)
        DO UPDATE SET last_sold_on = GREATEST(item_last_sales.last_sold_on, EXCLUDED.last_sold_on);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION item_last_sale_take_back() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${sql.raw(mayHaveBeenLast)} THEN ${sql.raw(recount('OLD.business_id', 'OLD.item_id'))}
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION item_last_sale_invoice_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(recount('NEW.business_id', itemsOfInvoice))}
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER invoice_lines_last_sale_add AFTER INSERT ON invoice_lines
    FOR EACH ROW EXECUTE FUNCTION item_last_sale_add()`.execute(db);
  await sql`
    CREATE TRIGGER invoice_lines_last_sale_take_back AFTER DELETE ON invoice_lines
    FOR EACH ROW EXECUTE FUNCTION item_last_sale_take_back()`.execute(db);
  await sql`
    CREATE TRIGGER invoices_last_sale_moved AFTER UPDATE ON invoices
    FOR EACH ROW WHEN (${sql.raw(invoiceMoved)}) EXECUTE FUNCTION item_last_sale_invoice_moved()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // The WHERE before ON CONFLICT keeps SQLite from reading the upsert's ON as a join's.
  await sql`
    CREATE TRIGGER invoice_lines_last_sale_add AFTER INSERT ON invoice_lines
    BEGIN
      INSERT INTO item_last_sales (item_id, branch_id, business_id, last_sold_on)
      SELECT NEW.item_id, v.branch_id, NEW.business_id, v.invoice_date FROM invoices v
      WHERE v.id = NEW.invoice_id AND v.deleted_at IS NULL
      ON CONFLICT (item_id, branch_id) DO UPDATE SET last_sold_on = MAX(last_sold_on, excluded.last_sold_on);
    END`.execute(db);
  await sql`
    CREATE TRIGGER invoice_lines_last_sale_take_back AFTER DELETE ON invoice_lines
    WHEN ${sql.raw(mayHaveBeenLast)}
    BEGIN ${sql.raw(recount('OLD.business_id', 'OLD.item_id'))}
    END`.execute(db);
  await sql`
    CREATE TRIGGER invoices_last_sale_moved AFTER UPDATE ON invoices
    WHEN ${sql.raw(invoiceMoved)}
    BEGIN ${sql.raw(recount('NEW.business_id', itemsOfInvoice))}
    END`.execute(db);
}

// Every item's last sales counted afresh: after this migration, and after a bulk load that wrote invoices with
// triggers off (the chain bench on PostgreSQL).
export async function recountItemLastSales(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM item_last_sales`.execute(db);
  await sql`
    INSERT INTO item_last_sales (item_id, branch_id, business_id, last_sold_on)
    SELECT l.item_id, v.branch_id, MIN(l.business_id), MAX(v.invoice_date)
    FROM invoice_lines l JOIN invoices v ON v.id = l.invoice_id
    WHERE v.deleted_at IS NULL
    GROUP BY l.item_id, v.branch_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const name of ['item_last_sale_add', 'item_last_sale_take_back', 'item_last_sale_invoice_moved']) {
      await sql`DROP FUNCTION ${sql.raw(name)}() CASCADE`.execute(db);
    }
  } else {
    for (const name of [
      'invoice_lines_last_sale_add',
      'invoice_lines_last_sale_take_back',
      'invoices_last_sale_moved',
    ]) {
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('item_last_sales').execute();
}

declare module '../../database.ts' {
  interface Database {
    item_last_sales: { item_id: number; branch_id: number; business_id: number; last_sold_on: string };
  }
}
