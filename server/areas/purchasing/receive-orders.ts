import * as contract from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { costedLine, documentLines } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { receiptHolders } from '../../ledger/receipt-holds.ts';
import { atOwnLocationOfItsOrder } from '../../ledger/work-places.ts';
import { orderFollowUpIds, orderFollowUpNames } from './order-follow-up.ts';
import { createReceiveOrder, postReceiveOrder } from './receive-orders-posting.ts';

export const receiveOrdersResource = documentResource({
  table: 'receive_orders',
  schemas: contractSchemas(contract, 'ReceiveOrder', 'ReceiveOrders'),
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'received_date', label: 'received date', withinWeek: true },
  costs: { fields: ['total'], lineFields: ['unit_cost', 'amount'] },
  workPlaces: atOwnLocationOfItsOrder,
  figures: { money: ['unit_cost'], quantities: ['quantity'] },
  create: createReceiveOrder,
  post: postReceiveOrder,
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(ctx.db, 'receive_order_lines', rows);
    const namesOf = await orderFollowUpNames(ctx.db, rows);
    const heldBy = await receiptHolders(ctx.db, 'receive-order', rows);
    return rows.map((row) => ({
      ...orderFollowUpIds(row),
      received_date: row.received_date,
      notes: row.notes,
      number: row.number,
      ...namesOf(row),
      total: centavosToPesos(Number(row.total)),
      held_by: heldBy(row.id),
      lines: linesOf(row.id).map((line) => ({
        ...costedLine(line, itemOf),
        purchase_order_line_id: line.purchase_order_line_id,
        lot_number: line.lot_number,
        expires_on: line.expires_on,
      })),
    }));
  },
});
