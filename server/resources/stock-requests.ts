import type { z } from 'zod';
import {
  CreateStockRequestBody,
  ListStockRequestsQueryParams,
  SearchStockRequestsQueryParams,
  UpdateStockRequestBody,
} from '../../generated/zod/stock-requests/stock-requests.zod.ts';
import { createStockRequest, postStockRequest, updateStockRequest } from '../documents/stock-requests.ts';
import { fromThousandths } from '../domain/quantity.ts';
import {
  checkFigures,
  documentLifecycle,
  groupBy,
  itemLabels,
  locationNames,
  postingContextOf,
} from './document-support.ts';
import { auditColumns } from './engine/dynamic.ts';
import type { Resource } from './engine/resource.ts';

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
    const lines = await ctx.db
      .selectFrom('stock_request_lines')
      .selectAll()
      .where('stock_request_id', 'in', [...rows.map((row) => row.id), 0])
      .orderBy('position')
      .execute();
    const linesOf = groupBy(lines, (line) => line.stock_request_id);
    const items = await itemLabels(
      ctx.db,
      lines.map((line) => line.item_id),
    );
    const locationName = await locationNames(ctx.db, [
      ...rows.map((row) => ({ branch_id: row.from_branch_id, warehouse_id: row.from_warehouse_id })),
      ...rows.map((row) => ({ branch_id: row.to_branch_id, warehouse_id: row.to_warehouse_id })),
    ]);
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
      from_location_name: locationName(row.from_branch_id, row.from_warehouse_id),
      to_location_name: locationName(row.to_branch_id, row.to_warehouse_id),
      status: row.status,
      lines: (linesOf.get(row.id) ?? []).map((line) => ({
        id: line.id,
        item_id: line.item_id,
        quantity: fromThousandths(Number(line.quantity)),
        item_code: items.get(line.item_id)?.code ?? null,
        item_name: items.get(line.item_id)?.name ?? null,
        transferred_quantity: fromThousandths(Number(line.transferred_quantity)),
      })),
    }));
  },
};
