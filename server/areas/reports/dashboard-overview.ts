import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { businessDate } from '../../domain/business-date.ts';
import type { Location } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { creditedColumn } from '../../ledger/payments.ts';
import { placedAt } from '../../ledger/references.ts';
import { type HiddenStock, isHidden } from '../../ledger/stock/blind-counts.ts';
import { expiringLots } from './expiring-lots.ts';
import { jobOrdersDue, jobOrdersReady } from './job-orders-due.ts';

const days = 30;

function lastDays(today: string): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

async function dailyTotals(
  db: Kysely<Database>,
  businessId: number,
  table: 'invoices' | 'bills',
  dateColumn: 'invoice_date' | 'bill_date',
  dates: readonly string[],
  place: Location | null,
) {
  const rows = await db
    .selectFrom(table)
    .select([`${dateColumn} as date`, db.fn.sum<string | number>('total').as('total')])
    .where('business_id', '=', businessId)
    .where(placedAt(table, place, table === 'bills'))
    .where('deleted_at', 'is', null)
    .where(dateColumn, '>=', dates[0] ?? '')
    .where(dateColumn, '<=', dates[dates.length - 1] ?? '')
    .groupBy(dateColumn)
    .execute();
  const byDate = new Map(rows.map((row) => [String(row.date), Number(row.total)]));
  // Sales are net of returns, each credit memo on its own date (docs/domain/sales.md, Credit memos).
  if (table === 'invoices') {
    const memos = await db
      .selectFrom('credit_memos')
      .select(['memo_date as date', db.fn.sum<string | number>('total').as('total')])
      .where('business_id', '=', businessId)
      .where(placedAt('credit_memos', place, false))
      .where('deleted_at', 'is', null)
      .where('memo_date', '>=', dates[0] ?? '')
      .where('memo_date', '<=', dates[dates.length - 1] ?? '')
      .groupBy('memo_date')
      .execute();
    for (const memo of memos) {
      byDate.set(String(memo.date), (byDate.get(String(memo.date)) ?? 0) - Number(memo.total));
    }
  }
  return dates.map((date) => ({ date, total: centavosToPesos(byDate.get(date) ?? 0) }));
}

async function openBalance(
  db: Kysely<Database>,
  businessId: number,
  table: 'invoices' | 'bills',
  place: Location | null,
) {
  // What memos took off is no longer owed, and a document they took past zero owes nothing.
  const credited = sql.ref(creditedColumn[table]);
  const row = await db
    .selectFrom(table)
    .select(
      sql<
        string | number
      >`SUM(CASE WHEN total - ${credited} - amount_paid > 0 THEN total - ${credited} - amount_paid ELSE 0 END)`.as(
        'owed',
      ),
    )
    .where('business_id', '=', businessId)
    .where(placedAt(table, place, table === 'bills'))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return centavosToPesos(Number(row?.owed ?? 0));
}

// Stock found, lost, written off or corrected by counts since the first of this month, by document date: the net,
// and the gains and the losses apart, so that a loss shows as a loss instead of lowering a sum of gains.
async function adjustedThisMonth(db: Kysely<Database>, businessId: number, today: string) {
  const row = await db
    .selectFrom('stock_adjustment_lines')
    .innerJoin('stock_adjustments', 'stock_adjustments.id', 'stock_adjustment_lines.stock_adjustment_id')
    .select([
      sql<
        string | number | null
      >`SUM(CASE WHEN stock_adjustment_lines.value > 0 THEN stock_adjustment_lines.value ELSE 0 END)`.as('gains'),
      sql<
        string | number | null
      >`SUM(CASE WHEN stock_adjustment_lines.value < 0 THEN -stock_adjustment_lines.value ELSE 0 END)`.as('losses'),
    ])
    .where('stock_adjustment_lines.business_id', '=', businessId)
    .where('stock_adjustments.business_id', '=', businessId)
    .where('stock_adjustments.deleted_at', 'is', null)
    .where('stock_adjustments.adjustment_date', '>=', `${today.slice(0, 7)}-01`)
    .where('stock_adjustments.adjustment_date', '<=', today)
    .executeTakeFirst();
  const gains = Number(row?.gains ?? 0);
  const losses = Number(row?.losses ?? 0);
  return {
    adjusted_this_month: centavosToPesos(gains - losses),
    adjusted_gains_this_month: centavosToPesos(gains),
    adjusted_losses_this_month: centavosToPesos(losses),
  };
}

// The Overview's chart data: the last 30 Manila days of sales and purchases (bills), what customers owe and
// what is owed to suppliers, stock value per location (goods in transit at their destination), items at or below their reorder level, best sellers, job
// orders due and lots expiring soon. A place narrows every figure to that branch or warehouse (a user tied to it).
export async function dashboardOverview(
  db: Kysely<Database>,
  businessId: number,
  now: Date,
  place: Location | null,
  hidden: HiddenStock,
) {
  const dates = lastDays(businessDate(now));
  const stocks = await db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .leftJoin('branches', 'branches.id', 'stocks.branch_id')
    .leftJoin('warehouses', 'warehouses.id', 'stocks.warehouse_id')
    .select([
      'stocks.item_id',
      'stocks.branch_id',
      'stocks.warehouse_id',
      'stocks.location_key',
      'stocks.quantity_on_hand',
      // The stock row's ledger value (migration 015), goods in transit to it included: the figure Stock Valuation
      // reads, so that the two agree to the centavo.
      sql<string | number | null>`(SELECT v.value FROM stock_ledger_values v WHERE v.stock_id = stocks.id)`.as(
        'ledger_value',
      ),
      'items.code',
      'items.name',
      'items.reorder_level',
      'items.is_inventory_tracked',
      'branches.name as branch_name',
      'warehouses.name as warehouse_name',
    ])
    .where('stocks.business_id', '=', businessId)
    .where(placedAt('stocks', place))
    .orderBy('stocks.location_key')
    .execute()
    // A location being counted blind is left out of the stock figures (docs/domain/logistics.md, Blind counts).
    .then((rows) => rows.filter((row) => !isHidden(hidden, row)));
  const values = new Map<
    string,
    { branch_id: number | null; warehouse_id: number | null; location_name: string; value: number }
  >();
  for (const stock of stocks) {
    const entry = values.get(stock.location_key) ?? {
      branch_id: stock.branch_id,
      warehouse_id: stock.warehouse_id,
      location_name: stock.branch_name ?? stock.warehouse_name ?? '',
      value: 0,
    };
    entry.value += Number(stock.ledger_value ?? 0);
    values.set(stock.location_key, entry);
  }
  // Thousandths × centavos, rounded once per location, as Stock Valuation rounds its rows.
  for (const entry of values.values()) entry.value = Math.round(entry.value / 1000);
  const lowStock = stocks
    .filter(
      (stock) =>
        Number(stock.is_inventory_tracked) === 1 &&
        stock.reorder_level !== null &&
        Number(stock.quantity_on_hand) <= Number(stock.reorder_level),
    )
    .sort((a, b) => Number(a.quantity_on_hand) - Number(b.quantity_on_hand))
    .slice(0, 20)
    .map((stock) => ({
      item_id: stock.item_id,
      item_code: stock.code,
      item_name: stock.name,
      branch_id: stock.branch_id,
      warehouse_id: stock.warehouse_id,
      location_name: stock.branch_name ?? stock.warehouse_name ?? '',
      quantity_on_hand: fromThousandths(Number(stock.quantity_on_hand)),
      reorder_level: fromThousandths(Number(stock.reorder_level)),
    }));
  const topItems = await db
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .innerJoin('items', 'items.id', 'invoice_lines.item_id')
    .select([
      'items.id as item_id',
      'items.code as item_code',
      'items.name as item_name',
      db.fn.sum<string | number>('invoice_lines.quantity').as('quantity'),
      db.fn.sum<string | number>('invoice_lines.amount').as('total'),
    ])
    .where('invoices.business_id', '=', businessId)
    .where('invoices.deleted_at', 'is', null)
    .where('invoices.invoice_date', '>=', dates[0] ?? '')
    .where(placedAt('invoices', place, false))
    .groupBy(['items.id', 'items.code', 'items.name'])
    .orderBy('total', 'desc')
    .limit(5)
    .execute();
  return {
    sales_by_day: await dailyTotals(db, businessId, 'invoices', 'invoice_date', dates, place),
    purchases_by_day: await dailyTotals(db, businessId, 'bills', 'bill_date', dates, place),
    receivables: await openBalance(db, businessId, 'invoices', place),
    payables: await openBalance(db, businessId, 'bills', place),
    stock_value_by_location: [...values.values()].map((entry) => ({ ...entry, value: centavosToPesos(entry.value) })),
    low_stock_items: lowStock,
    top_items: topItems.map((item) => ({
      item_id: item.item_id,
      item_code: item.item_code,
      item_name: item.item_name,
      quantity: fromThousandths(Number(item.quantity)),
      total: centavosToPesos(Number(item.total)),
    })),
    ...(await adjustedThisMonth(db, businessId, businessDate(now))),
    job_orders_due: await jobOrdersDue(db, businessId, businessDate(now), place),
    job_orders_ready: await jobOrdersReady(db, businessId, now, place),
    expiring_lots: await expiringLots(db, businessId, businessDate(now), place, hidden),
  };
}
