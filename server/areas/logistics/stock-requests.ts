import type { z } from 'zod';
import {
  CreateStockRequestBody,
  ListStockRequestsQueryParams,
  SearchStockRequestsQueryParams,
  UpdateStockRequestBody,
} from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { withUntransferred } from '../../engine/open-documents.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableSources } from '../../engine/work-location.ts';
import { documentLines, routeNames } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { atEitherEnd } from '../../ledger/work-places.ts';
import { createStockRequest, postStockRequest, updateStockRequest } from './stock-requests-posting.ts';

type Create = z.output<typeof CreateStockRequestBody>;
type Update = z.output<typeof UpdateStockRequestBody>;

export const stockRequestsResource: Resource<'stock_requests', Create, Update> = {
  prefix: 'stock-requests',
  singular: 'stock request',
  table: 'stock_requests',
  scope: 'business',
  schemas: {
    list: ListStockRequestsQueryParams,
    search: SearchStockRequestsQueryParams,
    create: CreateStockRequestBody,
    update: UpdateStockRequestBody,
  },
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'request_date', label: 'request date' },
  workPlaces: atEitherEnd,
  conditions: { has_untransferred: withUntransferred, usable: usableSources('from_') },
  toColumns(input) {
    checkFigures(input, [], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createStockRequest(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updateStockRequest(postingContextOf(ctx), existing.id, input);
  },
  ...documentLifecycle('stock_requests', postStockRequest),
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(
      ctx.db,
      'stock_request_lines',
      rows.map((row) => row.id),
    );
    const routeOf = await routeNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      from_branch_id: row.from_branch_id,
      from_warehouse_id: row.from_warehouse_id,
      to_branch_id: row.to_branch_id,
      to_warehouse_id: row.to_warehouse_id,
      request_date: row.request_date,
      needed_by: row.needed_by,
      notes: row.notes,
      number: row.number,
      ...routeOf(row),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        item_id: line.item_id,
        quantity: fromThousandths(Number(line.quantity)),
        ...itemOf(line.item_id),
        transferred_quantity: fromThousandths(Number(line.transferred_quantity)),
      })),
    }));
  },
};
