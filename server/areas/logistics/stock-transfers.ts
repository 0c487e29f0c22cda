import type { z } from 'zod';
import {
  CreateStockTransferBody,
  ListStockTransfersQueryParams,
  SearchStockTransfersQueryParams,
} from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { withInTransit } from '../../engine/open-documents.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableSources } from '../../engine/work-location.ts';
import { documentLines, routeNames } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { lineLots } from '../../ledger/line-lots.ts';
import { whereItLeavesOnItsRequest } from '../../ledger/work-places.ts';
import { createStockTransfer, postStockTransfer } from './stock-transfers-posting.ts';

type Create = z.output<typeof CreateStockTransferBody>;

export const stockTransfersResource: Resource<'stock_transfers', Create> = {
  prefix: 'stock-transfers',
  singular: 'stock transfer',
  table: 'stock_transfers',
  scope: 'business',
  schemas: {
    list: ListStockTransfersQueryParams,
    search: SearchStockTransfersQueryParams,
    create: CreateStockTransferBody,
  },
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'transfer_date', label: 'transfer date' },
  costs: { lineFields: ['unit_cost'] },
  workPlaces: whereItLeavesOnItsRequest,
  conditions: { has_in_transit: withInTransit, usable: usableSources('to_') },
  toColumns(input) {
    checkFigures(input, [], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createStockTransfer(postingContextOf(ctx), input);
  },
  ...documentLifecycle('stock_transfers', postStockTransfer),
  async present(ctx, rows) {
    const lotsOf = await lineLots(
      ctx.db,
      'stock-transfer',
      'on_hand',
      rows.map((row) => row.id),
    );
    const { linesOf, itemOf } = await documentLines(
      ctx.db,
      'stock_transfer_lines',
      rows.map((row) => row.id),
    );
    const requests = await namesById(
      ctx.db,
      'stock_requests',
      rows.map((row) => row.stock_request_id),
      'number',
    );
    const routeOf = await routeNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      stock_request_id: row.stock_request_id,
      from_branch_id: row.from_branch_id,
      from_warehouse_id: row.from_warehouse_id,
      to_branch_id: row.to_branch_id,
      to_warehouse_id: row.to_warehouse_id,
      transfer_date: row.transfer_date,
      notes: row.notes,
      number: row.number,
      stock_request_number: nameOf(requests, row.stock_request_id),
      ...routeOf(row),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        stock_request_line_id: line.stock_request_line_id,
        item_id: line.item_id,
        quantity: fromThousandths(Number(line.quantity)),
        ...itemOf(line.item_id),
        unit_cost: centavosToPesos(Number(line.unit_cost)),
        received_quantity: fromThousandths(Number(line.received_quantity)),
        returned_quantity: fromThousandths(Number(line.returned_quantity)),
        lot_number: line.lot_number,
        lots: lotsOf(line.id),
      })),
    }));
  },
};
