import { purchaseOrderStatus } from '../../domain/document-status.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { moveStatus } from '../../ledger/status-moves.ts';

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
  );
}
