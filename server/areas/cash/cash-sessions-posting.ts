import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CashMovementKind } from '../../db/tables/cash.ts';
import type { PaymentMethod } from '../../db/tables/documents.ts';
import { businessDate } from '../../domain/business-date.ts';
import { type Centavos, pesosToCentavos } from '../../domain/money.ts';
import { conflict, fieldError, notFound } from '../../domain/refusal.ts';
import { enterDocument, reviseDocument } from '../../ledger/document-entry.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { ownById, requireActive } from '../../ledger/references.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import { type CashDocumentKey, cashDocumentKeys } from '../../registry/resources.ts';
import { paymentMethods } from '../reports/daily-sales.ts';

// The cashier's drawer (docs/domain/cash.md). A session opens with a float; while it is open the user's payments at
// its branch belong to it by themselves, cash in and cash out are recorded on it with a reason, and closing counts
// the drawer by face value against what it should hold.

// The face values a drawer is counted in, as the close call names them (the ₱20 bill and coin share "20").
export const denominations = ['1000', '500', '200', '100', '50', '20', '10', '5', '1', '0.25'] as const;
export type Denomination = (typeof denominations)[number];
export type DenominationCount = Partial<Record<Denomination, number>>;

export const faceCentavos: Record<Denomination, Centavos> = {
  '1000': 100_000,
  '500': 50_000,
  '200': 20_000,
  '100': 10_000,
  '50': 5_000,
  '20': 2_000,
  '10': 1_000,
  '5': 500,
  '1': 100,
  '0.25': 25,
};

export function countedCentavos(counted: DenominationCount): Centavos {
  return denominations.reduce((sum, face) => sum + (counted[face] ?? 0) * faceCentavos[face], 0);
}

export type DrawerFigures = {
  openingFloat: Centavos;
  cashReceived: Centavos;
  cashRefunded: Centavos;
  cashIn: Centavos;
  cashOut: Centavos;
};

// docs/domain/cash.md, Closing: what the drawer should hold.
export function expectedCash(figures: DrawerFigures): Centavos {
  return figures.openingFloat + figures.cashReceived - figures.cashRefunded + figures.cashIn - figures.cashOut;
}

export type SessionFigures = DrawerFigures & {
  expectedCash: Centavos;
  totalsByMethod: Record<PaymentMethod, Centavos>;
  paymentsCount: number;
};

type SessionRow = { id: number; opening_float: number | string };

// What a document that takes cash put into or took out of a drawer, per session: `payment` a sale's payment by its
// method (the drawer's totals by method), `received` and `refunded` cash that is no payment (deposits, refunds).
type DrawerCash = {
  cash_session_id: number;
  kind: 'payment' | 'received' | 'refunded';
  method: PaymentMethod;
  amount: string | number;
  count: string | number;
};
type DrawerQuery = (db: Kysely<Database>, sessionIds: readonly number[]) => Promise<readonly DrawerCash[]>;

// One query per document whose registry entry `takesCash`: a new one is not counted (and does not compile) until its
// query is here. Standing documents only: a voided one leaves the drawer as if it had never been taken.
export const drawerCash: Record<CashDocumentKey, DrawerQuery> = {
  'invoice-payments': (db, ids) =>
    db
      .selectFrom('invoice_payments')
      .select([
        'cash_session_id as cash_session_id',
        sql<'payment'>`'payment'`.as('kind'),
        'payment_method as method',
        sql<string | number>`SUM(amount)`.as('amount'),
        sql<string | number>`COUNT(*)`.as('count'),
      ])
      .where('cash_session_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .groupBy(['cash_session_id', 'payment_method'])
      .execute() as Promise<DrawerCash[]>,
  'credit-memos': (db, ids) =>
    db
      .selectFrom('credit_memos')
      .select([
        'cash_session_id as cash_session_id',
        sql<'refunded'>`'refunded'`.as('kind'),
        sql<PaymentMethod>`'cash'`.as('method'),
        sql<string | number>`SUM(excess_amount)`.as('amount'),
        sql<string | number>`COUNT(*)`.as('count'),
      ])
      .where('cash_session_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('settlement', '=', 'refund')
      .where('refund_method', '=', 'cash')
      .groupBy('cash_session_id')
      .execute() as Promise<DrawerCash[]>,
  'acknowledgment-receipts': depositCash,
};

// The running figures of sessions, from the standing documents that took cash and the drawer's movements.
export async function sessionFigures(
  db: Kysely<Database>,
  sessions: readonly SessionRow[],
): Promise<Map<number, SessionFigures>> {
  const ids = sessions.map((session) => session.id);
  const [cash, movements] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          Promise.all(cashDocumentKeys.map((key) => drawerCash[key](db, ids))).then((lists) => lists.flat()),
          db
            .selectFrom('cash_session_movements')
            .select(['cash_session_id', 'kind', sql<string | number>`SUM(amount)`.as('amount')])
            .where('cash_session_id', 'in', ids)
            .groupBy(['cash_session_id', 'kind'])
            .execute(),
        ]);
  const figures = new Map<number, SessionFigures>();
  for (const session of sessions) {
    const totalsByMethod = Object.fromEntries(paymentMethods.map((method) => [method, 0])) as Record<
      PaymentMethod,
      Centavos
    >;
    let paymentsCount = 0;
    const own = cash.filter((row) => Number(row.cash_session_id) === session.id);
    for (const payment of own.filter((row) => row.kind === 'payment')) {
      totalsByMethod[payment.method] += Number(payment.amount);
      paymentsCount += Number(payment.count);
    }
    const moved = (kind: CashMovementKind) =>
      movements
        .filter((row) => row.cash_session_id === session.id && row.kind === kind)
        .reduce((sum, row) => sum + Number(row.amount), 0);
    const other = (kind: 'received' | 'refunded') =>
      own.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.amount), 0);
    const drawer: DrawerFigures = {
      openingFloat: Number(session.opening_float),
      cashReceived: totalsByMethod.cash + other('received'),
      cashRefunded: other('refunded'),
      cashIn: moved('cash_in'),
      cashOut: moved('cash_out'),
    };
    figures.set(session.id, { ...drawer, expectedCash: expectedCash(drawer), totalsByMethod, paymentsCount });
  }
  return figures;
}

// Deposits taken and paid back in cash at the drawer (docs/domain/sales.md, Deposits): cash like any other, though
// not a sale.
async function depositCash(db: Kysely<Database>, sessionIds: readonly number[]): Promise<readonly DrawerCash[]> {
  const result = await sql<DrawerCash>`
    SELECT cash_session_id, 'received' AS kind, 'cash' AS method, SUM(amount) AS amount, COUNT(*) AS count
      FROM acknowledgment_receipts
      WHERE cash_session_id IN (${sql.join(sessionIds)}) AND deleted_at IS NULL AND payment_method = 'cash'
      GROUP BY cash_session_id
    UNION ALL
    SELECT cash_session_id, 'refunded' AS kind, 'cash' AS method, SUM(amount) AS amount, COUNT(*) AS count
      FROM acknowledgment_receipt_refunds
      WHERE cash_session_id IN (${sql.join(sessionIds)}) AND payment_method = 'cash'
      GROUP BY cash_session_id`.execute(db);
  return result.rows;
}

export type OpenSessionInput = { branch_id: number; opening_float: number; terminal_id?: number | null | undefined };

export async function openCashSession(context: PostingContext, input: OpenSessionInput): Promise<number> {
  if (context.userId === null) throw conflict('Only a signed-in user opens a drawer.');
  await requireActive(context, 'branches', input.branch_id, 'branch_id');
  const open = await findOpenSession(context, input.branch_id, context.userId);
  if (open) throw conflict('You already have an open cash session at this branch: close it before opening another.');
  const terminal = await resolveTerminal(context, input.branch_id, input.terminal_id);
  const at = timestampOf(context);
  // The partial unique index on open sessions settles two opens at once: the second insert fails (409).
  return enterDocument(context, 'cash_sessions', {
    branch_id: input.branch_id,
    terminal_id: terminal.id,
    user_id: context.userId,
    business_date: businessDate(context.now),
    opened_at: at,
    opening_float: pesosToCentavos(input.opening_float),
    status: 'open',
  });
}

// The user's open session at a branch, held for the rest of the transaction where PostgreSQL can hold it: a payment
// shares it, so that a close (which takes it exclusively) sees every payment attached before it and none after.
export async function findOpenSession(
  context: PostingContext,
  branchId: number,
  userId: number,
  mode: 'share' | 'none' = 'none',
): Promise<{ id: number } | undefined> {
  return context.trx
    .selectFrom('cash_sessions')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('branch_id', '=', branchId)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .$if(context.dialect === 'postgres' && mode === 'share', (query) => query.forShare())
    .executeTakeFirst();
}

async function lockOpenSession(context: PostingContext, id: number) {
  const session = await ownById(context, 'cash_sessions', id)
    .select(['id', 'status', 'opening_float', 'branch_id', 'user_id'])
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!session) throw notFound(`No cash session with id ${id}.`);
  if (session.status !== 'open') throw conflict('This cash session is closed: it can no longer change.');
  return session;
}

export type MovementInput = { kind: CashMovementKind; amount: number; reason: string };

export async function addMovement(context: PostingContext, sessionId: number, input: MovementInput): Promise<void> {
  const session = await lockOpenSession(context, sessionId);
  const reason = input.reason.trim();
  if (reason === '') throw fieldError('reason', 'Say why the cash moved.');
  await context.trx
    .insertInto('cash_session_movements')
    .values({
      business_id: context.businessId,
      cash_session_id: session.id,
      kind: input.kind,
      amount: pesosToCentavos(input.amount),
      reason,
      created_at: timestampOf(context),
      created_by: context.userId,
    })
    .execute();
  await context.trx
    .updateTable('cash_sessions')
    .set({ updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', session.id)
    .execute();
}

// Freezes the figures with the count: a closed session is read-only and its shift report prints what it closed with.
export async function closeCashSession(
  context: PostingContext,
  sessionId: number,
  counted: DenominationCount,
): Promise<void> {
  const session = await lockOpenSession(context, sessionId);
  const figures = (await sessionFigures(context.trx, [session])).get(session.id);
  if (!figures) throw new Error(`Cash session ${session.id} has no figures.`);
  const countedCash = countedCentavos(counted);
  const at = timestampOf(context);
  await reviseDocument(context, 'cash_sessions', session.id, {
    status: 'closed',
    closed_at: at,
    closed_by: context.userId,
    counted: JSON.stringify(Object.fromEntries(denominations.map((face) => [face, counted[face] ?? 0]))),
    counted_cash: countedCash,
    expected_cash: figures.expectedCash,
    difference: countedCash - figures.expectedCash,
    cash_received: figures.cashReceived,
    cash_refunded: figures.cashRefunded,
    cash_in: figures.cashIn,
    cash_out: figures.cashOut,
    totals_by_method: JSON.stringify(figures.totalsByMethod),
  });
}

// docs/domain/cash.md, Payments and the drawer: a payment made while its taker's drawer is open at the invoice's branch
// belongs to that session; with `require_cash_session` on, cash without one is refused (422 on payment_method).
export async function drawerForPayment(
  context: PostingContext,
  branchId: number,
  method: PaymentMethod,
  field = 'payment_method',
): Promise<number | null> {
  const session =
    context.userId === null ? undefined : await findOpenSession(context, branchId, context.userId, 'share');
  if (session) return session.id;
  if (method !== 'cash') return null;
  const business = await context.trx
    .selectFrom('businesses')
    .select('require_cash_session')
    .where('id', '=', context.businessId)
    .executeTakeFirst();
  if (Number(business?.require_cash_session ?? 0) === 1) {
    throw fieldError(field, 'Cash moves only through an open cash session: open your drawer at this branch first.');
  }
  return null;
}
