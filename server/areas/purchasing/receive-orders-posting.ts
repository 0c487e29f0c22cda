import type { z } from 'zod';
import type { CreateReceiveOrderBody } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { computeLineAmount } from '../../domain/line-amount.ts';
import { locationOf } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { type FieldErrors, fieldError, isFieldRefusal, unprocessable } from '../../domain/refusal.ts';
import { defaultReceiptCost, missingPurchaseCost, resolveLinePrices } from '../../ledger/default-prices.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { fillSourceLines } from '../../ledger/linked-quantity.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { refuseHeldReceipt } from '../../ledger/receipt-holds.ts';
import { ownById, requireActive, requireDocument, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { lineArrival } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import { requireReceiptLots } from '../../ledger/stock/stock-lots.ts';
import { matchOrderLines, unmatch } from './bill-revaluation.ts';
import { orderFollowUpColumns } from './order-follow-up.ts';
import { checkOrderedLines } from './ordered-receipt.ts';
import { refreshPurchaseOrderStatus } from './purchase-order-status.ts';

export type ReceiveOrderInput = z.output<typeof CreateReceiveOrderBody>;

export async function createReceiveOrder(context: PostingContext, input: ReceiveOrderInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  const items = await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  // Every line's faults in one answer: a clerk who fixes the lots should not then learn that a quantity is over.
  const errors: FieldErrors = {};
  const lots = await collectFieldErrors(errors, () =>
    requireReceiptLots(context, input.lines, items, input.received_date),
  );
  if (input.purchase_order_id != null) {
    const order = await requireDocument(context, 'purchase_orders', input.purchase_order_id, 'purchase_order_id');
    if (order.status === 'closed') {
      throw fieldError(
        'purchase_order_id',
        `${order.number} was closed short; receive goods that came after all on a receive order without it.`,
      );
    }
    await collectFieldErrors(errors, () => checkOrderedLines(context, order.id, order.number, input.lines));
  }
  const resolved = await collectFieldErrors(errors, () =>
    resolveLinePrices(
      input.lines,
      'unit_cost',
      (line) => defaultReceiptCost(context, line, input.contact_id, input.received_date),
      missingPurchaseCost,
    ),
  );
  if (Object.keys(errors).length > 0 || lots === undefined || resolved === undefined) throw unprocessable(errors);
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
  const headerId = await enterDocument(
    context,
    'receive_orders',
    {
      ...(await orderFollowUpColumns(context, 'receive-order', input, location, input.received_date)),
      received_date: input.received_date,
      notes: input.notes ?? null,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
    },
    {
      table: 'receive_order_lines',
      parent: 'receive_order_id',
      rows: lines,
    },
  );
  await postReceiveOrder(context, headerId, 1);
  return headerId;
}

// Receiving adds the goods on hand at the receipt cost, into the line's lot for a lot-tracked item, fills the
// order lines it names and meets the bills already posted on them. A void waits for the bills and issues that
// stand on those goods.
export const postReceiveOrder: Posting = async (context, id, direction) => {
  if (direction === -1) await refuseHeldReceipt(context, 'receive-order', id);
  const order = await ownById(context, 'receive_orders', id).selectAll().executeTakeFirstOrThrow();
  const lines = await linesOf(context.trx, 'receive_order_lines', context.businessId, id)
    .read()
    .selectAll()
    .orderBy('position')
    .execute();
  const location = locationOf(order.branch_id, order.warehouse_id);
  if (!location) throw new Error(`Receive order ${id} has no location.`);
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const filledOrders = await fillSourceLines(context, 'receive-order', order.purchase_order_id, lines, direction);
  for (const purchaseOrderId of filledOrders) await refreshPurchaseOrderStatus(context, purchaseOrderId);
  // A void first takes back what its goods were revalued by, while they are still on hand.
  const freed = direction === -1 ? await unmatch(context, { column: 'receive_order_id', id }) : [];
  await applyStockChanges(
    context,
    { type: 'receive-order', id, number: order.number },
    lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => items.get(line.item_id)?.is_inventory_tracked)
      .map(({ line, index }) => ({
        ...lineArrival(line, index, location, direction),
        lot:
          items.get(line.item_id)?.is_lot_tracked && line.lot_number !== null && line.expires_on !== null
            ? { lotNumber: line.lot_number, expiresOn: line.expires_on }
            : null,
      })),
  );
  // What was billed before it arrived revalues now, at the bill's cost (bill-revaluation.ts).
  if (direction === 1) {
    await matchOrderLines(
      context,
      lines.map((line) => line.purchase_order_line_id),
      order.received_date,
    );
  } else {
    await matchOrderLines(context, freed, businessDate(context.now));
  }
};

// Runs a check that refuses with field errors, adding them to `errors` instead of stopping at them (any other
// refusal still stops); answers the check's result, or undefined when it refused.
async function collectFieldErrors<T>(errors: FieldErrors, check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (!isFieldRefusal(error) || Object.keys(error.errors).length === 0) throw error;
    for (const [field, messages] of Object.entries(error.errors))
      errors[field] = [...(errors[field] ?? []), ...messages];
    return undefined;
  }
}
