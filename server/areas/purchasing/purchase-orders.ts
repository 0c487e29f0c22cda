import type { Kysely } from 'kysely';
import * as contract from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import type { Database } from '../../db/database.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { withUnreceived } from '../../engine/open-documents.ts';
import { usableSources } from '../../engine/work-location.ts';
import { costedLine, documentLines, locationNames, pricedTotals } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createPurchaseOrder, postPurchaseOrder, updatePurchaseOrder } from './purchase-orders-posting.ts';

// The unit each line counts in, as the paper order says it ("6 pairs"): the line's own unit, else its item's.
async function lineUnitNames(
  db: Kysely<Database>,
  lines: readonly { item_id: number; unit_of_measurement_id: number | null }[],
): Promise<(line: { item_id: number; unit_of_measurement_id: number | null }) => string | null> {
  const itemUnits = await db
    .selectFrom('items')
    .select(['id', 'unit_of_measurement_id'])
    .where('id', 'in', [0, ...lines.map((line) => line.item_id)])
    .execute();
  const itemUnit = new Map(itemUnits.map((item) => [item.id, item.unit_of_measurement_id]));
  const names = await namesById(db, 'unit_of_measurements', [
    ...lines.map((line) => line.unit_of_measurement_id),
    ...itemUnits.map((item) => item.unit_of_measurement_id),
  ]);
  return (line) => names.get(line.unit_of_measurement_id ?? itemUnit.get(line.item_id) ?? 0) ?? null;
}

export const purchaseOrdersResource = documentResource({
  table: 'purchase_orders',
  schemas: contractSchemas(contract, 'PurchaseOrder', 'PurchaseOrders'),
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'order_date', label: 'order date', withinWeek: true },
  costs: { fields: ['subtotal', 'discount_total', 'total'], lineFields: ['unit_cost', 'amount'] },
  workPlaces: atOwnLocation,
  conditions: { has_unreceived: withUnreceived, usable: usableSources('') },
  figures: { money: ['unit_cost'], quantities: ['quantity'] },
  create: createPurchaseOrder,
  update: updatePurchaseOrder,
  post: postPurchaseOrder,
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(ctx.db, 'purchase_order_lines', rows);
    const contacts = await namesById(
      ctx.db,
      'contacts',
      rows.map((row) => row.contact_id),
    );
    const locationName = await locationNames(ctx.db, rows);
    const unitName = await lineUnitNames(
      ctx.db,
      rows.flatMap((row) => linesOf(row.id)),
    );
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'contact_id',
        'branch_id',
        'warehouse_id',
        'order_date',
        'expected_date',
        'job_order_id',
        'notes',
        'number',
        'reference_number',
      ]),
      contact_name: nameOf(contacts, row.contact_id),
      location_name: locationName(row.branch_id, row.warehouse_id),
      ...pricedTotals(row),
      status: row.status,
      closed_reason: row.closed_reason,
      closed_at: row.closed_at,
      lines: linesOf(row.id).map((line) => ({
        ...costedLine(line, itemOf),
        unit_of_measurement_id: line.unit_of_measurement_id,
        unit_name: unitName(line),
        discount_percent: line.discount_percent,
        received_quantity: fromThousandths(Number(line.received_quantity)),
        billed_quantity: fromThousandths(Number(line.billed_quantity)),
        still_to_come:
          row.status === 'closed'
            ? 0
            : fromThousandths(Math.max(0, Number(line.quantity) - Number(line.received_quantity))),
      })),
    }));
  },
});
