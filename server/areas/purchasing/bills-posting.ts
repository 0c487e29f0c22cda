import type { z } from 'zod';
import type { CreateBillBody } from '../../../generated/zod/bills/bills.zod.ts';
import { sumDocumentTotals } from '../../domain/document-totals.ts';
import { fieldError, refusal } from '../../domain/refusal.ts';
import { defaultReceiptCost, missingPurchaseCost, resolveLinePrices } from '../../ledger/default-prices.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { matchSourceLine, moveLinkedQuantity } from '../../ledger/linked-quantity.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { priceLines } from '../../ledger/priced-lines.ts';
import { requireActive, requireLineItems, requireLocation } from '../../ledger/references.ts';

export type BillInput = z.output<typeof CreateBillBody>;

export async function createBill(context: PostingContext, input: BillInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  if (input.purchase_order_id != null) {
    const order = await context.trx
      .selectFrom('purchase_orders')
      .select('id')
      .where('id', '=', input.purchase_order_id)
      .where('business_id', '=', context.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!order) throw fieldError('purchase_order_id', 'The selected purchase_order_id is invalid.');
  }
  const resolved = await resolveLinePrices(
    input.lines,
    'unit_cost',
    (line) => defaultReceiptCost(context, line, input.contact_id, input.bill_date),
    missingPurchaseCost,
  );
  const lines = await priceLines(context, 'purchase', resolved);
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('bills')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'bill', location),
      purchase_order_id: input.purchase_order_id ?? null,
      contact_id: input.contact_id,
      branch_id: location.branch_id,
      warehouse_id: location.warehouse_id,
      bill_date: input.bill_date,
      due_date: input.due_date ?? null,
      supplier_invoice_number: input.supplier_invoice_number ?? null,
      notes: input.notes ?? null,
      ...sumDocumentTotals(lines),
      amount_paid: 0,
      status: 'unpaid',
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.trx
    .insertInto('bill_lines')
    .values(
      lines.map((line, index) => ({
        business_id: context.businessId,
        bill_id: header.id,
        position: line.position,
        purchase_order_line_id: input.lines[index]?.purchase_order_line_id ?? null,
        item_id: line.item_id,
        quantity: line.quantity,
        unit_cost: line.price,
        discount_percent: line.discount_percent,
        amount: line.amount,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await postBill(context, header.id, 1);
  return header.id;
}

// A bill fills its order lines' billed quantity; it cannot be voided while payments stand against it.
export const postBill: Posting = async (context, id, direction) => {
  const bill = await context.trx
    .selectFrom('bills')
    .select(['purchase_order_id', 'amount_paid'])
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  if (direction === -1 && Number(bill.amount_paid) > 0) throw refusal('This bill has payments; void them first.');
  if (direction === -1 && (await hasStandingMemos(context, id))) {
    throw refusal('This bill has debit memos; void them first.');
  }
  const lines = await context.trx
    .selectFrom('bill_lines')
    .select(['id', 'purchase_order_line_id', 'item_id', 'quantity'])
    .where('bill_id', '=', id)
    .orderBy('position')
    .execute();
  for (const [index, line] of lines.entries()) {
    if (line.purchase_order_line_id === null) continue;
    await matchSourceLine(
      context,
      'purchase_order_lines',
      line.purchase_order_line_id,
      { itemId: line.item_id, documentId: bill.purchase_order_id },
      lineField(index, 'purchase_order_line_id'),
      'The order line does not match this bill.',
    );
    await moveLinkedQuantity(
      context,
      { table: 'purchase_order_lines', column: 'billed_quantity' },
      line.purchase_order_line_id,
      direction * Number(line.quantity),
      lineField(index, 'quantity'),
      'The quantity is more than the order line still has unbilled.',
    );
  }
};

// A memo refers to the bill as it was (docs/domain/purchasing.md, Debit memos): while one stands, the bill stays.
async function hasStandingMemos(context: PostingContext, billId: number): Promise<boolean> {
  const memo = await context.trx
    .selectFrom('debit_memos')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('bill_id', '=', billId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return memo !== undefined;
}
