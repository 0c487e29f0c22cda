import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { type Centavos, centavosToPesos, pesosToCentavos } from '../../domain/money.ts';
import { conflict, fieldError } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { standingById } from '../../ledger/references.ts';
import { resolveTerminal, type Terminal } from '../../ledger/terminals.ts';
import { type CashDocumentKey, cashDocumentKeys } from '../../registry/resources.ts';
import { dailySales } from '../reports/daily-sales.ts';

// The end of a branch's business day (docs/domain/cash.md, Z-reading). Its sales figures are the daily sales report's
// row for that branch and day, computed by the same function, so that the reading and the report never disagree and
// whatever the report learns (returns, refunds) the reading carries too.

type DailySalesRow = Awaited<ReturnType<typeof dailySales>>[number];

export type DayFigures = Omit<DailySalesRow, 'date'> & {
  business_date: string;
  terminal_id: number;
  terminal_name: string | null;
  voided_amount: number;
  special_discounts_by_program: {
    discount_program_id: number | null;
    program_name: string | null;
    count: number;
    amount: number;
  }[];
  cash_sessions: {
    cash_session_id: number;
    user_name: string | null;
    status: 'open' | 'closed';
    expected_cash: number;
    counted_cash: number | null;
    difference: number | null;
  }[];
  cash_difference: number;
};

// One terminal's day at its branch (docs/domain/cash.md, Terminals): a branch with one terminal reads its whole day.
export async function dayFigures(
  db: Kysely<Database>,
  businessId: number,
  branchId: number,
  day: string,
  terminalId: number,
): Promise<DayFigures> {
  const [rows, branch, terminal, voided, programs, sessions] = await Promise.all([
    dailySales(db, businessId, { branchId, dateFrom: day, dateTo: day, terminalId }),
    db.selectFrom('branches').select('name').where('id', '=', branchId).executeTakeFirst(),
    db.selectFrom('terminals').select('name').where('id', '=', terminalId).executeTakeFirst(),
    db
      .selectFrom('invoices')
      .select(sql<string | number | null>`SUM(total)`.as('amount'))
      .where('business_id', '=', businessId)
      .where('branch_id', '=', branchId)
      .where('terminal_id', '=', terminalId)
      .where('invoice_date', '=', day)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('invoices')
      .leftJoin('discount_programs', 'discount_programs.id', 'invoices.special_discount_program_id')
      .select([
        'invoices.special_discount_program_id',
        'discount_programs.name',
        sql<string | number>`COUNT(*)`.as('count'),
        sql<string | number>`SUM(invoices.special_discount_total)`.as('amount'),
      ])
      .where('invoices.business_id', '=', businessId)
      .where('invoices.branch_id', '=', branchId)
      .where('invoices.terminal_id', '=', terminalId)
      .where('invoices.invoice_date', '=', day)
      .where('invoices.deleted_at', 'is', null)
      .where('invoices.special_discount_program_id', 'is not', null)
      .groupBy(['invoices.special_discount_program_id', 'discount_programs.name'])
      .orderBy('discount_programs.name')
      .execute(),
    db
      .selectFrom('cash_sessions')
      .innerJoin('users', 'users.id', 'cash_sessions.user_id')
      .select([
        'cash_sessions.id',
        'cash_sessions.status',
        'cash_sessions.opening_float',
        'cash_sessions.expected_cash',
        'cash_sessions.counted_cash',
        'cash_sessions.difference',
        'users.name',
      ])
      .where('cash_sessions.business_id', '=', businessId)
      .where('cash_sessions.branch_id', '=', branchId)
      .where('cash_sessions.terminal_id', '=', terminalId)
      .where('cash_sessions.business_date', '=', day)
      .where('cash_sessions.deleted_at', 'is', null)
      .orderBy('cash_sessions.id')
      .execute(),
  ]);
  const row = rows[0];
  const zero = centavosToPesos(0);
  const pesos = (value: string | number | null | undefined) => centavosToPesos(Number(value ?? 0));
  const difference = sessions.reduce((sum, session) => sum + Number(session.difference ?? 0), 0);
  return {
    branch_id: branchId,
    branch_name: branch?.name ?? null,
    terminal_id: terminalId,
    terminal_name: terminal?.name ?? null,
    business_date: day,
    invoices_issued: row?.invoices_issued ?? 0,
    issued_from: row?.issued_from ?? null,
    issued_to: row?.issued_to ?? null,
    invoices_voided: row?.invoices_voided ?? 0,
    voided_from: row?.voided_from ?? null,
    voided_to: row?.voided_to ?? null,
    gross_sales: row?.gross_sales ?? zero,
    regular_discounts: row?.regular_discounts ?? zero,
    vat_exemption: row?.vat_exemption ?? zero,
    special_discounts: row?.special_discounts ?? zero,
    vatable_sales: row?.vatable_sales ?? zero,
    vat_amount: row?.vat_amount ?? zero,
    vat_exempt_sales: row?.vat_exempt_sales ?? zero,
    zero_rated_sales: row?.zero_rated_sales ?? zero,
    net_sales: row?.net_sales ?? zero,
    collections_cash: row?.collections_cash ?? zero,
    collections_bank_transfer: row?.collections_bank_transfer ?? zero,
    collections_check: row?.collections_check ?? zero,
    collections_card: row?.collections_card ?? zero,
    collections_e_wallet: row?.collections_e_wallet ?? zero,
    collections_total: row?.collections_total ?? zero,
    collections_store_credit: row?.collections_store_credit ?? zero,
    deposits_received: row?.deposits_received ?? zero,
    deposits_applied: row?.deposits_applied ?? zero,
    deposits_refunded: row?.deposits_refunded ?? zero,
    deposits_forfeited: row?.deposits_forfeited ?? zero,
    credit_memos_issued: row?.credit_memos_issued ?? 0,
    credit_memos_from: row?.credit_memos_from ?? null,
    credit_memos_to: row?.credit_memos_to ?? null,
    returns_total: row?.returns_total ?? zero,
    returns_vat_amount: row?.returns_vat_amount ?? zero,
    refunds_total: row?.refunds_total ?? zero,
    voided_amount: pesos(voided?.amount),
    special_discounts_by_program: programs.map((program) => ({
      discount_program_id: program.special_discount_program_id,
      program_name: program.name ?? null,
      count: Number(program.count),
      amount: pesos(program.amount),
    })),
    cash_sessions: sessions.map((session) => ({
      cash_session_id: session.id,
      user_name: session.name,
      status: session.status,
      expected_cash: pesos(session.expected_cash),
      counted_cash: session.counted_cash === null ? null : pesos(session.counted_cash),
      difference: session.difference === null ? null : pesos(session.difference),
    })),
    cash_difference: centavosToPesos(difference),
  };
}

// The terminal's latest reading: the grand total the next one carries on from. A reading written without its terminal
// is its branch's first terminal's, which carries the branch's series and total on.
export async function latestReading(db: Kysely<Database>, businessId: number, terminal: Terminal) {
  return db
    .selectFrom('z_readings')
    .select(['id', 'business_date', 'z_counter', 'accumulated_grand_total'])
    .where('business_id', '=', businessId)
    .where((where) =>
      terminal.series_key.startsWith('B')
        ? where.or([
            where('terminal_id', '=', terminal.id),
            where.and([where('terminal_id', 'is', null), where('branch_id', '=', terminal.branch_id)]),
          ])
        : where('terminal_id', '=', terminal.id),
    )
    .orderBy('z_counter', 'desc')
    .limit(1)
    .executeTakeFirst();
}

type DayWindow = { businessId: number; branchId: number; terminalId: number; from: string; before: string };

// The days each document that takes cash (its registry entry's `takesCash`) was made at a terminal, voided ones too:
// a new one does not compile until its days are here.
export const cashDocumentDays: Record<CashDocumentKey, (window: DayWindow) => RawBuilder<{ day: string }>> = {
  'invoice-payments': ({ businessId, branchId, terminalId, from, before }) => sql`
    SELECT payment.payment_date AS day FROM invoice_payments AS payment
      JOIN invoices AS invoice ON invoice.id = payment.invoice_id
      WHERE payment.business_id = ${businessId} AND invoice.branch_id = ${branchId}
        AND payment.terminal_id = ${terminalId}
        AND payment.payment_date > ${from} AND payment.payment_date < ${before}`,
  'credit-memos': ({ businessId, branchId, terminalId, from, before }) => sql`
    SELECT memo_date AS day FROM credit_memos
      WHERE business_id = ${businessId} AND branch_id = ${branchId} AND terminal_id = ${terminalId}
        AND memo_date > ${from} AND memo_date < ${before}`,
  'acknowledgment-receipts': ({ businessId, branchId, terminalId, from, before }) => sql`
    SELECT receipt_date AS day FROM acknowledgment_receipts
      WHERE business_id = ${businessId} AND branch_id = ${branchId} AND terminal_id = ${terminalId}
        AND receipt_date > ${from} AND receipt_date < ${before}
    UNION
    SELECT refund.refund_date AS day FROM acknowledgment_receipt_refunds AS refund
      JOIN acknowledgment_receipts AS receipt ON receipt.id = refund.acknowledgment_receipt_id
      WHERE refund.business_id = ${businessId} AND receipt.branch_id = ${branchId}
        AND receipt.terminal_id = ${terminalId}
        AND refund.refund_date > ${from} AND refund.refund_date < ${before}`,
};

// The days after `after` (the terminal's last Z, or none) and before `before` on which the terminal holds a sales
// document (an invoice, or a document that takes cash; voided ones too, since a Z lists its voids), oldest first: the
// days a Z must close before a later one (docs/domain/cash.md, Z-reading). A day of deposits only is such a day: its
// Z is where they are counted.
export async function salesDaysBetween(
  db: Kysely<Database>,
  businessId: number,
  branchId: number,
  terminalId: number,
  after: string | null,
  before: string,
): Promise<string[]> {
  const window = { businessId, branchId, terminalId, from: after ?? '', before };
  const invoiceDays = sql`
    SELECT invoice_date AS day FROM invoices
      WHERE business_id = ${businessId} AND branch_id = ${branchId} AND terminal_id = ${terminalId}
        AND invoice_date > ${window.from} AND invoice_date < ${before}`;
  const days = [invoiceDays, ...cashDocumentKeys.map((key) => cashDocumentDays[key](window))];
  const result = await sql<{ day: string }>`${sql.join(days, sql` UNION `)} ORDER BY day`.execute(db);
  return result.rows.map((row) => row.day);
}

export type ZReadingInput = { branch_id: number; business_date?: string; terminal_id?: number | null | undefined };

export async function createZReading(context: PostingContext, input: ZReadingInput): Promise<number> {
  const today = businessDate(context.now);
  const day = input.business_date ?? today;
  if (day > today) throw fieldError('business_date', `A day is closed once it has begun: ${day} is after today.`);
  const branch = await standingById(context, 'branches', input.branch_id)
    .select(['id', 'name'])
    // Waits for the documents of the branch being saved now, and holds back those that come after until the reading
    // commits (server/engine/closed-day.ts): the day's figures are read with nothing of that day in flight.
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!branch) throw fieldError('branch_id', unknownChoice('branch_id'));
  const terminal = await resolveTerminal(context, branch.id, input.terminal_id);
  // A branch's first terminal answers for the branch, as before it had more than one.
  const place = terminal.series_key.startsWith('B') ? branch.name : `${branch.name} ${terminal.name}`;
  const location = { branch_id: branch.id, warehouse_id: null };
  // The terminal's Z counter row is the series' lock as well: a second close of the same terminal waits until the
  // first commits, then reads its reading below. A refused reading rolls the counter back, so the series has no gaps.
  const number = await assignDocumentNumber(context, 'z-reading', location, day, terminal.series_key);
  const previous = await latestReading(context.trx, context.businessId, terminal);
  if (previous && previous.business_date >= day) {
    if (previous.business_date === day) throw conflict(`${place} already has its Z-reading for ${day}.`);
    throw fieldError(
      'business_date',
      `${place}'s last Z-reading closed ${previous.business_date}: a reading closes a later day.`,
    );
  }
  // Days close in order, so that every sale lands in exactly one reading and the grand total runs through them all;
  // a day without sales needs no reading, and the total carries across it.
  const [earlier] = await salesDaysBetween(
    context.trx,
    context.businessId,
    branch.id,
    terminal.id,
    previous?.business_date ?? null,
    day,
  );
  if (earlier !== undefined) {
    throw fieldError(
      'business_date',
      `${place} has sales on ${earlier} with no Z-reading yet: close ${earlier} before ${day}.`,
    );
  }
  const stillOpen = await context.trx
    .selectFrom('cash_sessions')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('branch_id', '=', branch.id)
    .where('terminal_id', '=', terminal.id)
    .where('status', '=', 'open')
    .where('business_date', '<=', day)
    .executeTakeFirst();
  if (stillOpen) {
    throw fieldError('branch_id', `Close the open cash sessions at ${place} before closing the day.`);
  }
  const figures = await dayFigures(context.trx, context.businessId, branch.id, day, terminal.id);
  const netSales: Centavos = pesosToCentavos(figures.net_sales);
  const previousGrandTotal = Number(previous?.accumulated_grand_total ?? 0);
  return enterDocument(context, 'z_readings', {
    branch_id: branch.id,
    terminal_id: terminal.id,
    business_date: day,
    number,
    z_counter: Number(previous?.z_counter ?? 0) + 1,
    figures: JSON.stringify(figures),
    net_sales: netSales,
    previous_grand_total: previousGrandTotal,
    accumulated_grand_total: previousGrandTotal + netSales,
    cash_difference: pesosToCentavos(figures.cash_difference),
  });
}

type Frozen = { branch_id: number; business_date: string; figures: string };

// A reading's frozen figures as the contract gives them. A reading made before its figures carried the store credit
// paid that day reads it from the payments: the day is closed, so they stand as they stood when it was made.
export async function frozenFigures(
  db: Kysely<Database>,
  businessId: number,
  readings: readonly Frozen[],
): Promise<DayFigures[]> {
  const parsed = readings.map((reading) => JSON.parse(reading.figures) as DayFiguresBefore & Partial<DayFigures>);
  const older = readings.filter((_, index) => parsed[index]?.collections_store_credit === undefined);
  const paid =
    older.length === 0
      ? []
      : await db
          .selectFrom('invoice_payments')
          .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
          .select([
            'invoices.branch_id',
            'invoice_payments.payment_date',
            sql<string | number>`SUM(invoice_payments.amount)`.as('amount'),
          ])
          .where('invoice_payments.business_id', '=', businessId)
          .where('invoice_payments.deleted_at', 'is', null)
          .where('invoice_payments.payment_method', '=', 'store_credit')
          .where(
            'invoice_payments.payment_date',
            'in',
            older.map((reading) => reading.business_date),
          )
          .where(
            'invoices.branch_id',
            'in',
            older.map((reading) => reading.branch_id),
          )
          .groupBy(['invoices.branch_id', 'invoice_payments.payment_date'])
          .execute();
  const paidOn = new Map(paid.map((row) => [`${row.branch_id}|${row.payment_date}`, Number(row.amount)]));
  return parsed.map((figures, index) => {
    const reading = readings[index] as Frozen;
    return {
      ...figures,
      // A reading made before deposits were taken had none to show.
      deposits_received: figures.deposits_received ?? 0,
      deposits_applied: figures.deposits_applied ?? 0,
      deposits_refunded: figures.deposits_refunded ?? 0,
      deposits_forfeited: figures.deposits_forfeited ?? 0,
      collections_store_credit:
        figures.collections_store_credit ??
        centavosToPesos(paidOn.get(`${reading.branch_id}|${reading.business_date}`) ?? 0),
    };
  });
}

type DayFiguresBefore = Omit<
  DayFigures,
  'collections_store_credit' | 'deposits_received' | 'deposits_applied' | 'deposits_refunded' | 'deposits_forfeited'
>;
