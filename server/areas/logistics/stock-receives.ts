import type { z } from 'zod';
import {
  CreateStockReceiveBody,
  ListStockReceivesQueryParams,
  SearchStockReceivesQueryParams,
} from '../../../generated/zod/stock-receives/stock-receives.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { whereItsTransferArrives } from '../../ledger/work-places.ts';
import { presentArrivalParts } from './transfer-arrival-presenting.ts';
import { arrivalPosting, createArrival } from './transfer-arrivals.ts';

type Create = z.output<typeof CreateStockReceiveBody>;

export const stockReceivesResource: Resource<'stock_receives', Create> = {
  prefix: 'stock-receives',
  singular: 'stock receive',
  table: 'stock_receives',
  scope: 'business',
  schemas: {
    list: ListStockReceivesQueryParams,
    search: SearchStockReceivesQueryParams,
    create: CreateStockReceiveBody,
  },
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'received_date', label: 'received date' },
  workPlaces: whereItsTransferArrives,
  toColumns(input) {
    checkFigures(input, [], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createArrival(postingContextOf(ctx), 'stock-receive', { ...input, date: input.received_date });
  },
  ...documentLifecycle('stock_receives', arrivalPosting('stock-receive')),
  async present(ctx, rows) {
    const partsOf = await presentArrivalParts(ctx.db, 'stock_receive_lines', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      stock_transfer_id: row.stock_transfer_id,
      received_date: row.received_date,
      notes: row.notes,
      number: row.number,
      ...partsOf(row),
    }));
  },
};
