import type { LedgerValue } from '../../domain/average-cost.ts';
import { businessDate } from '../../domain/business-date.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import type { Thousandths } from '../../domain/quantity.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { applyStockChanges, lockStockRows } from '../../ledger/stock/stock-ledger.ts';

// The bill's cost is the true cost (docs/domain/purchasing.md, Bills). The billed and the received quantities of an
// order line are matched first come, first matched: each bill line with the receipt lines not yet matched, in the
// order they were entered, each match kept in `bill_receipt_matches` (migration 059). Where a match's costs differ,
// the goods still on hand at the receiving location are revalued through a movement of no quantity carrying the
// difference (the average follows), and what has left that location goes to cost of sales on the match's date.
// A bill posted before its goods arrive is matched, and revalues, when the receipt posts. Every posting that matches
// has first moved its order lines' received or billed quantity, so the order line's row lock keeps two postings on
// one line from matching the same quantity at once.

export const revaluationDocumentType = 'bill-revaluation';

type Candidate = {
  purchaseOrderLineId: number;
  billId: number;
  billLineId: number;
  billNumber: string;
  receiveOrderId: number;
  receiveOrderLineId: number;
  itemId: number;
  location: Location;
  quantity: Thousandths;
  difference: number;
};

type Side = { id: number; documentId: number; itemId: number; quantity: number; unitCost: number };

// Matches what is still unmatched on these order lines and revalues by the difference, as of `on` (the date of the
// document being posted).
export async function matchOrderLines(
  context: PostingContext,
  purchaseOrderLineIds: readonly (number | null)[],
  on: string,
): Promise<void> {
  const orderLineIds = [...new Set(purchaseOrderLineIds.filter((id): id is number => id !== null))];
  if (orderLineIds.length === 0) return;
  const received = await context.trx
    .selectFrom('receive_order_lines as line')
    .innerJoin('receive_orders as receipt', 'receipt.id', 'line.receive_order_id')
    .innerJoin('items as item', 'item.id', 'line.item_id')
    .select([
      'item.is_inventory_tracked',
      'line.id',
      'line.receive_order_id as document_id',
      'line.purchase_order_line_id',
      'line.item_id',
      'line.quantity',
      'line.unit_cost',
      'receipt.branch_id',
      'receipt.warehouse_id',
    ])
    .where('line.business_id', '=', context.businessId)
    .where('line.purchase_order_line_id', 'in', orderLineIds)
    .where('receipt.deleted_at', 'is', null)
    .orderBy('line.id')
    .execute();
  const billed = await context.trx
    .selectFrom('bill_lines as line')
    .innerJoin('bills as bill', 'bill.id', 'line.bill_id')
    .select([
      'line.id',
      'line.bill_id as document_id',
      'line.purchase_order_line_id',
      'line.item_id',
      'line.quantity',
      'line.unit_cost',
      'bill.number',
    ])
    .where('line.business_id', '=', context.businessId)
    .where('line.purchase_order_line_id', 'in', orderLineIds)
    .where('bill.deleted_at', 'is', null)
    .orderBy('line.id')
    .execute();
  if (received.length === 0 || billed.length === 0) return;
  const matched = await context.trx
    .selectFrom('bill_receipt_matches')
    .select(['bill_line_id', 'receive_order_line_id', 'quantity'])
    .where('business_id', '=', context.businessId)
    .where('purchase_order_line_id', 'in', orderLineIds)
    .execute();
  const matchedOf = (key: 'bill_line_id' | 'receive_order_line_id', id: number) =>
    matched.filter((row) => row[key] === id).reduce((sum, row) => sum + Number(row.quantity), 0);
  const candidates: Candidate[] = [];
  for (const orderLineId of orderLineIds) {
    const receipts = received
      .filter((line) => line.purchase_order_line_id === orderLineId)
      .map((line) => ({
        line: sideOf(line),
        location: locationOf(line.branch_id, line.warehouse_id),
        // A service kept in no stock is matched, to use its quantity up, but revalues nothing.
        tracked: Number(line.is_inventory_tracked) === 1,
        left: Number(line.quantity) - matchedOf('receive_order_line_id', line.id),
      }));
    for (const bill of billed.filter((line) => line.purchase_order_line_id === orderLineId)) {
      const billLine = sideOf(bill);
      let left = billLine.quantity - matchedOf('bill_line_id', bill.id);
      for (const receipt of receipts) {
        if (left <= 0) break;
        if (receipt.left <= 0 || !receipt.location) continue;
        const quantity = Math.min(left, receipt.left);
        left -= quantity;
        receipt.left -= quantity;
        candidates.push({
          purchaseOrderLineId: orderLineId,
          billId: billLine.documentId,
          billLineId: billLine.id,
          billNumber: bill.number,
          receiveOrderId: receipt.line.documentId,
          receiveOrderLineId: receipt.line.id,
          itemId: receipt.line.itemId,
          location: receipt.location,
          quantity,
          difference: receipt.tracked ? billLine.unitCost - receipt.line.unitCost : 0,
        });
      }
    }
  }
  await revalue(context, candidates, on);
}

// Takes back the standing matches of a voided bill or receipt, as of the void's day; what left the location since
// the match was revalued comes back out of cost of sales. Answers the order lines to match again once the void is
// done (another bill may now meet the goods this one freed).
export async function unmatch(
  context: PostingContext,
  by: { column: 'bill_id' | 'receive_order_id'; id: number },
): Promise<number[]> {
  const rows = await context.trx
    .selectFrom('bill_receipt_matches as match')
    .innerJoin('bills', 'bills.id', 'match.bill_id')
    .selectAll('match')
    .select('bills.number as bill_number')
    .where('match.business_id', '=', context.businessId)
    .where(by.column === 'bill_id' ? 'match.bill_id' : 'match.receive_order_id', '=', by.id)
    .where('match.reverses_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bill_receipt_matches as reversal')
            .select('reversal.id')
            .whereRef('reversal.reverses_id', '=', 'match.id'),
        ),
      ),
    )
    .orderBy('match.id')
    .execute();
  const on = businessDate(context.now);
  await revalue(
    context,
    rows.flatMap((row) => {
      const location = locationOf(row.branch_id, row.warehouse_id);
      if (!location) return [];
      return [
        {
          purchaseOrderLineId: row.purchase_order_line_id,
          billId: row.bill_id,
          billLineId: row.bill_line_id,
          billNumber: row.bill_number,
          receiveOrderId: row.receive_order_id,
          receiveOrderLineId: row.receive_order_line_id,
          itemId: row.item_id,
          location,
          quantity: -Number(row.quantity),
          difference: Number(row.unit_cost_difference),
          reverses: { id: row.id, onHandQuantity: Number(row.on_hand_quantity) },
        },
      ];
    }),
    on,
  );
  return rows.map((row) => row.purchase_order_line_id);
}

function sideOf(line: {
  id: number;
  document_id: number;
  item_id: number;
  quantity: number | string;
  unit_cost: number | string;
}): Side {
  return {
    id: line.id,
    documentId: line.document_id,
    itemId: line.item_id,
    quantity: Number(line.quantity),
    unitCost: Number(line.unit_cost),
  };
}

type Revaluation = Candidate & { reverses?: { id: number; onHandQuantity: Thousandths } };

// Writes the matches and moves the value on hand by the part still there. The quantity on hand is shared among the
// matches of one posting, the latest receipts first (the goods that left are the earlier ones); a reversal takes back
// on hand at most what its match revalued there.
async function revalue(context: PostingContext, matches: readonly Revaluation[], on: string): Promise<void> {
  if (matches.length === 0) return;
  const moving = matches.filter((match) => match.difference !== 0);
  const rows = await lockStockRows(context, moving);
  const onHand = new Map([...rows.values()].map((row) => [`${row.item_id}:${row.location_key}`, row.quantity_on_hand]));
  const split = new Map<Revaluation, { onHandQuantity: Thousandths; onHandValue: LedgerValue }>();
  for (const match of [...moving].sort((a, b) => b.receiveOrderLineId - a.receiveOrderLineId)) {
    const key = `${match.itemId}:${locationKey(match.location)}`;
    const available = onHand.get(key) ?? 0;
    const wanted = match.reverses ? match.reverses.onHandQuantity : match.quantity;
    const onHandQuantity = Math.min(Math.abs(wanted), available);
    onHand.set(key, available - onHandQuantity);
    const signed = match.quantity < 0 ? -onHandQuantity : onHandQuantity;
    split.set(match, { onHandQuantity: signed, onHandValue: signed * match.difference });
  }
  const at = context.now.toISOString();
  const inserted = await context.trx
    .insertInto('bill_receipt_matches')
    .values(
      matches.map((match) => {
        const { onHandQuantity, onHandValue } = split.get(match) ?? { onHandQuantity: 0, onHandValue: 0 };
        return {
          business_id: context.businessId,
          purchase_order_line_id: match.purchaseOrderLineId,
          bill_id: match.billId,
          bill_line_id: match.billLineId,
          receive_order_id: match.receiveOrderId,
          receive_order_line_id: match.receiveOrderLineId,
          item_id: match.itemId,
          branch_id: match.location.branch_id,
          warehouse_id: match.location.warehouse_id,
          revalued_on: on,
          quantity: match.quantity,
          unit_cost_difference: match.difference,
          on_hand_quantity: onHandQuantity,
          on_hand_value: onHandValue,
          cost_of_sales_value: match.quantity * match.difference - onHandValue,
          reverses_id: match.reverses?.id ?? null,
          created_at: at,
          created_by: context.userId,
        };
      }),
    )
    .returning('id')
    .execute();
  // One posting, one movement per revaluation: each is its own document, dated by its match (stock valuation reads
  // `revalued_on`), named by its bill's number. A void's reversal is a document of its own, on the void's day.
  const changed = matches
    .map((match, index) => ({ match, id: inserted[index]?.id, split: split.get(match) }))
    .filter(({ split }) => split !== undefined && split.onHandValue !== 0);
  const locked = { rows: () => Promise.resolve(rows) };
  for (const { match, id, split } of changed) {
    if (id === undefined || !split) continue;
    await applyStockChanges(
      context,
      { type: revaluationDocumentType, id, number: match.billNumber },
      [
        {
          itemId: match.itemId,
          location: match.location,
          balance: 'on_hand',
          delta: 0,
          // The difference may be negative, which no unit cost is: the movement carries it in its value alone.
          unitCost: 0,
          costEffect: 'revaluation',
          value: split.onHandValue,
          field: 'lines',
          documentLineId: match.billLineId,
        },
      ],
      undefined,
      locked,
    );
  }
}
