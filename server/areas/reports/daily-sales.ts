import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentMethod } from '../../db/tables/documents.ts';
import { centavosToPesos } from '../../domain/money.ts';

// `terminalId`: one terminal's share of its branch's day, for its Z (docs/domain/cash.md, Terminals).
export type DailySalesQuery = { branchId: number | null; dateFrom: string; dateTo: string; terminalId?: number };

export const paymentMethods: readonly PaymentMethod[] = ['cash', 'bank_transfer', 'check', 'card', 'e_wallet'];

const summed = ['subtotal', 'discount_total', 'vat_removed', 'special_discount_total', 'vatable_sales', 'vat_amount'];

// A figure of the invoices still standing (voided ones count as issued and voided, never as sales).
const standing = (column: string) =>
  sql<string | number>`SUM(CASE WHEN deleted_at IS NULL THEN ${sql.ref(column)} ELSE 0 END)`.as(column);

const voidedNumber = (fn: 'MIN' | 'MAX', alias: string) =>
  sql<string | null>`${sql.raw(fn)}(CASE WHEN deleted_at IS NOT NULL THEN number END)`.as(alias);

// What a day's invoices at a branch add up to, in the order both the JSON rows and the CSV give it.
export const invoiceFigureColumns = [
  'invoices_issued',
  'issued_from',
  'issued_to',
  'invoices_voided',
  'voided_from',
  'voided_to',
  'gross_sales',
  'regular_discounts',
  'vat_exemption',
  'special_discounts',
  'vatable_sales',
  'vat_amount',
  'vat_exempt_sales',
  'zero_rated_sales',
] as const;

// What the day's deposits came to at a branch (docs/domain/sales.md, Deposits), last in both the JSON rows and the CSV.
export const depositFigureColumns = [
  'deposits_received',
  'deposits_applied',
  'deposits_refunded',
  'deposits_forfeited',
] as const;

// The report's columns in order: the JSON rows' keys.
export const dailySalesColumns = [
  'branch_id',
  'branch_name',
  'date',
  ...invoiceFigureColumns,
  'credit_memos_issued',
  'credit_memos_from',
  'credit_memos_to',
  'returns_total',
  'returns_vat_amount',
  'refunds_total',
  'net_sales',
  'collections_cash',
  'collections_bank_transfer',
  'collections_check',
  'collections_card',
  'collections_e_wallet',
  'collections_total',
  'collections_store_credit',
  ...depositFigureColumns,
] as const;

type Key = string;
const keyOf = (branchId: number, date: string): Key => `${branchId}|${date}`;

// The daily sales report of docs/domain/reports.md: per branch and invoice date, the invoices issued and voided with
// their number ranges and the sums of the standing invoices' stored figures; per branch and payment date, the
// standing payments by method. Every figure is a sum of stored centavos, so the report equals its documents.
export async function dailySales(db: Kysely<Database>, businessId: number, query: DailySalesQuery) {
  let invoices = db
    .selectFrom('invoices')
    .select([
      'branch_id',
      'invoice_date as date',
      sql<string | number>`COUNT(*)`.as('issued'),
      sql<string>`MIN(number)`.as('issued_from'),
      sql<string>`MAX(number)`.as('issued_to'),
      sql<string | number>`SUM(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END)`.as('voided'),
      voidedNumber('MIN', 'voided_from'),
      voidedNumber('MAX', 'voided_to'),
      ...summed.map(standing),
      standing('vat_exempt_sales'),
      standing('zero_rated_sales'),
      standing('total'),
    ])
    .where('business_id', '=', businessId)
    .where('invoice_date', '>=', query.dateFrom)
    .where('invoice_date', '<=', query.dateTo)
    .groupBy(['branch_id', 'invoice_date']);
  if (query.branchId !== null) invoices = invoices.where('branch_id', '=', query.branchId);
  if (query.terminalId !== undefined) invoices = invoices.where('terminal_id', '=', query.terminalId);

  let payments = db
    .selectFrom('invoice_payments')
    .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
    .select([
      'invoices.branch_id',
      'invoice_payments.payment_date as date',
      'invoice_payments.payment_method',
      sql<string | number>`SUM(invoice_payments.amount)`.as('amount'),
    ])
    .where('invoice_payments.business_id', '=', businessId)
    .where('invoice_payments.deleted_at', 'is', null)
    .where('invoice_payments.payment_date', '>=', query.dateFrom)
    .where('invoice_payments.payment_date', '<=', query.dateTo)
    .groupBy(['invoices.branch_id', 'invoice_payments.payment_date', 'invoice_payments.payment_method']);
  if (query.branchId !== null) payments = payments.where('invoices.branch_id', '=', query.branchId);
  if (query.terminalId !== undefined) payments = payments.where('invoice_payments.terminal_id', '=', query.terminalId);

  // Credit memos count on their own date (docs/domain/sales.md, Credit memos), whatever the date of their invoice.
  let memos = db
    .selectFrom('credit_memos')
    .select([
      'branch_id',
      'memo_date as date',
      sql<string | number>`COUNT(*)`.as('issued'),
      sql<string>`MIN(number)`.as('issued_from'),
      sql<string>`MAX(number)`.as('issued_to'),
      sql<string | number>`SUM(total)`.as('total'),
      sql<string | number>`SUM(vat_amount)`.as('vat_amount'),
      sql<string | number>`SUM(CASE WHEN settlement = 'refund' THEN excess_amount ELSE 0 END)`.as('refunds_total'),
    ])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('memo_date', '>=', query.dateFrom)
    .where('memo_date', '<=', query.dateTo)
    .groupBy(['branch_id', 'memo_date']);
  if (query.branchId !== null) memos = memos.where('branch_id', '=', query.branchId);
  if (query.terminalId !== undefined) memos = memos.where('terminal_id', '=', query.terminalId);

  const [sales, collected, credited, deposits] = await Promise.all([
    invoices.execute(),
    payments.execute(),
    memos.execute(),
    depositMoves(db, businessId, query),
  ]);
  const keys = new Map<Key, { branchId: number; date: string }>();
  for (const row of [...sales, ...collected, ...credited, ...deposits]) {
    keys.set(keyOf(row.branch_id, String(row.date)), { branchId: row.branch_id, date: String(row.date) });
  }
  const salesOf = new Map(sales.map((row) => [keyOf(row.branch_id, String(row.date)), row]));
  const memosOf = new Map(credited.map((row) => [keyOf(row.branch_id, String(row.date)), row]));
  const branches = await db
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('id', 'in', [...[...keys.values()].map((key) => key.branchId), 0])
    .execute();
  const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
  const ordered = [...keys.values()].sort((a, b) =>
    a.date === b.date
      ? (branchName.get(a.branchId) ?? '').localeCompare(branchName.get(b.branchId) ?? '')
      : a.date < b.date
        ? -1
        : 1,
  );

  return ordered.map(({ branchId, date }) => {
    const row = salesOf.get(keyOf(branchId, date));
    const memo = memosOf.get(keyOf(branchId, date));
    const deposited = (kind: DepositMove) =>
      deposits
        .filter((move) => move.branch_id === branchId && String(move.date) === date && move.kind === kind)
        .reduce((sum, move) => sum + Number(move.amount), 0);
    const pesos = (value: string | number | null | undefined) => centavosToPesos(Number(value ?? 0));
    const collections = Object.fromEntries(
      paymentMethods.map((method) => {
        const amount = collected
          .filter((payment) => payment.branch_id === branchId && String(payment.date) === date)
          .filter((payment) => payment.payment_method === method)
          .reduce((sum, payment) => sum + Number(payment.amount), 0);
        return [method, amount];
      }),
    ) as Record<PaymentMethod, number>;
    return {
      branch_id: branchId,
      branch_name: branchName.get(branchId) ?? null,
      date,
      invoices_issued: Number(row?.issued ?? 0),
      issued_from: row?.issued_from ?? null,
      issued_to: row?.issued_to ?? null,
      invoices_voided: Number(row?.voided ?? 0),
      voided_from: row?.voided_from ?? null,
      voided_to: row?.voided_to ?? null,
      gross_sales: pesos(row?.subtotal),
      regular_discounts: pesos(row?.discount_total),
      vat_exemption: pesos(row?.vat_removed),
      special_discounts: pesos(row?.special_discount_total),
      vatable_sales: pesos(row?.vatable_sales),
      vat_amount: pesos(row?.vat_amount),
      vat_exempt_sales: pesos(row?.vat_exempt_sales),
      zero_rated_sales: pesos(row?.zero_rated_sales),
      credit_memos_issued: Number(memo?.issued ?? 0),
      credit_memos_from: memo?.issued_from ?? null,
      credit_memos_to: memo?.issued_to ?? null,
      returns_total: pesos(memo?.total),
      returns_vat_amount: pesos(memo?.vat_amount),
      refunds_total: pesos(memo?.refunds_total),
      net_sales: centavosToPesos(Number(row?.total ?? 0) - Number(memo?.total ?? 0)),
      collections_cash: pesos(collections.cash),
      collections_bank_transfer: pesos(collections.bank_transfer),
      collections_check: pesos(collections.check),
      collections_card: pesos(collections.card),
      collections_e_wallet: pesos(collections.e_wallet),
      collections_total: pesos(paymentMethods.reduce((sum, method) => sum + collections[method], 0)),
      // Paid from credit that an earlier credit memo left: shown beside the collections, never in their total, since
      // that money came in with the original sale.
      collections_store_credit: pesos(
        collected
          .filter((payment) => payment.branch_id === branchId && String(payment.date) === date)
          .filter((payment) => payment.payment_method === 'store_credit')
          .reduce((sum, payment) => sum + Number(payment.amount), 0),
      ),
      // Deposits are owed to the customer, not sold (docs/domain/sales.md, Deposits): apart from the sales and the
      // collections. One applied to an invoice is paid with money that came in on its receipt's day.
      deposits_received: pesos(deposited('received')),
      deposits_applied: pesos(
        collected
          .filter((payment) => payment.branch_id === branchId && String(payment.date) === date)
          .filter((payment) => payment.payment_method === 'deposit')
          .reduce((sum, payment) => sum + Number(payment.amount), 0),
      ),
      deposits_refunded: pesos(deposited('refunded')),
      deposits_forfeited: pesos(deposited('forfeited')),
    };
  });
}

type DepositMove = 'received' | 'refunded' | 'forfeited';

// The day's deposits by branch: received (standing receipts by their date), refunded (by the refund's date) and
// forfeited (by the forfeiture's day), one statement. A terminal's (its Z) are those of the receipts it issued.
async function depositMoves(db: Kysely<Database>, businessId: number, query: DailySalesQuery) {
  const terminal = query.terminalId === undefined ? sql`` : sql` AND receipt.terminal_id = ${query.terminalId}`;
  const branch = query.branchId === null ? terminal : sql` AND receipt.branch_id = ${query.branchId}${terminal}`;
  const result = await sql<{ branch_id: number; date: string; kind: DepositMove; amount: string | number }>`
    SELECT receipt.branch_id, receipt.receipt_date AS date, 'received' AS kind, SUM(receipt.amount) AS amount
      FROM acknowledgment_receipts AS receipt
      WHERE receipt.business_id = ${businessId} AND receipt.deleted_at IS NULL
        AND receipt.receipt_date >= ${query.dateFrom} AND receipt.receipt_date <= ${query.dateTo}${branch}
      GROUP BY receipt.branch_id, receipt.receipt_date
    UNION ALL
    SELECT receipt.branch_id, refund.refund_date AS date, 'refunded' AS kind, SUM(refund.amount) AS amount
      FROM acknowledgment_receipt_refunds AS refund
      JOIN acknowledgment_receipts AS receipt ON receipt.id = refund.acknowledgment_receipt_id
      WHERE refund.business_id = ${businessId}
        AND refund.refund_date >= ${query.dateFrom} AND refund.refund_date <= ${query.dateTo}${branch}
      GROUP BY receipt.branch_id, refund.refund_date
    UNION ALL
    SELECT receipt.branch_id, receipt.forfeited_on AS date, 'forfeited' AS kind, SUM(receipt.forfeited_amount) AS amount
      FROM acknowledgment_receipts AS receipt
      WHERE receipt.business_id = ${businessId} AND receipt.deleted_at IS NULL AND receipt.forfeited_amount > 0
        AND receipt.forfeited_on >= ${query.dateFrom} AND receipt.forfeited_on <= ${query.dateTo}${branch}
      GROUP BY receipt.branch_id, receipt.forfeited_on`.execute(db);
  return result.rows;
}
