import type { z } from 'zod';
import type { CreateReceiveOrderBody } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { computeLineAmount } from '../../domain/line-amount.ts';
import { locationOf } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { fieldError } from '../../domain/refusal.ts';
import { defaultReceiptCost, missingPurchaseCost, resolveLinePrices } from '../../ledger/default-prices.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { matchSourceLine, moveLinkedQuantity } from '../../ledger/linked-quantity.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { refuseHeldReceipt } from '../../ledger/receipt-holds.ts';
import { requireActive, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { applyStockChanges } from '../../ledger/stock-ledger.ts';
import { requireReceiptLots } from '../../ledger/stock-lots.ts';
import { refreshPurchaseOrderStatus } from './purchase-order-status.ts';

export type ReceiveOrderInput = z.output<typeof CreateReceiveOrderBody>;

export async function createReceiveOrder(context: PostingContext, input: ReceiveOrderInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  const items = await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  const lots = await requireReceiptLots(context, input.lines, items);
  if (input.purchase_order_id != null) await requireOpenOrder(context, input.purchase_order_id);
  const resolved = await resolveLinePrices(
    input.lines,
    'unit_cost',
    (line) => defaultReceiptCost(context, line, input.contact_id, input.received_date),
    missingPurchaseCost,
  );
  const lines = resolved.map((line, position) => {
    const quantity = toThousandths(line.quantity);
    const unitCost = line.price;
    return {
      position,
      purchase_order_line_id: line.purchase_order_line_id ?? null,
      item_id: line.item_id,
      quantity,
      unit_cost: unitCost,
      amount: computeLineAmount(quantity, unitCost, 0).amount,
      lot_number: lots[position]?.lotNumber ?? null,
      expires_on: lots[position]?.expiresOn ?? null,
    };
  });
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('receive_orders')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'receive-order', location),
      purchase_order_id: input.purchase_order_id ?? null,
      contact_id: input.contact_id,
      branch_id: location.branch_id,
      warehouse_id: location.warehouse_id,
      received_date: input.received_date,
      notes: input.notes ?? null,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.trx
    .insertInto('receive_order_lines')
    .values(
      lines.map((line) => ({
        ...line,
        business_id: context.businessId,
        receive_order_id: header.id,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await postReceiveOrder(context, header.id, 1);
  return header.id;
}

async function requireOpenOrder(context: PostingContext, purchaseOrderId: number): Promise<void> {
  const order = await context.trx
    .selectFrom('purchase_orders')
    .select('id')
    .where('id', '=', purchaseOrderId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!order) throw fieldError('purchase_order_id', 'The selected purchase_order_id is invalid.');
}

// Receiving adds the goods on hand at the receipt cost, into the line's lot for a lot-tracked item, and fills the
// order lines it names. A void waits for the bills and issues that stand on those goods.
export const postReceiveOrder: Posting = async (context, id, direction) => {
  if (direction === -1) await refuseHeldReceipt(context, 'receive-order', id);
  const order = await context.trx
    .selectFrom('receive_orders')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  const lines = await context.trx
    .selectFrom('receive_order_lines')
    .selectAll()
    .where('receive_order_id', '=', id)
    .orderBy('position')
    .execute();
  const location = locationOf(order.branch_id, order.warehouse_id);
  if (!location) throw new Error(`Receive order ${id} has no location.`);
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  // An order's status is set once, after all its lines moved, so that its history shows one move per receipt.
  const filledOrders = new Set<number>();
  for (const [index, line] of lines.entries()) {
    if (line.purchase_order_line_id === null) continue;
    const purchaseOrderId = await matchSourceLine(
      context,
      'purchase_order_lines',
      line.purchase_order_line_id,
      { itemId: line.item_id, documentId: order.purchase_order_id },
      lineField(index, 'purchase_order_line_id'),
      'The order line does not match this receipt.',
    );
    await moveLinkedQuantity(
      context,
      { table: 'purchase_order_lines', column: 'received_quantity' },
      line.purchase_order_line_id,
      direction * Number(line.quantity),
      lineField(index, 'quantity'),
      'The quantity is more than the order line still awaits.',
    );
    filledOrders.add(purchaseOrderId);
  }
  for (const purchaseOrderId of filledOrders) await refreshPurchaseOrderStatus(context, purchaseOrderId);
  await applyStockChanges(
    context,
    { type: 'receive-order', id, number: order.number },
    lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => items.get(line.item_id)?.is_inventory_tracked)
      .map(({ line, index }) => ({
        itemId: line.item_id,
        location,
        balance: 'on_hand' as const,
        delta: direction * Number(line.quantity),
        unitCost: Number(line.unit_cost),
        costEffect: direction === 1 ? ('receipt' as const) : ('receipt_reversal' as const),
        field: lineField(index, 'quantity'),
        documentLineId: line.id,
        lot:
          items.get(line.item_id)?.is_lot_tracked && line.lot_number !== null && line.expires_on !== null
            ? { lotNumber: line.lot_number, expiresOn: line.expires_on }
            : null,
      })),
  );
};
