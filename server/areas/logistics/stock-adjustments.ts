import * as contract from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { storedFields } from '../../engine/dynamic.ts';
import { voidDocument } from '../../ledger/document-lifecycle.ts';
import { documentLines, itemAndLot, locatedHeader, locationNames } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { lineLots } from '../../ledger/stock/line-lots.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import {
  adjustmentDocumentType,
  createStockAdjustment,
  postStockAdjustment,
  refusedVoid,
} from './stock-adjustments-posting.ts';

export const stockAdjustmentsResource = documentResource({
  table: 'stock_adjustments',
  schemas: contractSchemas(contract, 'StockAdjustment', 'StockAdjustments'),
  searchColumns: ['number', 'notes'],
  costs: { fields: ['total_value'], lineFields: ['unit_cost', 'value'] },
  workPlaces: atOwnLocation,
  documentDate: { field: 'adjustment_date', label: 'adjustment date', withinWeek: true },
  filters: {
    async item_id(value, ctx) {
      const rows = await ctx.db
        .selectFrom('stock_adjustment_lines')
        .select('stock_adjustment_id')
        .distinct()
        .where('business_id', '=', ctx.businessId ?? 0)
        .where('item_id', '=', Number(value))
        .execute();
      return rows.map((row) => row.stock_adjustment_id);
    },
  },
  figures: { money: ['unit_cost'], quantities: ['quantity_delta'] },
  create: createStockAdjustment,
  post: postStockAdjustment,
  async softDelete(ctx, existing) {
    const context = postingContextOf(ctx);
    try {
      await voidDocument(context, 'stock_adjustments', existing.id, postStockAdjustment);
    } catch (error) {
      throw await refusedVoid(error, context, existing.id);
    }
  },
  async present(ctx, rows) {
    const ids = rows.map((row) => row.id);
    const lotsOf = await lineLots(ctx.db, adjustmentDocumentType, 'on_hand', rows);
    const { linesOf, itemOf } = await documentLines(ctx.db, 'stock_adjustment_lines', rows);
    const counts =
      ids.length === 0
        ? []
        : await ctx.db
            .selectFrom('stock_counts')
            .select(['id', 'number', 'stock_adjustment_id'])
            .where('business_id', '=', ctx.businessId ?? 0)
            .where('stock_adjustment_id', 'in', ids)
            .execute();
    const locationName = await locationNames(ctx.db, rows);
    return rows.map((row) => {
      const count = counts.find((candidate) => candidate.stock_adjustment_id === row.id);
      return {
        ...locatedHeader(row, locationName),
        ...storedFields(row, ['number', 'adjustment_date', 'reason', 'notes']),
        total_value: centavosToPesos(Number(row.total_value)),
        stock_count_id: count?.id ?? null,
        stock_count_number: count?.number ?? null,
        lines: linesOf(row.id).map((line) => ({
          ...itemAndLot({ ...line, ...itemOf(line.item_id) }),
          quantity_delta: fromThousandths(Number(line.quantity_delta)),
          unit_cost: centavosToPesos(Number(line.unit_cost)),
          value: centavosToPesos(Number(line.value)),
          lots: lotsOf(line.id),
        })),
      };
    });
  },
});
