import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/database.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { recountStockLedgerValues } from '../../server/db/migrations/050-074/059_bill_revaluations.ts';
import { type BenchDatabase, numbers } from './bench-database.ts';
import { measureOneAtATime, percentile } from './measure.ts';
import { printTable } from './table.ts';

// A year of sales on the bench business: `count` one-line invoices at the first branch, spread over 365 days, each
// with its stock movement posted on its day, all but one in twenty paid the same day; and a prescription for every
// customer. Set-based INSERT ... SELECT, as openBenchDatabase builds the rest.
export async function addBenchSales(bench: BenchDatabase, count: number): Promise<void> {
  const { db, businessId, branchId } = bench;
  const existing = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('number', 'like', 'BENCH-%')
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  const at = new Date().toISOString();
  const postgres = dialectOf(db) === 'postgres';
  const day = postgres
    ? sql`to_char(DATE '2026-11-26' - (n % 365), 'YYYY-MM-DD')`
    : sql`date('2026-11-26', '-' || (n % 365) || ' days')`;
  const text = (value: ReturnType<typeof sql>) => (postgres ? sql`(${value})::text` : sql`CAST(${value} AS TEXT)`);
  const customer = await db
    .selectFrom('contacts')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    if (postgres) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`
      INSERT INTO invoices (business_id, created_at, updated_at, deleted_at, created_by, updated_by, number,
        reference_number, contact_id, branch_id, invoice_date, due_date, notes, amount_paid, status, subtotal,
        discount_total, total, vatable_sales, vat_amount)
      SELECT ${businessId}, ${at}, ${at}, NULL, NULL, NULL, 'BENCH-' || ${text(sql`n`)}, 'BENCH-' || ${text(sql`n`)},
        ${customer.id}, ${branchId}, ${day}, NULL, NULL, CASE WHEN n % 20 <> 0 THEN 112000 ELSE 0 END,
        CASE WHEN n % 20 <> 0 THEN 'paid' ELSE 'unpaid' END, 112000, 0, 112000, 100000, 12000
      FROM (${numbers(trx, count)}) AS counter`.execute(trx);
    await sql`
      INSERT INTO invoice_lines (business_id, invoice_id, position, created_at, updated_at, item_id, quantity,
        unit_price, discount_percent, amount, unit_cost, vat_amount)
      SELECT v.business_id, v.id, 1, ${at}, ${at}, s.item_id, 1000, 112000, NULL, 112000, 50000, 12000
      FROM invoices v
      JOIN stocks s ON s.business_id = v.business_id AND s.branch_id = v.branch_id
        AND s.id = (SELECT MIN(id) FROM stocks WHERE business_id = v.business_id AND branch_id = v.branch_id) + (v.id % 5000)
      WHERE v.business_id = ${businessId} AND v.number LIKE 'BENCH-%'`.execute(trx);
    await sql`
      INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance, quantity_delta,
        unit_cost, document_type, document_id, document_line_id, document_number, occurred_at, created_by)
      SELECT v.business_id, s.id, l.item_id, v.branch_id, NULL, 'on_hand', -1000, 50000, 'invoice', v.id, l.id,
        v.number, v.invoice_date || 'T03:00:00.000Z', NULL
      FROM invoice_lines l
      JOIN invoices v ON v.id = l.invoice_id
      JOIN stocks s ON s.business_id = v.business_id AND s.item_id = l.item_id AND s.branch_id = v.branch_id
      WHERE v.business_id = ${businessId} AND v.number LIKE 'BENCH-%'`.execute(trx);
    await sql`
      INSERT INTO invoice_payments (business_id, created_at, updated_at, deleted_at, created_by, updated_by, number,
        invoice_id, payment_date, amount, payment_method, reference, notes)
      SELECT business_id, ${at}, ${at}, NULL, NULL, NULL, 'BENCH-P' || ${text(sql`id`)}, id, invoice_date, 112000,
        'cash', NULL, NULL
      FROM invoices WHERE business_id = ${businessId} AND number LIKE 'BENCH-%' AND status = 'paid'`.execute(trx);
    await sql`
      INSERT INTO prescriptions (business_id, created_at, updated_at, deleted_at, created_by, updated_by, contact_id,
        kind, examined_on, expires_on, od_sphere, os_sphere)
      SELECT ${businessId}, ${at}, ${at}, NULL, NULL, NULL, c.id, 'spectacles', '2025-11-01', '2026-11-01', -125, -150
      FROM contacts c WHERE c.business_id = ${businessId}`.execute(trx);
    if (postgres) await sql`SET LOCAL session_replication_role = DEFAULT`.execute(trx);
  });
  // The bulk load on PostgreSQL ran without row triggers, so the kept ledger values are counted once after it.
  if (postgres) await recountStockLedgerValues(db as unknown as Kysely<unknown>);
  await (postgres ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
}

type Session = { base: string; read: Record<string, string> };

const cases: readonly [string, string][] = [
  ['stock-valuation today, by location', '/api/reports/stock-valuation'],
  ['stock-valuation 90 days ago, by item', `/api/reports/stock-valuation?as_of=2026-08-28&group_by=item`],
  ['sales, a month by day', '/api/reports/sales?date_from=2026-10-27&date_to=2026-11-26&group_by=day'],
  ['sales, a year by brand', '/api/reports/sales?date_from=2025-11-27&date_to=2026-11-26&group_by=brand'],
  ['receivables aging', '/api/reports/receivables-aging'],
  ['payables aging', '/api/reports/payables-aging'],
  ['slow movers, 90 days', '/api/reports/slow-movers'],
  ['reorder, every location', '/api/reports/reorder'],
  ['recalls, 30 days', '/api/reports/recalls'],
];

// One owner at a time, as a report is asked for: each case called one request after another for `seconds`.
export async function benchOwnerReports(session: Session, seconds: number, ledger: number, invoices: number) {
  const rows: string[][] = [];
  for (const [name, path] of cases) {
    const { durations, failures } = await measureOneAtATime(`${session.base}${path}`, session.read, seconds);
    const at = (fraction: number) => percentile(durations, fraction).toFixed(0);
    rows.push([name, String(durations.length), at(0.5), at(0.95), String(failures)]);
  }
  printTable(
    `Owner's reports at ${ledger.toLocaleString('en-US')} movements and ${invoices.toLocaleString('en-US')} invoices, one request at a time, ${seconds} s each (ms)`,
    ['report', 'requests', 'p50', 'p95', 'non-2xx'],
    rows,
  );
}

export async function invoiceCount(db: Kysely<Database>): Promise<number> {
  const counted = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
