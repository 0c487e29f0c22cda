import type { FastifyInstance } from 'fastify';
import * as contract from '../../../generated/zod/cash-sessions/cash-sessions.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import type { CashSessionTable } from '../../db/tables/cash.ts';
import type { PaymentMethod } from '../../db/tables/documents.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { type Centavos, centavosToPesos } from '../../domain/money.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { presentedRow, recordChange } from '../../engine/history.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import type { ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { boundLocation, checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { checkFigures, postingContextOf } from '../../ledger/document-support.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { paymentMethods } from '../reports/daily-sales.ts';
import {
  addMovement,
  closeCashSession,
  type DenominationCount,
  findOpenSession,
  openCashSession,
  type SessionFigures,
  sessionFigures,
} from './cash-sessions-posting.ts';

const schemas = contractSchemas(contract, 'CashSession', 'CashSessions');

// Who manages every drawer at their branches; without it a cashier sees and works only their own sessions
// (docs/domain/cash.md, Permissions).
export const manageCashSessionsPermission = 'update-cash-sessions';

const pesosByMethod = (totals: Record<PaymentMethod, Centavos>) =>
  Object.fromEntries(paymentMethods.map((method) => [method, centavosToPesos(totals[method] ?? 0)])) as Record<
    PaymentMethod,
    number
  >;

type StoredSession = Pick<
  CashSessionTable,
  | 'status'
  | 'opening_float'
  | 'counted_cash'
  | 'expected_cash'
  | 'difference'
  | 'cash_received'
  | 'cash_refunded'
  | 'cash_in'
  | 'cash_out'
  | 'totals_by_method'
> & { id: number };

// A closed session reads what it closed with; an open one what it holds so far.
export function figuresOf(row: StoredSession, live: SessionFigures | undefined): SessionFigures {
  if (row.status === 'closed') {
    const totalsByMethod = JSON.parse(row.totals_by_method ?? '{}') as Record<PaymentMethod, Centavos>;
    return {
      openingFloat: Number(row.opening_float),
      cashReceived: Number(row.cash_received ?? 0),
      cashRefunded: Number(row.cash_refunded ?? 0),
      cashIn: Number(row.cash_in ?? 0),
      cashOut: Number(row.cash_out ?? 0),
      expectedCash: Number(row.expected_cash ?? 0),
      totalsByMethod,
      paymentsCount: live?.paymentsCount ?? 0,
    };
  }
  if (!live) throw new Error(`Cash session ${row.id} has no figures.`);
  return live;
}

export const cashSessionsResource: ContractResource<'cash_sessions', typeof schemas> = {
  prefix: 'cash-sessions',
  singular: 'cash session',
  table: 'cash_sessions',
  scope: 'business',
  schemas,
  searchColumns: ['business_date', 'status'],
  workPlaces: atOwnLocation,
  async visibleIds(ctx) {
    if (holdsAny(ctx.identity, [manageCashSessionsPermission])) return null;
    const own = await ctx.db
      .selectFrom('cash_sessions')
      .select('id')
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('user_id', '=', ctx.identity.userId)
      .execute();
    return own.map((row) => row.id);
  },
  toColumns(input) {
    checkFigures(input, ['opening_float'], []);
    return {};
  },
  async create(ctx, input) {
    return openCashSession(postingContextOf(ctx), input);
  },
  async present(ctx, rows) {
    const ids = rows.map((row) => row.id);
    const userIds = [...new Set(rows.flatMap((row) => [row.user_id, row.closed_by ?? 0]))];
    const [branches, terminals, users, movements, live] = await Promise.all([
      ctx.db
        .selectFrom('branches')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...rows.map((row) => row.branch_id)])
        .execute(),
      ctx.db
        .selectFrom('terminals')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...rows.map((row) => row.terminal_id ?? 0)])
        .execute(),
      ctx.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...userIds])
        .execute(),
      ids.length === 0
        ? []
        : ctx.db
            .selectFrom('cash_session_movements')
            .leftJoin('users', 'users.id', 'cash_session_movements.created_by')
            .select([
              'cash_session_movements.id',
              'cash_session_movements.cash_session_id',
              'cash_session_movements.kind',
              'cash_session_movements.amount',
              'cash_session_movements.reason',
              'cash_session_movements.created_at',
              'cash_session_movements.created_by',
              'users.name as created_by_name',
            ])
            .where('cash_session_movements.cash_session_id', 'in', ids)
            .orderBy('cash_session_movements.id')
            .execute(),
      sessionFigures(ctx.db, rows),
    ]);
    const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
    const terminalName = new Map(terminals.map((terminal) => [terminal.id, terminal.name]));
    const userName = new Map(users.map((user) => [user.id, user.name]));
    return rows.map((row) => {
      const figures = figuresOf(row, live.get(row.id));
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        branch_id: row.branch_id,
        branch_name: branchName.get(row.branch_id) ?? null,
        terminal_id: row.terminal_id,
        terminal_name: row.terminal_id === null ? null : (terminalName.get(row.terminal_id) ?? null),
        user_id: row.user_id,
        user_name: userName.get(row.user_id) ?? null,
        business_date: row.business_date,
        opened_at: row.opened_at,
        opening_float: centavosToPesos(Number(row.opening_float)),
        status: row.status,
        closed_at: row.closed_at,
        closed_by: row.closed_by,
        closed_by_name: row.closed_by === null ? null : (userName.get(row.closed_by) ?? null),
        counted: row.counted === null ? null : (JSON.parse(row.counted) as DenominationCount),
        counted_cash: row.counted_cash === null ? null : centavosToPesos(Number(row.counted_cash)),
        expected_cash: centavosToPesos(figures.expectedCash),
        difference: row.difference === null ? null : centavosToPesos(Number(row.difference)),
        cash_received: centavosToPesos(figures.cashReceived),
        cash_refunded: centavosToPesos(figures.cashRefunded),
        cash_in: centavosToPesos(figures.cashIn),
        cash_out: centavosToPesos(figures.cashOut),
        totals_by_method: pesosByMethod(figures.totalsByMethod),
        movements: movements
          .filter((movement) => movement.cash_session_id === row.id)
          .map((movement) => ({
            id: movement.id,
            kind: movement.kind,
            amount: centavosToPesos(Number(movement.amount)),
            reason: movement.reason,
            created_at: movement.created_at,
            created_by: movement.created_by,
            created_by_name: movement.created_by_name ?? null,
          })),
      };
    });
  },
};

const inBusiness = (permissions?: string[]) => ({
  access: { kind: 'business' as const, ...(permissions ? { permissions } : {}) },
});

// The calls of a drawer beyond its record: cash in and out, the close, its X-reading, and the top bar's question "is
// my drawer open?" (docs/domain/cash.md).
export function registerCashSessionRoutes(app: FastifyInstance, options: EngineOptions): void {
  const inTransaction = <T>(ctx: ResourceContext, work: (trx: ResourceContext) => Promise<T>) =>
    retryTransaction(() => ctx.db.transaction().execute((db) => work({ ...ctx, db })));
  const worksDrawers = inBusiness(['create-cash-sessions', manageCashSessionsPermission]);

  // A change to a session, recorded in its history; `findRecord` answers 404 for another's session to a user who may
  // only work their own.
  const change = (ctx: ResourceContext, id: number, work: (trx: ResourceContext) => Promise<void>) =>
    inTransaction(ctx, async (trx) => {
      const existing = await findRecord(cashSessionsResource, trx, id);
      await checkWorkPlace(cashSessionsResource, trx, existing);
      const before = await presentedRow(cashSessionsResource, trx, existing);
      await work(trx);
      const record = await presentOne(cashSessionsResource, trx, id);
      await recordChange(cashSessionsResource, trx, id, 'updated', before, record);
      return record;
    });

  app.post('/api/cash-sessions/:id/movements', { config: worksDrawers }, async (request, reply) => {
    const ctx = resourceContext(request, options);
    const body = parseInput(contract.AddCashSessionMovementBody, request.body);
    checkFigures(body, ['amount'], []);
    const record = await change(ctx, recordId(request), (trx) =>
      addMovement(postingContextOf(trx), recordId(request), body),
    );
    return reply.status(201).send(record);
  });

  app.post('/api/cash-sessions/:id/close', { config: worksDrawers }, async (request) => {
    const ctx = resourceContext(request, options);
    const body = parseInput(contract.CloseCashSessionBody, request.body);
    return change(ctx, recordId(request), (trx) =>
      closeCashSession(postingContextOf(trx), recordId(request), body.counted),
    );
  });

  app.get('/api/cash-sessions/:id/x-reading', { config: inBusiness(['view-cash-sessions']) }, async (request) => {
    const ctx = resourceContext(request, options);
    const row = await findRecord(cashSessionsResource, ctx, recordId(request));
    const session = await ctx.db
      .selectFrom('cash_sessions')
      .innerJoin('branches', 'branches.id', 'cash_sessions.branch_id')
      .innerJoin('users', 'users.id', 'cash_sessions.user_id')
      .selectAll('cash_sessions')
      .select(['branches.name as branch_name', 'users.name as user_name'])
      .where('cash_sessions.id', '=', row.id)
      .executeTakeFirstOrThrow();
    const figures = figuresOf(session, (await sessionFigures(ctx.db, [session])).get(session.id));
    return {
      cash_session_id: session.id,
      branch_id: session.branch_id,
      branch_name: session.branch_name,
      user_id: session.user_id,
      user_name: session.user_name,
      status: session.status,
      opened_at: session.opened_at,
      closed_at: session.closed_at,
      read_at: ctx.now,
      opening_float: centavosToPesos(figures.openingFloat),
      cash_received: centavosToPesos(figures.cashReceived),
      cash_refunded: centavosToPesos(figures.cashRefunded),
      cash_in: centavosToPesos(figures.cashIn),
      cash_out: centavosToPesos(figures.cashOut),
      expected_cash: centavosToPesos(figures.expectedCash),
      totals_by_method: pesosByMethod(figures.totalsByMethod),
      payments_count: figures.paymentsCount,
    };
  });

  app.get('/api/cash-sessions/mine', { config: inBusiness() }, async (request) => {
    const ctx = resourceContext(request, options);
    const query = parseInput(contract.GetMyCashSessionQueryParams, queryNumbers(request.query));
    const business = await ctx.db
      .selectFrom('businesses')
      .select('require_cash_session')
      .where('id', '=', ctx.businessId ?? 0)
      .executeTakeFirst();
    const required = Number(business?.require_cash_session ?? 0) === 1;
    const branchId = query.branch_id ?? ctx.identity.home?.branch_id ?? boundLocation(ctx)?.branch_id ?? null;
    const open =
      branchId === null || ctx.identity.userId === null
        ? undefined
        : await findOpenSession(postingContextOf(ctx), branchId, ctx.identity.userId);
    return {
      required,
      branch_id: branchId,
      session: open ? await presentOne(cashSessionsResource, ctx, open.id) : null,
    };
  });
}
