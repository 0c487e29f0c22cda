import type { z } from 'zod';
import * as contract from '../../../generated/zod/stock-receives/stock-receives.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { whereItsTransferArrives } from '../../ledger/work-places.ts';
import { presentArrivalParts } from './transfer-arrival-presenting.ts';
import { arrivalPosting, createArrival } from './transfer-arrivals.ts';

type Create = z.output<typeof contract.CreateStockReceiveBody>;

export const stockReceivesResource = documentResource({
  table: 'stock_receives',
  schemas: contractSchemas(contract, 'StockReceive', 'StockReceives'),
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'received_date', label: 'received date', withinWeek: true },
  workPlaces: whereItsTransferArrives,
  figures: { money: [], quantities: ['quantity'] },
  create: (context, input: Create) => createArrival(context, 'stock-receive', { ...input, date: input.received_date }),
  post: arrivalPosting('stock-receive'),
  async present(ctx, rows) {
    const partsOf = await presentArrivalParts(ctx.db, 'stock_receive_lines', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'stock_transfer_id',
        'received_date',
        'notes',
        'number',
        'damage_adjustment_id',
      ]),
      ...partsOf(row),
    }));
  },
});
