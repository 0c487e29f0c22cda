import type { z } from 'zod';
import type {
  CreatePurchaseOrderBody,
  UpdatePurchaseOrderBody,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { sumDocumentTotals } from '../../domain/document-totals.ts';
import { locationOf } from '../../domain/location.ts';
import { refusal } from '../../domain/refusal.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import { enterDocument, enterLines, reviseDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { type PricedLine, pricePurchaseLines } from '../../ledger/priced-lines.ts';
import { findDocument, requireActive, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { requireLinkableJobOrder } from '../eye-care/job-orders-posting.ts';

export type PurchaseOrderInput = z.output<typeof CreatePurchaseOrderBody>;
export type PurchaseOrderChanges = z.output<typeof UpdatePurchaseOrderBody>;

async function insertLines(
  context: PostingContext,
  orderId: number,
  input: PurchaseOrderInput['lines'],
  lines: readonly PricedLine[],
): Promise<void> {
  await enterLines(context, orderId, {
    table: 'purchase_order_lines',
    parent: 'purchase_order_id',
    rows: lines.map((line, index) => ({
      position: line.position,
      item_id: line.item_id,
      unit_of_measurement_id: input[index]?.unit_of_measurement_id ?? null,
      quantity: line.quantity,
      unit_cost: line.price,
      discount_percent: line.discount_percent,
      received_quantity: 0,
      billed_quantity: 0,
      amount: line.amount,
    })),
  });
}

export async function createPurchaseOrder(context: PostingContext, input: PurchaseOrderInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  await requireLinkableJobOrder(context, input.job_order_id, 'purchase-order', input.contact_id);
  await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  const lines = await pricePurchaseLines(context, input.lines, input.contact_id, input.order_date);
  const headerId = await enterDocument(context, 'purchase_orders', {
    number: await assignDocumentNumber(context, 'purchase-order', location, input.order_date),
    reference_number: await assignReferenceNumber(context, 'purchase-order', input.contact_id, input.order_date),
    contact_id: input.contact_id,
    ...location,
    order_date: input.order_date,
    expected_date: input.expected_date ?? null,
    job_order_id: input.job_order_id ?? null,
    notes: input.notes ?? null,
    ...sumDocumentTotals(lines),
    status: 'open',
  });
  await insertLines(context, headerId, input.lines, lines);
  return headerId;
}

async function hasFollowUps(context: PostingContext, orderId: number): Promise<boolean> {
  const touched = await linesOf(context.trx, 'purchase_order_lines', context.businessId, orderId)
    .read()
    .select('id')
    .where((where) => where.or([where('received_quantity', '>', 0), where('billed_quantity', '>', 0)]))
    .executeTakeFirst();
  return touched !== undefined;
}

// An order moves no stock or money itself; voiding it is refused while receipts or bills still fill it.
export const postPurchaseOrder: Posting = async (context, id, direction) => {
  if (direction === -1 && (await hasFollowUps(context, id))) {
    throw refusal('Goods of this order were received or billed; void those documents first.');
  }
};

// Editable only while nothing is received or billed; new lines replace the old ones.
export async function updatePurchaseOrder(
  context: PostingContext,
  id: number,
  changes: PurchaseOrderChanges,
): Promise<void> {
  const order = await findDocument(context, 'purchase_orders', id);
  if (await hasFollowUps(context, id)) throw refusal('An order that was received or billed can no longer be edited.');
  if (changes.contact_id !== undefined) await requireActive(context, 'contacts', changes.contact_id, 'contact_id');
  const location =
    changes.branch_id !== undefined || changes.warehouse_id !== undefined
      ? await requireLocation(context, changes.branch_id ?? null, changes.warehouse_id ?? null)
      : locationOf(order.branch_id, order.warehouse_id);
  let totals = {
    subtotal: Number(order.subtotal),
    discount_total: Number(order.discount_total),
    total: Number(order.total),
  };
  if (changes.lines !== undefined) {
    await requireLineItems(
      context,
      changes.lines.map((line) => line.item_id),
    );
    const lines = await pricePurchaseLines(
      context,
      changes.lines,
      changes.contact_id ?? order.contact_id,
      changes.order_date ?? order.order_date,
    );
    totals = sumDocumentTotals(lines);
    await linesOf(context.trx, 'purchase_order_lines', context.businessId, id).delete().execute();
    await insertLines(context, id, changes.lines, lines);
  }
  await reviseDocument(context, 'purchase_orders', id, {
    contact_id: changes.contact_id ?? order.contact_id,
    branch_id: location?.branch_id ?? null,
    warehouse_id: location?.warehouse_id ?? null,
    order_date: changes.order_date ?? order.order_date,
    expected_date: changes.expected_date === undefined ? order.expected_date : changes.expected_date,
    notes: changes.notes === undefined ? order.notes : changes.notes,
    ...totals,
    status: 'open',
  });
}
