import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  GetDocumentNumberTotalCountBody,
  GetReferenceNumberTotalCountBody,
} from '../../generated/zod/documents/documents.zod.ts';
import { ListStockMovementsQueryParams } from '../../generated/zod/stocks/stocks.zod.ts';
import { holdsAny } from '../auth/identity.ts';
import type { Database } from '../db/database.ts';
import type { StockAdjustmentReason } from '../db/tables/stock-adjustments.ts';
import { ledgerValueCentavos } from '../domain/average-cost.ts';
import { locationOf } from '../domain/location.ts';
import { centavosToPesos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { forbidden, unprocessable } from '../domain/refusal.ts';
import { seesCosts } from '../engine/costs.ts';
import { storedFields } from '../engine/dynamic.ts';
import { findRecord } from '../engine/query.ts';
import type { Row } from '../engine/resource.ts';
import { type EngineOptions, recordId, resourceContext } from '../engine/routes.ts';
import { boundLocation } from '../engine/work-location.ts';
import { permissionRefusal } from '../http/permission-refusal.ts';
import { parseInput, queryNumbers } from '../http/validation.ts';
import { readDocumentNumberTotal, readReferenceNumberTotal, readSeriesTotal } from '../ledger/document-counter.ts';
import { hiddenStock, refuseHiddenStock } from '../ledger/stock/blind-counts.ts';
import { branchSeriesKey, findTerminal } from '../ledger/terminals.ts';
import { stocksResource } from './inventory/stocks.ts';
import { adjustmentDocumentType } from './logistics/stock-adjustments-posting.ts';
import { dashboardOverview } from './reports/dashboard-overview.ts';

// Why each adjustment on a page of movements moved stock, so that the history says "lost" or "count".
async function adjustmentReasons(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, StockAdjustmentReason>();
  const rows = await db.selectFrom('stock_adjustments').select(['id', 'reason']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.reason]));
}

// The documents made at a terminal, which number in its series.
const terminalSeriesKinds: ReadonlySet<string> = new Set([
  'invoice',
  'invoice-payment',
  'credit-memo',
  'acknowledgment-receipt',
  'z-reading',
]);

// The count calls need view-{kind}s of the document kind they count; the memoranda's shared reference counter, either
// kind of memo's.
function requireViewOf(identity: Parameters<typeof holdsAny>[0], documentName: string): void {
  const needed =
    documentName === 'document-memorandum' ? ['view-credit-memos', 'view-debit-memos'] : [`view-${documentName}s`];
  if (!holdsAny(identity, needed)) throw forbidden(permissionRefusal(needed));
}

const inBusiness = (permissions?: string[]) => ({
  access: { kind: 'business' as const, ...(permissions ? { permissions } : {}) },
});

// The calls beside document CRUD: the two counters of docs/domain/README.md, Numbering, a stock row's movements, the
// Overview.
export function registerDocumentRoutes(app: FastifyInstance, options: EngineOptions): void {
  const context = (request: Parameters<typeof resourceContext>[0]) => resourceContext(request, options);

  app.post('/api/documents/get-number-total-count', { config: inBusiness() }, async (request) => {
    const body = parseInput(GetDocumentNumberTotalCountBody, request.body);
    const ctx = context(request);
    requireViewOf(ctx.identity, body.document_name);
    const location = locationOf(body.branch_id, body.warehouse_id);
    if (!location) {
      const message = 'Choose either a branch or a warehouse.';
      throw unprocessable({ branch_id: [message], warehouse_id: [message] });
    }
    const businessId = ctx.businessId ?? 0;
    // docs/domain/cash.md, Terminals: a sales paper numbers in its terminal's series, found as its posting finds it.
    if (location.branch_id !== null && terminalSeriesKinds.has(body.document_name)) {
      const context = { trx: ctx.db, businessId, userId: ctx.identity.userId };
      const found = await findTerminal(context, location.branch_id, body.terminal_id);
      // Only a series other than the branch's own is named, so that a one-terminal shop's answer is as it was.
      if (found.terminal && found.terminal.series_key !== branchSeriesKey(location.branch_id)) {
        const series = found.terminal.series_key;
        return { total: await readSeriesTotal(ctx.db, businessId, body.document_name, series), series };
      }
    }
    return { total: await readDocumentNumberTotal(ctx.db, businessId, body.document_name, location) };
  });

  app.post('/api/documents/get-reference-number-total-count', { config: inBusiness() }, async (request) => {
    const body = parseInput(GetReferenceNumberTotalCountBody, request.body);
    const ctx = context(request);
    requireViewOf(ctx.identity, body.document_name);
    return { total: await readReferenceNumberTotal(ctx.db, ctx.businessId ?? 0, body.document_name, body.contact_id) };
  });

  app.get('/api/stocks/:id/movements', { config: inBusiness(['view-stocks']) }, async (request) => {
    const ctx = context(request);
    const stock = await findRecord(stocksResource, ctx, recordId(request));
    // The movements add up to the on-hand quantity, which a blind count hides.
    const { branch_id, warehouse_id } = stock as unknown as Row<'stocks'>;
    refuseHiddenStock(await hiddenStock(ctx.db, ctx.businessId, ctx.identity), locationOf(branch_id, warehouse_id));
    const query = parseInput(ListStockMovementsQueryParams, queryNumbers(request.query));
    // The business first: the ledger's only index by stock begins with it (business_id, stock_id, occurred_at), and
    // without it PostgreSQL read every movement of every business to find one stock's.
    const movements = ctx.db
      .selectFrom('stock_movements')
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('stock_id', '=', stock.id);
    const counted = await movements.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const total = Number(counted.total);
    const lastPage = Math.max(1, Math.ceil(total / query.per_page));
    const rows = await movements
      .selectAll()
      .orderBy('id', query.order_by)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    const reasons = await adjustmentReasons(
      ctx.db,
      rows.filter((row) => row.document_type === adjustmentDocumentType).map((row) => row.document_id),
    );
    const costs = seesCosts(ctx);
    const link = (page: number) =>
      `/api/stocks/${stock.id}/movements?page=${page}&per_page=${query.per_page}&order_by=${query.order_by}`;
    return {
      data: rows.map((row) => ({
        ...storedFields(row, ['id', 'item_id', 'branch_id', 'warehouse_id', 'balance']),
        quantity_delta: fromThousandths(Number(row.quantity_delta)),
        unit_cost: costs ? centavosToPesos(Number(row.unit_cost)) : null,
        value: costs
          ? centavosToPesos(
              ledgerValueCentavos(Number(row.quantity_delta) * Number(row.unit_cost) + Number(row.value_delta)),
            )
          : null,
        ...storedFields(row, [
          'document_type',
          'document_id',
          'document_line_id',
          'document_number',
          'occurred_at',
          'lot_number',
          'expires_on',
        ]),
        reason: row.document_type === adjustmentDocumentType ? (reasons.get(row.document_id) ?? null) : null,
      })),
      meta: { current_page: query.page, last_page: lastPage, per_page: query.per_page, total },
      links: {
        prev: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
        next: query.page < lastPage ? link(query.page + 1) : null,
      },
    };
  });

  app.get('/api/dashboard/overview', { config: inBusiness() }, async (request) => {
    const ctx = context(request);
    const overview = await dashboardOverview(
      ctx.db,
      ctx.businessId ?? 0,
      options.now(),
      boundLocation(ctx),
      await hiddenStock(ctx.db, ctx.businessId, ctx.identity),
    );
    // What customers owe is shown to those who may see invoices, what is owed to suppliers to those who may see
    // bills (and costs, as every purchase figure).
    const receivables = holdsAny(ctx.identity, ['view-invoices']) ? overview.receivables : null;
    const payables = holdsAny(ctx.identity, ['view-bills']) ? overview.payables : null;
    if (seesCosts(ctx)) return { ...overview, receivables, payables };
    return {
      ...overview,
      receivables,
      purchases_by_day: null,
      payables: null,
      stock_value_by_location: null,
      adjusted_this_month: null,
      adjusted_gains_this_month: null,
      adjusted_losses_this_month: null,
    };
  });
}
