import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateDebitMemoBody } from '../../../generated/zod/debit-memos/debit-memos.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { divideRounded } from '../../domain/line-amount.ts';
import { type Location, locationOf } from '../../domain/location.ts';
import { type Centavos, pesosToCentavos } from '../../domain/money.ts';
import { fromThousandths, toThousandths } from '../../domain/quantity.ts';
import { conflict, type FieldErrors, fieldError, Refusal, unprocessable } from '../../domain/refusal.ts';
import { latestPurchaseCost } from '../../ledger/default-prices.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, type PostingDirection, timestampOf } from '../../ledger/posting-context.ts';
import { ownById, requireActive, requireDocument, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { checkRefundMethod, queueOnBalance, settleMemo } from '../../ledger/settlement.ts';
import { lineIssue } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots } from '../../ledger/stock/stock-lots.ts';

// Debit memos (docs/domain/purchasing.md, Debit memos): goods sent back to a supplier, or a supplier's price
// correction, optionally against one of that supplier's bills at that location. Returned goods leave at the average
// cost like every issue, lot by lot; the memo lowers the bill's balance first, and the rest is the supplier's credit
// to us, refunded or spent on a later bill.

export type DebitMemoInput = z.output<typeof CreateDebitMemoBody>;

export const debitMemoDocumentType = 'debit-memo';

function lineAmount(quantity: number, unitCost: Centavos): Centavos {
  return Number(divideRounded(BigInt(quantity) * BigInt(unitCost), 1000n));
}

async function requireBill(context: PostingContext, billId: number, contactId: number, location: Location) {
  const bill = await requireDocument(context, 'bills', billId, 'bill_id');
  if (bill.contact_id !== contactId) throw fieldError('bill_id', "The bill is not this supplier's.");
  if (bill.branch_id !== location.branch_id || bill.warehouse_id !== location.warehouse_id) {
    throw fieldError('bill_id', 'The bill is of another location.');
  }
  return bill;
}

export async function createDebitMemo(context: PostingContext, input: DebitMemoInput): Promise<number> {
  if (input.memo_date > businessDate(context.now))
    throw fieldError('memo_date', 'The memo date cannot be after today.');
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  const bill = input.bill_id == null ? null : await requireBill(context, input.bill_id, input.contact_id, location);
  if (bill && input.memo_date < bill.bill_date) {
    throw fieldError('memo_date', `The memo date cannot be before the bill's date (${bill.bill_date}).`);
  }
  const items = await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  const billLines = new Map(
    bill === null
      ? []
      : (
          await linesOf(context.trx, 'bill_lines', context.businessId, bill.id)
            .read()
            .select(['id', 'item_id', 'quantity', 'unit_cost', 'debited_quantity'])
            .execute()
        ).map((line) => [line.id, line]),
  );
  const errors: FieldErrors = {};
  const lines = [];
  for (const [index, entry] of input.lines.entries()) {
    const quantity = toThousandths(entry.quantity);
    // With a bill named, every line is an item of that bill (docs/domain/purchasing.md, Debit memos); one that names no
    // bill line takes the first of that item with enough left.
    const ofItem = [...billLines.values()].filter((line) => line.item_id === entry.item_id);
    if (bill !== null && ofItem.length === 0) {
      errors[lineField(index, 'item_id')] = [`The item is not on bill ${bill.number}.`];
      continue;
    }
    const billLine =
      entry.bill_line_id != null
        ? billLines.get(entry.bill_line_id)
        : (ofItem.find((line) => Number(line.quantity) - Number(line.debited_quantity) >= quantity) ??
          ofItem[0] ??
          null);
    if (entry.bill_line_id != null && (!billLine || billLine.item_id !== entry.item_id)) {
      errors[lineField(index, 'bill_line_id')] = ['The line is not one of this bill’s, or is of another item.'];
      continue;
    }
    if (billLine) {
      const left = Number(billLine.quantity) - Number(billLine.debited_quantity);
      if (quantity > left) {
        errors[lineField(index, 'quantity')] = [`Only ${fromThousandths(left)} left to debit on this bill line.`];
        continue;
      }
    }
    const unitCost =
      entry.unit_cost != null
        ? pesosToCentavos(entry.unit_cost)
        : billLine
          ? Number(billLine.unit_cost)
          : await latestPurchaseCost(context.trx, context.businessId, entry.item_id, input.contact_id, input.memo_date);
    if (unitCost === null || unitCost === undefined) {
      errors[lineField(index, 'unit_cost')] = ['No purchase price is known for this item: enter the unit cost.'];
      continue;
    }
    const tracked = items.get(entry.item_id)?.is_inventory_tracked ?? false;
    lines.push({
      position: index,
      item_id: entry.item_id,
      bill_line_id: billLine?.id ?? null,
      quantity,
      unit_cost: unitCost,
      amount: lineAmount(quantity, unitCost),
      lot_number: items.get(entry.item_id)?.is_lot_tracked ? entry.lot_number?.trim() || null : null,
      return_stock: tracked && (entry.return_stock ?? true),
    });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  checkRefundMethod('bills', input);
  const settlement = input.settlement ?? null;
  const headerId = await enterDocument(
    context,
    'debit_memos',
    {
      number: await assignDocumentNumber(context, 'debit-memo', location, input.memo_date),
      reference_number: await assignReferenceNumber(context, 'document-memorandum', input.contact_id, input.memo_date),
      contact_id: input.contact_id,
      ...location,
      bill_id: bill?.id ?? null,
      memo_date: input.memo_date,
      reason: input.reason,
      notes: input.notes ?? null,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      applied_amount: 0,
      excess_amount: 0,
      settlement,
      refund_method: settlement === 'refund' ? (input.refund_method ?? null) : null,
      refund_reference: settlement === 'refund' ? (input.refund_reference ?? null) : null,
    },
    {
      table: 'debit_memo_lines',
      parent: 'debit_memo_id',
      rows: lines.map((line) => ({
        position: line.position,
        item_id: line.item_id,
        bill_line_id: line.bill_line_id,
        quantity: line.quantity,
        unit_cost: line.unit_cost,
        amount: line.amount,
        lot_number: line.lot_number,
        return_stock: line.return_stock ? 1 : 0,
        stock_unit_cost: 0,
      })),
    },
  );
  await postDebitMemo(context, headerId, 1);
  return headerId;
}

type StoredLine = {
  id: number;
  position: number;
  item_id: number;
  bill_line_id: number | null;
  quantity: number;
  lot_number: string | null;
  return_stock: number;
  stock_unit_cost: number;
};

// Posting (1) takes the lines off what is left on the bill lines, lowers the bill's balance and settles the rest, and
// takes returned goods off hand; reversing (-1) undoes each, refused (409) when the supplier's credit was spent.
export const postDebitMemo: Posting = async (context, id, direction) => {
  const memo = await ownById(context, 'debit_memos', id).selectAll().executeTakeFirstOrThrow();
  await queueOnBalance(context, 'bills', memo.bill_id);
  const lines: StoredLine[] = (
    await linesOf(context.trx, 'debit_memo_lines', context.businessId, id)
      .read()
      .select([
        'id',
        'position',
        'item_id',
        'bill_line_id',
        'quantity',
        'lot_number',
        'return_stock',
        'stock_unit_cost',
      ])
      .orderBy('position')
      .execute()
  ).map((line) => ({ ...line, quantity: Number(line.quantity), stock_unit_cost: Number(line.stock_unit_cost) }));
  for (const line of lines) {
    if (line.bill_line_id === null) continue;
    const delta = direction * line.quantity;
    const result = await context.trx
      .updateTable('bill_lines')
      .set({ debited_quantity: sql`debited_quantity + ${delta}` })
      .where('id', '=', line.bill_line_id)
      .where(sql<boolean>`debited_quantity + ${delta} <= quantity`)
      .where(sql<boolean>`debited_quantity + ${delta} >= 0`)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw unprocessable({
        [lineField(line.position, 'quantity')]: ['Earlier memos have already debited this line.'],
      });
    }
  }
  await settleMemo(context, 'bills', { ...memo, document_id: memo.bill_id }, direction);
  const location = locationOf(memo.branch_id, memo.warehouse_id);
  if (!location) throw new Error(`Debit memo ${id} has no location.`);
  await moveStock(context, { id, number: memo.number, date: memo.memo_date }, location, lines, direction);
  await followLabCredit(context, id, direction);
};

// A memo that confirmed a lab credit (lab-credit-confirmation.ts): voided, the credit is expected again, to be
// confirmed anew; restored, it is confirmed by this memo again.
async function followLabCredit(context: PostingContext, memoId: number, direction: PostingDirection): Promise<void> {
  await context.trx
    .updateTable('lab_credits')
    .set({ status: direction === 1 ? 'confirmed' : 'expected', updated_at: timestampOf(context) })
    .where('business_id', '=', context.businessId)
    .where('debit_memo_id', '=', memoId)
    .where('status', '=', direction === 1 ? 'expected' : 'confirmed')
    .execute();
}

// Returned goods leave at the average cost (never below zero), from the named lot or the earliest expiry first; a
// void puts them back into the lots they left and at the cost they left at.
async function moveStock(
  context: PostingContext,
  memo: { id: number; number: string; date: string },
  location: Location,
  lines: readonly StoredLine[],
  direction: PostingDirection,
): Promise<void> {
  const returned = lines.filter((line) => line.return_stock === 1);
  if (returned.length === 0) return;
  const items = await requireLineItems(
    context,
    returned.map((line) => line.item_id),
  );
  const { changes, lineOf } = await issueWithLots(
    context,
    { type: debitMemoDocumentType, id: memo.id, date: '0000-01-01' },
    direction,
    returned.map((line) => ({
      change: {
        ...lineIssue({ ...line, unit_cost: line.stock_unit_cost }, line.position, location, direction),
        lot: null,
      },
      lotTracked: items.get(line.item_id)?.is_lot_tracked ?? false,
      itemName: items.get(line.item_id)?.name ?? '',
      lotNumber: line.lot_number,
      lotField: lineField(line.position, 'lot_number'),
    })),
  );
  let costs: Centavos[];
  try {
    costs = await applyStockChanges(
      context,
      { type: debitMemoDocumentType, id: memo.id, number: memo.number },
      changes,
    );
  } catch (error) {
    if (direction === -1 && error instanceof Refusal && error.kind === 'invalid') {
      throw conflict(
        `Restoring this memo would take stock below zero. ${Object.values(error.errors ?? {})[0]?.[0] ?? ''}`,
      );
    }
    throw error;
  }
  if (direction === 1) {
    // The average each line left at, kept so that a void puts the goods back at the same cost.
    for (const [position, line] of returned.entries()) {
      await context.trx
        .updateTable('debit_memo_lines')
        .set({ stock_unit_cost: costs[lineOf.indexOf(position)] ?? 0 })
        .where('id', '=', line.id)
        .execute();
    }
  }
}
