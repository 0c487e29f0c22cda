import { purchaseOrderStatus } from '../../domain/document-status.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { moveStatus } from '../../ledger/status-moves.ts';

export async function refreshPurchaseOrderStatus(context: PostingContext, purchaseOrderId: number): Promise<void> {
  const lines = await context.trx
    .selectFrom('purchase_order_lines')
    .select(['quantity', 'received_quantity'])
    .where('business_id', '=', context.businessId)
    .where('purchase_order_id', '=', purchaseOrderId)
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
