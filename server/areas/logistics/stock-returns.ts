import type { z } from 'zod';
import * as contract from '../../../generated/zod/stock-returns/stock-returns.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { whereItsTransferArrives } from '../../ledger/work-places.ts';
import { presentArrivalParts } from './transfer-arrival-presenting.ts';
import { arrivalPosting, createArrival } from './transfer-arrivals.ts';

type Create = z.output<typeof contract.CreateStockReturnBody>;

export const stockReturnsResource = documentResource({
  table: 'stock_returns',
  schemas: contractSchemas(contract, 'StockReturn', 'StockReturns'),
  searchColumns: ['number', 'reason', 'notes'],
  documentDate: { field: 'return_date', label: 'return date', withinWeek: true },
  workPlaces: whereItsTransferArrives,
  create: (context, input: Create) => createArrival(context, 'stock-return', { ...input, date: input.return_date }),
  post: arrivalPosting('stock-return'),
  async present(ctx, rows) {
    const partsOf = await presentArrivalParts(ctx.db, 'stock_return_lines', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'stock_transfer_id', 'return_date', 'reason', 'notes', 'number']),
      ...partsOf(row),
    }));
  },
});
