import type { z } from 'zod';
import type {
  CreatePurchaseOrderBody,
  UpdatePurchaseOrderBody,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { sumDocumentTotals } from '../../domain/document-totals.ts';
import { locationOf } from '../../domain/location.ts';
import { notFound, refusal } from '../../domain/refusal.ts';
import { latestPurchaseCost, missingPurchaseCost, resolveLinePrices } from '../../ledger/default-prices.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { type PricedLine, priceLines } from '../../ledger/priced-lines.ts';
import { requireActive, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { requireLinkableJobOrder } from '../eye-care/job-orders-posting.ts';

export type PurchaseOrderInput = z.output<typeof CreatePurchaseOrderBody>;
export type PurchaseOrderChanges = z.output<typeof UpdatePurchaseOrderBody>;

// An omitted unit cost is the supplier's latest price on the order date.
async function priceOrderLines(
  context: PostingContext,
  lines: PurchaseOrderInput['lines'],
  supplierId: number,
  orderDate: string,
): Promise<PricedLine[]> {
  await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const resolved = await resolveLinePrices(
    lines,
    'unit_cost',
    (line) => latestPurchaseCost(context.trx, context.businessId, line.item_id, supplierId, orderDate),
    missingPurchaseCost,
  );
  return priceLines(context, 'purchase', resolved);
}

async function insertLines(
  context: PostingContext,
  orderId: number,
  input: PurchaseOrderInput['lines'],
  lines: readonly PricedLine[],
): Promise<void> {
  const at = timestampOf(context);
  await context.trx
    .insertInto('purchase_order_lines')
    .values(
      lines.map((line, index) => ({
        business_id: context.businessId,
        purchase_order_id: orderId,
        position: line.position,
        item_id: line.item_id,
        unit_of_measurement_id: input[index]?.unit_of_measurement_id ?? null,
        quantity: line.quantity,
        unit_cost: line.price,
        discount_percent: line.discount_percent,
        received_quantity: 0,
        billed_quantity: 0,
        amount: line.amount,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

export async function createPurchaseOrder(context: PostingContext, input: PurchaseOrderInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  await requireLinkableJobOrder(context, input.job_order_id, 'purchase-order', input.contact_id);
  const lines = await priceOrderLines(context, input.lines, input.contact_id, input.order_date);
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('purchase_orders')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'purchase-order', location),
      reference_number: await assignReferenceNumber(context, 'purchase-order', input.contact_id),
      contact_id: input.contact_id,
      branch_id: location.branch_id,
      warehouse_id: location.warehouse_id,
      order_date: input.order_date,
      expected_date: input.expected_date ?? null,
      job_order_id: input.job_order_id ?? null,
      notes: input.notes ?? null,
      ...sumDocumentTotals(lines),
      status: 'open',
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(context, header.id, input.lines, lines);
  return header.id;
}

async function hasFollowUps(context: PostingContext, orderId: number): Promise<boolean> {
  const touched = await context.trx
    .selectFrom('purchase_order_lines')
    .select('id')
    .where('purchase_order_id', '=', orderId)
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
  const order = await context.trx
    .selectFrom('purchase_orders')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirst();
  if (!order) throw notFound();
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
    const lines = await priceOrderLines(
      context,
      changes.lines,
      changes.contact_id ?? order.contact_id,
      changes.order_date ?? order.order_date,
    );
    totals = sumDocumentTotals(lines);
    await context.trx.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', id).execute();
    await insertLines(context, id, changes.lines, lines);
  }
  await context.trx
    .updateTable('purchase_orders')
    .set({
      contact_id: changes.contact_id ?? order.contact_id,
      branch_id: location?.branch_id ?? null,
      warehouse_id: location?.warehouse_id ?? null,
      order_date: changes.order_date ?? order.order_date,
      expected_date: changes.expected_date === undefined ? order.expected_date : changes.expected_date,
      notes: changes.notes === undefined ? order.notes : changes.notes,
      ...totals,
      status: 'open',
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .execute();
}
