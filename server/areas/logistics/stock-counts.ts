import type { FastifyInstance } from 'fastify';
import * as contract from '../../../generated/zod/stock-counts/stock-counts.zod.ts';
import { GetStockBalanceAtQueryParams } from '../../../generated/zod/stocks/stocks.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { postStockCountsPermission } from '../../auth/permission-catalogue.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { locationOf } from '../../domain/location.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, forbidden, unprocessable } from '../../domain/refusal.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { seesCosts } from '../../engine/costs.ts';
import { namesIn } from '../../engine/lookups.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import type { ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { itemAndLot, locatedHeader, locationNames } from '../../ledger/document-presenting.ts';
import { checkFigures, postingContextOf } from '../../ledger/document-support.ts';
import { hiddenStock, isHidden, refuseHiddenStock } from '../../ledger/stock/blind-counts.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import {
  addCountLine,
  balanceAt,
  countedLines,
  createStockCount,
  postCount,
  readCount,
  readScope,
  uncountedLines,
  updateCountLine,
  varianceValue,
} from './stock-counts-posting.ts';

const schemas = contractSchemas(contract, 'StockCount', 'StockCounts');

export const stockCountsResource: ContractResource<'stock_counts', typeof schemas> = {
  prefix: 'stock-counts',
  singular: 'stock count',
  table: 'stock_counts',
  scope: 'business',
  schemas,
  searchColumns: ['number', 'notes'],
  workPlaces: atOwnLocation,
  // A count is dated the day it starts and moves no stock until posted, which makes an adjustment dated that day:
  // only the closed books and the closed day bind it, not the week's backdating.
  documentDate: { field: 'count_date', label: 'count date' },
  toColumns() {
    return {};
  },
  async create(ctx, input) {
    if (input.blind === false) requireSeesExpected(ctx);
    return createStockCount(postingContextOf(ctx), input);
  },
  // Deleting a count that is still counting cancels it; a posted count stays as it was posted.
  async softDelete(ctx, existing) {
    if (existing.status === 'posted') {
      throw conflict('A posted count is read-only; void its stock adjustment instead.');
    }
    await ctx.db
      .updateTable('stock_counts')
      .set({ deleted_at: ctx.now, status: 'cancelled', updated_at: ctx.now, updated_by: ctx.identity.userId })
      .where('id', '=', existing.id)
      .execute();
  },
  async restore(ctx, existing) {
    if (Number(existing.blind) !== 1) requireSeesExpected(ctx);
    await ctx.db
      .updateTable('stock_counts')
      .set({ deleted_at: null, status: 'counting', updated_at: ctx.now, updated_by: ctx.identity.userId })
      .where('id', '=', existing.id)
      .execute();
  },
  async present(ctx, rows) {
    const ids = rows.map((row) => row.id);
    const lines =
      ids.length === 0
        ? []
        : await countLineRows(ctx)
            .where('stock_count_lines.business_id', '=', ctx.businessId ?? 0)
            .where('stock_count_lines.stock_count_id', 'in', ids)
            .orderBy('stock_count_lines.id')
            .execute();
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) linesOf.set(line.stock_count_id, [...(linesOf.get(line.stock_count_id) ?? []), line]);
    const { adjustments } = await namesIn(ctx.db, {
      adjustments: { table: 'stock_adjustments', ids: rows.map((row) => row.stock_adjustment_id), column: 'number' },
    });
    const locationName = await locationNames(ctx.db, rows);
    return rows.map((row) => ({
      ...locatedHeader(row, locationName),
      number: row.number,
      count_date: row.count_date,
      blind: Number(row.blind) === 1,
      notes: row.notes,
      status: row.status,
      scope: readScope(row.scope),
      uncounted: row.uncounted,
      posted_at: row.posted_at,
      stock_adjustment_id: row.stock_adjustment_id,
      stock_adjustment_number:
        row.stock_adjustment_id === null ? null : (adjustments.get(row.stock_adjustment_id) ?? null),
      lines: (linesOf.get(row.id) ?? []).map(presentLine),
    }));
  },
};

// docs/domain/logistics.md, Blind counts: a count that shows what the ledger expects is for those who may post.
function requireSeesExpected(ctx: ResourceContext): void {
  if (holdsAny(ctx.identity, [postStockCountsPermission])) return;
  throw forbidden(
    'Only a user with the post-stock-counts permission may start a count that shows the expected quantities: leave it blind.',
  );
}

// A counted line with its item's code and name and its counter's name, as a count and one counted line show it.
function countLineRows(ctx: ResourceContext) {
  return ctx.db
    .selectFrom('stock_count_lines')
    .leftJoin('items', 'items.id', 'stock_count_lines.item_id')
    .leftJoin('users', 'users.id', 'stock_count_lines.counted_by')
    .select([
      'stock_count_lines.id',
      'stock_count_lines.stock_count_id',
      'stock_count_lines.item_id',
      'stock_count_lines.lot_number',
      'stock_count_lines.expires_on',
      'stock_count_lines.counted_quantity',
      'stock_count_lines.counted_at',
      'stock_count_lines.counted_by',
      'items.code as item_code',
      'items.name as item_name',
      'users.name as counted_by_name',
    ]);
}

type LineRow = {
  id: number;
  item_id: number;
  lot_number: string | null;
  expires_on: string | null;
  counted_quantity: number;
  counted_at: string;
  counted_by: number | null;
  item_code: string | null;
  item_name: string | null;
  counted_by_name: string | null;
};

function presentLine(line: LineRow) {
  return {
    ...itemAndLot(line),
    counted_quantity: fromThousandths(Number(line.counted_quantity)),
    counted_at: line.counted_at,
    counted_by: line.counted_by,
    counted_by_name: line.counted_by_name ?? null,
  };
}

async function presentCountLine(ctx: ResourceContext, lineId: number) {
  const line = await countLineRows(ctx).where('stock_count_lines.id', '=', lineId).executeTakeFirstOrThrow();
  return presentLine(line);
}

const inBusiness = (permissions: string[]) => ({ access: { kind: 'business' as const, permissions } });

// The calls of a count beyond its record (docs/domain/logistics.md, Stock counts), and an item's balance at an
// instant, which the variance is built on.
export function registerStockCountRoutes(app: FastifyInstance, options: EngineOptions): void {
  // One short transaction per scan; a PostgreSQL conflict between two counters is retried, never lost.
  const inTransaction = <T>(ctx: ResourceContext, work: (trx: ResourceContext) => Promise<T>) =>
    retryTransaction(() => ctx.db.transaction().execute((db) => work({ ...ctx, db })));

  app.post('/api/stock-counts/:id/lines', { config: inBusiness(['update-stock-counts']) }, async (request, reply) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const body = parseInput(contract.AddStockCountLineBody, request.body);
    checkFigures(body, [], ['counted_quantity']);
    if (body.item_id == null && (body.code ?? '').trim() === '') {
      throw unprocessable({ code: ['Scan or type an item code or barcode.'] });
    }
    const line = await inTransaction(ctx, async (trx) => {
      await checkWorkPlace(stockCountsResource, trx, await findRecord(stockCountsResource, trx, id));
      const lineId = await addCountLine(postingContextOf(trx), id, body);
      return presentCountLine(trx, lineId);
    });
    return reply.status(201).send(line);
  });

  app.patch(
    '/api/stock-counts/:id/lines/:line_id',
    { config: inBusiness(['update-stock-counts']) },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const lineId = Number((request.params as { line_id?: string }).line_id);
      const body = parseInput(contract.UpdateStockCountLineBody, request.body);
      checkFigures(body, [], ['counted_quantity']);
      return inTransaction(ctx, async (trx) => {
        await checkWorkPlace(stockCountsResource, trx, await findRecord(stockCountsResource, trx, id));
        await updateCountLine(postingContextOf(trx), id, Number.isInteger(lineId) ? lineId : 0, body);
        return presentCountLine(trx, lineId);
      });
    },
  );

  app.get('/api/stock-counts/:id/variance', { config: inBusiness(['view-stock-counts']) }, async (request) => {
    const ctx = resourceContext(request, options);
    const row = await findRecord(stockCountsResource, ctx, recordId(request));
    const count = await readCount(ctx.db, ctx.businessId ?? 0, row.id);
    const blind = Number((row as { blind?: number }).blind) === 1;
    // A blind count hides what the ledger expects from whoever only counts, in the API's answer itself; so does a
    // blind count open at the same location, whose figures these would give away.
    const hidden = await hiddenStock(ctx.db, ctx.businessId, ctx.identity);
    const showsExpected = holdsAny(ctx.identity, [postStockCountsPermission]) || (!blind && !isHidden(hidden, count));
    const showsValues = showsExpected && seesCosts(ctx);
    const counted = await countedLines(ctx.db, ctx.businessId ?? 0, count);
    const uncounted = await uncountedLines(ctx.db, ctx.businessId ?? 0, count, counted);
    const itemIds = [...counted, ...uncounted].map((line) => line.item_id);
    const { items, codes } = await namesIn(ctx.db, {
      items: { table: 'items', ids: itemIds, column: 'name' },
      codes: { table: 'items', ids: itemIds, column: 'code' },
    });
    const values = counted.map(varianceValue);
    return {
      lines: counted.map((line, index) => ({
        line_id: line.line_id,
        item_id: line.item_id,
        item_code: codes.get(line.item_id) ?? null,
        item_name: items.get(line.item_id) ?? null,
        lot_number: line.lot_number,
        counted_at: line.counted_at,
        expected: showsExpected ? fromThousandths(line.expected) : null,
        counted: fromThousandths(line.counted),
        difference: showsExpected ? fromThousandths(line.difference) : null,
        value: showsValues ? centavosToPesos(values[index] ?? 0) : null,
      })),
      uncounted: uncounted.map((line) => ({
        item_id: line.item_id,
        item_code: codes.get(line.item_id) ?? null,
        item_name: items.get(line.item_id) ?? null,
        lot_number: line.lot_number,
        expected: showsExpected ? fromThousandths(line.expected) : null,
      })),
      totals: {
        gained_value: showsValues ? centavosToPesos(values.filter((v) => v > 0).reduce((a, b) => a + b, 0)) : null,
        lost_value: showsValues ? centavosToPesos(-values.filter((v) => v < 0).reduce((a, b) => a + b, 0)) : null,
      },
    };
  });

  app.post('/api/stock-counts/:id/post', { config: inBusiness([postStockCountsPermission]) }, async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const body = parseInput(contract.PostStockCountBody, request.body);
    return inTransaction(ctx, async (trx) => {
      await checkWorkPlace(stockCountsResource, trx, await findRecord(stockCountsResource, trx, id));
      await postCount(postingContextOf(trx), id, body.uncounted);
      return presentOne(stockCountsResource, trx, id);
    });
  });

  app.get('/api/stocks/balance-at', { config: inBusiness(['view-stocks']) }, async (request) => {
    const ctx = resourceContext(request, options);
    const query = parseInput(GetStockBalanceAtQueryParams, queryNumbers(request.query));
    const location = locationOf(query.branch_id, query.warehouse_id);
    if (!location) {
      const message = 'Choose either a branch or a warehouse.';
      throw unprocessable({ branch_id: [message], warehouse_id: [message] });
    }
    refuseHiddenStock(await hiddenStock(ctx.db, ctx.businessId, ctx.identity), location);
    const quantity = await balanceAt(ctx.db, ctx.businessId ?? 0, {
      itemId: query.item_id,
      location,
      lotNumber: query.lot_number ?? null,
      at: new Date(query.at).toISOString(),
    });
    return { quantity_on_hand: fromThousandths(quantity) };
  });
}
