import { purchaseOrderStatus } from '../domain/document-status.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';

export async function refreshPurchaseOrderStatus(context: PostingContext, purchaseOrderId: number): Promise<void> {
  const lines = await context.trx
    .selectFrom('purchase_order_lines')
    .select(['quantity', 'received_quantity'])
    .where('purchase_order_id', '=', purchaseOrderId)
    .execute();
  await context.trx
    .updateTable('purchase_orders')
    .set({
      status: purchaseOrderStatus(
        lines.map((line) => ({ quantity: Number(line.quantity), received_quantity: Number(line.received_quantity) })),
      ),
      updated_at: timestampOf(context),
    })
    .where('id', '=', purchaseOrderId)
    .execute();
}
