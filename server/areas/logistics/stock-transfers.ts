import * as contract from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { withInTransit } from '../../engine/open-documents.ts';
import { usableSources } from '../../engine/work-location.ts';
import { documentLines, routeNames } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { lineLots } from '../../ledger/stock/line-lots.ts';
import { whereItLeavesOnItsRequest } from '../../ledger/work-places.ts';
import { createStockTransfer, postStockTransfer } from './stock-transfers-posting.ts';

export const stockTransfersResource = documentResource({
  table: 'stock_transfers',
  schemas: contractSchemas(contract, 'StockTransfer', 'StockTransfers'),
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'transfer_date', label: 'transfer date', withinWeek: true },
  costs: { lineFields: ['unit_cost'] },
  workPlaces: whereItLeavesOnItsRequest,
  conditions: { has_in_transit: withInTransit, usable: usableSources('to_') },
  figures: { money: [], quantities: ['quantity'] },
  create: createStockTransfer,
  post: postStockTransfer,
  async present(ctx, rows) {
    const lotsOf = await lineLots(ctx.db, 'stock-transfer', 'on_hand', rows);
    const { linesOf, itemOf } = await documentLines(ctx.db, 'stock_transfer_lines', rows);
    const requests = await namesById(
      ctx.db,
      'stock_requests',
      rows.map((row) => row.stock_request_id),
      'number',
    );
    const routeOf = await routeNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'stock_request_id',
        'from_branch_id',
        'from_warehouse_id',
        'to_branch_id',
        'to_warehouse_id',
        'transfer_date',
        'notes',
        'number',
      ]),
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
        lost_quantity: fromThousandths(Number(line.lost_quantity)),
        lot_number: line.lot_number,
        lots: lotsOf(line.id),
      })),
    }));
  },
});
