import * as contract from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { withUntransferred } from '../../engine/open-documents.ts';
import { usableSources } from '../../engine/work-location.ts';
import { documentLines, routeNames } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { atEitherEnd } from '../../ledger/work-places.ts';
import { createStockRequest, postStockRequest, updateStockRequest } from './stock-requests-posting.ts';

export const stockRequestsResource = documentResource({
  table: 'stock_requests',
  schemas: contractSchemas(contract, 'StockRequest', 'StockRequests'),
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'request_date', label: 'request date' },
  workPlaces: atEitherEnd,
  conditions: { has_untransferred: withUntransferred, usable: usableSources('from_') },
  figures: { money: [], quantities: ['quantity'] },
  create: createStockRequest,
  update: updateStockRequest,
  post: postStockRequest,
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(ctx.db, 'stock_request_lines', rows);
    const routeOf = await routeNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'from_branch_id',
        'from_warehouse_id',
        'to_branch_id',
        'to_warehouse_id',
        'request_date',
        'needed_by',
        'notes',
        'number',
      ]),
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
});
