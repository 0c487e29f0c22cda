import type { z } from 'zod';
import type { CreateStockTransferBody } from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { stockRequestStatus, stockTransferStatus } from '../../domain/document-status.ts';
import { type Location, locationOf, routeColumns, sameLocation } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { fillSourceLines } from '../../ledger/linked-quantity.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { ownById, requireDocument, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { moveStatus } from '../../ledger/status-moves.ts';
import { writeLineCosts } from '../../ledger/stock/line-costs.ts';
import { lineIssue } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges, lockStockRows } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots, splitByLots } from '../../ledger/stock/stock-lots.ts';

export type StockTransferInput = z.output<typeof CreateStockTransferBody>;

export type TransferRoute = { id: number; number: string; from: Location; to: Location };

export async function loadTransferRoute(context: PostingContext, transferId: number): Promise<TransferRoute> {
  const transfer = await ownById(context, 'stock_transfers', transferId)
    .select(['id', 'number', 'from_branch_id', 'from_warehouse_id', 'to_branch_id', 'to_warehouse_id'])
    .executeTakeFirstOrThrow();
  const from = locationOf(transfer.from_branch_id, transfer.from_warehouse_id);
  const to = locationOf(transfer.to_branch_id, transfer.to_warehouse_id);
  if (!from || !to) throw new Error(`Stock transfer ${transferId} has no route.`);
  return { id: transfer.id, number: transfer.number, from, to };
}

export async function refreshTransferStatus(context: PostingContext, transferId: number): Promise<void> {
  const lines = await linesOf(context.trx, 'stock_transfer_lines', context.businessId, transferId)
    .read()
    .select(['quantity', 'received_quantity', 'returned_quantity', 'lost_quantity'])
    .execute();
  const status = stockTransferStatus(
    lines.map((line) => ({
      quantity: Number(line.quantity),
      received_quantity: Number(line.received_quantity),
      returned_quantity: Number(line.returned_quantity),
      lost_quantity: Number(line.lost_quantity),
    })),
  );
  await moveStatus(context, 'stock_transfers', transferId, status);
}

async function refreshRequestStatus(context: PostingContext, requestId: number): Promise<void> {
  const lines = await linesOf(context.trx, 'stock_request_lines', context.businessId, requestId)
    .read()
    .select(['quantity', 'transferred_quantity'])
    .execute();
  const status = stockRequestStatus(
    lines.map((line) => ({ quantity: Number(line.quantity), transferred_quantity: Number(line.transferred_quantity) })),
  );
  await moveStatus(context, 'stock_requests', requestId, status);
}

export async function createStockTransfer(context: PostingContext, input: StockTransferInput): Promise<number> {
  const from = await requireLocation(context, input.from_branch_id, input.from_warehouse_id, 'from_');
  const to = await requireLocation(context, input.to_branch_id, input.to_warehouse_id, 'to_');
  if (sameLocation(from, to)) {
    throw unprocessable({
      to_branch_id: ['The destination must differ from the source.'],
      to_warehouse_id: ['The destination must differ from the source.'],
    });
  }
  await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  if (input.stock_request_id != null) {
    await requireDocument(context, 'stock_requests', input.stock_request_id, 'stock_request_id');
  }
  const headerId = await enterDocument(
    context,
    'stock_transfers',
    {
      number: await assignDocumentNumber(context, 'stock-transfer', from, input.transfer_date),
      stock_request_id: input.stock_request_id ?? null,
      ...routeColumns(from, to),
      transfer_date: input.transfer_date,
      notes: input.notes ?? null,
      status: 'in_transit',
    },
    {
      table: 'stock_transfer_lines',
      parent: 'stock_transfer_id',
      rows: input.lines.map((line, position) => ({
        position,
        stock_request_line_id: line.stock_request_line_id ?? null,
        item_id: line.item_id,
        quantity: toThousandths(line.quantity),
        unit_cost: 0,
        lot_number: line.lot_number ?? null,
        received_quantity: 0,
        returned_quantity: 0,
      })),
    },
  );
  await postStockTransfer(context, headerId, 1);
  return headerId;
}

// Sending takes the goods off hand at the source at its average cost and puts them in transit to the
// destination. A transfer that has been received or returned against cannot be voided: undo those first.
export const postStockTransfer: Posting = async (context, id, direction) => {
  const route = await loadTransferRoute(context, id);
  const transfer = await context.trx
    .selectFrom('stock_transfers')
    .select(['stock_request_id', 'transfer_date'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await linesOf(context.trx, 'stock_transfer_lines', context.businessId, id)
    .read()
    .selectAll()
    .orderBy('position')
    .execute();
  if (direction === -1 && lines.some((line) => Number(line.lost_quantity) > 0)) {
    throw refusal('Goods of this transfer were settled as lost; a settled transfer stays.');
  }
  if (direction === -1 && lines.some((line) => Number(line.received_quantity) + Number(line.returned_quantity) > 0)) {
    throw refusal('Goods of this transfer were already received or returned; void those first.');
  }
  const filledRequests = await fillSourceLines(context, 'stock-transfer', transfer.stock_request_id, lines, direction);
  for (const stockRequestId of filledRequests) await refreshRequestStatus(context, stockRequestId);
  const document = { type: 'stock-transfer', id, number: route.number };
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const sourceChanges = lines.map((line, index) => lineIssue(line, index, route.from, direction));
  await lockStockRows(context, [
    ...sourceChanges,
    ...sourceChanges.map((change) => ({ ...change, location: route.to })),
  ]);
  const source = await issueWithLots(
    context,
    { type: 'stock-transfer', id, date: transfer.transfer_date },
    direction,
    sourceChanges.map((change, index) => ({
      change,
      lotTracked: items.get(change.itemId)?.is_lot_tracked ?? false,
      itemName: items.get(change.itemId)?.name ?? '',
      lotNumber: lines[index]?.lot_number ?? null,
      lotField: lineField(index, 'lot_number'),
    })),
  );
  const sourceCosts = await applyStockChanges(context, document, source.changes);
  if (direction === 1) {
    for (const [index, line] of lines.entries()) line.unit_cost = sourceCosts[source.lineOf.indexOf(index)] ?? 0;
    await writeLineCosts(context, {
      table: 'stock_transfer_lines',
      costs: lines.map((line) => ({ id: line.id, cost: line.unit_cost })),
    });
  }
  // The goods travel in the lots they left in: the destination's transit holds the same lots and expiries.
  await applyStockChanges(
    context,
    document,
    lines.flatMap((line, index) => {
      const change = {
        itemId: line.item_id,
        location: route.to,
        balance: 'in_transit' as const,
        delta: direction * Number(line.quantity),
        unitCost: Number(line.unit_cost),
        costEffect: 'receipt' as const,
        field: lineField(index, 'quantity'),
        documentLineId: line.id,
      };
      const lots = source.lotsOf[index];
      return lots ? splitByLots(change, lots) : [change];
    }),
  );
};
