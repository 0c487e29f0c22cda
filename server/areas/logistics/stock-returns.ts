import type { z } from 'zod';
import {
  CreateStockReturnBody,
  ListStockReturnsQueryParams,
  SearchStockReturnsQueryParams,
} from '../../../generated/zod/stock-returns/stock-returns.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { whereItsTransferArrives } from '../../ledger/work-places.ts';
import { presentArrivalParts } from './transfer-arrival-presenting.ts';
import { arrivalPosting, createArrival } from './transfer-arrivals.ts';

type Create = z.output<typeof CreateStockReturnBody>;

export const stockReturnsResource: Resource<'stock_returns', Create> = {
  prefix: 'stock-returns',
  singular: 'stock return',
  table: 'stock_returns',
  scope: 'business',
  schemas: { list: ListStockReturnsQueryParams, search: SearchStockReturnsQueryParams, create: CreateStockReturnBody },
  searchColumns: ['number', 'reason', 'notes'],
  documentDate: { field: 'return_date', label: 'return date' },
  workPlaces: whereItsTransferArrives,
  toColumns(input) {
    checkFigures(input, [], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createArrival(postingContextOf(ctx), 'stock-return', { ...input, date: input.return_date });
  },
  ...documentLifecycle('stock_returns', arrivalPosting('stock-return')),
  async present(ctx, rows) {
    const partsOf = await presentArrivalParts(ctx.db, 'stock_return_lines', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      stock_transfer_id: row.stock_transfer_id,
      return_date: row.return_date,
      reason: row.reason,
      notes: row.notes,
      number: row.number,
      ...partsOf(row),
    }));
  },
};
