import { purchaseOrderStatus } from '../../domain/document-status.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { moveStatus } from '../../ledger/status-moves.ts';

// An order closed short stays closed whatever later happens to its receipts: its rest was ended by a person's word.
export async function refreshPurchaseOrderStatus(context: PostingContext, purchaseOrderId: number): Promise<void> {
  const lines = await linesOf(context.trx, 'purchase_order_lines', context.businessId, purchaseOrderId)
    .read()
    .select(['quantity', 'received_quantity'])
    .execute();
  await moveStatus(
    context,
    'purchase_orders',
    purchaseOrderId,
    purchaseOrderStatus(
      lines.map((line) => ({ quantity: Number(line.quantity), received_quantity: Number(line.received_quantity) })),
    ),
    ['closed'],
  );
}
