import type { z } from 'zod';
import type { CreateBillBody } from '../../../generated/zod/bills/bills.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { sumDocumentTotals } from '../../domain/document-totals.ts';
import { refusal } from '../../domain/refusal.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { fillSourceLines } from '../../ledger/linked-quantity.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { pricePurchaseLines } from '../../ledger/priced-lines.ts';
import { ownById, requireActive, requireDocument, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { hasStandingMemos } from '../../ledger/settlement.ts';
import { matchOrderLines, unmatch } from './bill-revaluation.ts';
import { orderFollowUpColumns } from './order-follow-up.ts';

export type BillInput = z.output<typeof CreateBillBody>;

export async function createBill(context: PostingContext, input: BillInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  if (input.purchase_order_id != null) {
    await requireDocument(context, 'purchase_orders', input.purchase_order_id, 'purchase_order_id');
  }
  const lines = await pricePurchaseLines(context, input.lines, input.contact_id, input.bill_date);
  const headerId = await enterDocument(
    context,
    'bills',
    {
      ...(await orderFollowUpColumns(context, 'bill', input, location, input.bill_date)),
      bill_date: input.bill_date,
      due_date: input.due_date ?? null,
      supplier_invoice_number: input.supplier_invoice_number ?? null,
      notes: input.notes ?? null,
      ...sumDocumentTotals(lines),
      amount_paid: 0,
      status: 'unpaid',
    },
    {
      table: 'bill_lines',
      parent: 'bill_id',
      rows: lines.map((line, index) => ({
        position: line.position,
        purchase_order_line_id: input.lines[index]?.purchase_order_line_id ?? null,
        item_id: line.item_id,
        quantity: line.quantity,
        unit_cost: line.price,
        discount_percent: line.discount_percent,
        amount: line.amount,
      })),
    },
  );
  await postBill(context, headerId, 1);
  return headerId;
}

// A bill fills its order lines' billed quantity and revalues the goods received at another cost; it cannot be voided while payments stand against it.
export const postBill: Posting = async (context, id, direction) => {
  const bill = await ownById(context, 'bills', id)
    .select(['purchase_order_id', 'amount_paid', 'bill_date'])
    .executeTakeFirstOrThrow();
  if (direction === -1 && Number(bill.amount_paid) > 0) throw refusal('This bill has payments; void them first.');
  if (direction === -1 && (await hasStandingMemos(context, 'bills', id))) {
    throw refusal('This bill has debit memos; void them first.');
  }
  const lines = await linesOf(context.trx, 'bill_lines', context.businessId, id)
    .read()
    .select(['id', 'purchase_order_line_id', 'item_id', 'quantity'])
    .orderBy('position')
    .execute();
  await fillSourceLines(context, 'bill', bill.purchase_order_id, lines, direction);
  // The bill's cost revalues the goods it matches (bill-revaluation.ts); a void takes that back.
  if (direction === 1) {
    await matchOrderLines(
      context,
      lines.map((line) => line.purchase_order_line_id),
      bill.bill_date,
    );
  } else {
    await matchOrderLines(context, await unmatch(context, { column: 'bill_id', id }), businessDate(context.now));
  }
};
