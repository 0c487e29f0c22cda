import { editReceiptCostsPermission } from '../../auth/identity.ts';
import { pesosToCentavos } from '../../domain/money.ts';
import { fromThousandths, toThousandths } from '../../domain/quantity.ts';
import { type FieldErrors, forbidden, unprocessable } from '../../domain/refusal.ts';
import { lineField } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';

type ReceiptLine = {
  purchase_order_line_id?: number | null | undefined;
  item_id: number;
  quantity: number;
  unit_cost?: number | undefined;
};

// A receipt made from a purchase order is that order's goods arriving (docs/domain/purchasing.md, Receive orders):
// every line names one of the order's lines, of its item, and takes at most what that line still awaits (two lines
// naming one order line share it); goods not ordered come on a receipt without an order, so that the order's
// received quantities and status tell the truth. A cost other than the order line's needs edit-receipt-costs.
export async function checkOrderedLines(
  context: PostingContext,
  purchaseOrderId: number,
  orderNumber: string,
  lines: readonly ReceiptLine[],
): Promise<void> {
  const ordered = new Map(
    (
      await linesOf(context.trx, 'purchase_order_lines', context.businessId, purchaseOrderId)
        .read()
        .select(['id', 'item_id', 'quantity', 'received_quantity', 'unit_cost'])
        .execute()
    ).map((line) => [
      line.id,
      {
        itemId: line.item_id,
        awaiting: Number(line.quantity) - Number(line.received_quantity),
        unitCost: Number(line.unit_cost),
      },
    ]),
  );
  const errors: FieldErrors = {};
  let costChanged = false;
  for (const [index, line] of lines.entries()) {
    const orderLine = line.purchase_order_line_id == null ? undefined : ordered.get(line.purchase_order_line_id);
    if (line.purchase_order_line_id == null) {
      errors[lineField(index, 'purchase_order_line_id')] = [
        `This item is not a line of ${orderNumber}; receive goods not ordered on a receive order without a purchase order.`,
      ];
      continue;
    }
    if (!orderLine || orderLine.itemId !== line.item_id) {
      errors[lineField(index, 'purchase_order_line_id')] = [`This line is not a line of ${orderNumber} for this item.`];
      continue;
    }
    const quantity = toThousandths(line.quantity);
    if (quantity > orderLine.awaiting) {
      errors[lineField(index, 'quantity')] = [
        orderLine.awaiting > 0
          ? `The order line still awaits ${fromThousandths(orderLine.awaiting)}; receive no more than that.`
          : 'The order line still awaits 0: it has been received in full.',
      ];
    }
    orderLine.awaiting -= Math.min(quantity, Math.max(orderLine.awaiting, 0));
    if (line.unit_cost !== undefined && pesosToCentavos(line.unit_cost) !== orderLine.unitCost) costChanged = true;
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (costChanged && !context.holds(editReceiptCostsPermission)) {
    throw forbidden(
      `Only a user with the permission ${editReceiptCostsPermission} may receive an ordered line at a cost other ` +
        `than the order's; leave the unit cost as ordered.`,
    );
  }
}
