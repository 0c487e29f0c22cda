import type { z } from 'zod';
import type { CreateStockTransferBody } from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { stockRequestStatus, stockTransferStatus } from '../../domain/document-status.ts';
import { type Location, locationOf, sameLocation } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { fieldError, refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { writeLineCosts } from '../../ledger/line-costs.ts';
import { matchSourceLine, moveLinkedQuantity } from '../../ledger/linked-quantity.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { requireLineItems, requireLocation } from '../../ledger/references.ts';
import { moveStatus } from '../../ledger/status-moves.ts';
import { applyStockChanges, lockStockRows } from '../../ledger/stock-ledger.ts';
import { issueWithLots, splitByLots } from '../../ledger/stock-lots.ts';

export type StockTransferInput = z.output<typeof CreateStockTransferBody>;

export type TransferRoute = { id: number; number: string; from: Location; to: Location };

export async function loadTransferRoute(context: PostingContext, transferId: number): Promise<TransferRoute> {
  const transfer = await context.trx
    .selectFrom('stock_transfers')
    .select(['id', 'number', 'from_branch_id', 'from_warehouse_id', 'to_branch_id', 'to_warehouse_id'])
    .where('id', '=', transferId)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  const from = locationOf(transfer.from_branch_id, transfer.from_warehouse_id);
  const to = locationOf(transfer.to_branch_id, transfer.to_warehouse_id);
  if (!from || !to) throw new Error(`Stock transfer ${transferId} has no route.`);
  return { id: transfer.id, number: transfer.number, from, to };
}

export async function refreshTransferStatus(context: PostingContext, transferId: number): Promise<void> {
  const lines = await context.trx
    .selectFrom('stock_transfer_lines')
    .select(['quantity', 'received_quantity', 'returned_quantity'])
    .where('stock_transfer_id', '=', transferId)
    .execute();
  const status = stockTransferStatus(
    lines.map((line) => ({
      quantity: Number(line.quantity),
      received_quantity: Number(line.received_quantity),
      returned_quantity: Number(line.returned_quantity),
    })),
  );
  await moveStatus(context, 'stock_transfers', transferId, status);
}

async function refreshRequestStatus(context: PostingContext, requestId: number): Promise<void> {
  const lines = await context.trx
    .selectFrom('stock_request_lines')
    .select(['quantity', 'transferred_quantity'])
    .where('stock_request_id', '=', requestId)
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
    const request = await context.trx
      .selectFrom('stock_requests')
      .select('id')
      .where('id', '=', input.stock_request_id)
      .where('business_id', '=', context.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!request) throw fieldError('stock_request_id', 'The selected stock_request_id is invalid.');
  }
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('stock_transfers')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'stock-transfer', from),
      stock_request_id: input.stock_request_id ?? null,
      from_branch_id: from.branch_id,
      from_warehouse_id: from.warehouse_id,
      to_branch_id: to.branch_id,
      to_warehouse_id: to.warehouse_id,
      transfer_date: input.transfer_date,
      notes: input.notes ?? null,
      status: 'in_transit',
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.trx
    .insertInto('stock_transfer_lines')
    .values(
      input.lines.map((line, position) => ({
        business_id: context.businessId,
        stock_transfer_id: header.id,
        position,
        stock_request_line_id: line.stock_request_line_id ?? null,
        item_id: line.item_id,
        quantity: toThousandths(line.quantity),
        unit_cost: 0,
        lot_number: line.lot_number ?? null,
        received_quantity: 0,
        returned_quantity: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await postStockTransfer(context, header.id, 1);
  return header.id;
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
  const lines = await context.trx
    .selectFrom('stock_transfer_lines')
    .selectAll()
    .where('stock_transfer_id', '=', id)
    .orderBy('position')
    .execute();
  if (direction === -1 && lines.some((line) => Number(line.received_quantity) + Number(line.returned_quantity) > 0)) {
    throw refusal('Goods of this transfer were already received or returned; void those first.');
  }
  // A request's status is set once, after all its lines moved, so that its history shows one move per transfer.
  const filledRequests = new Set<number>();
  for (const [index, line] of lines.entries()) {
    if (line.stock_request_line_id === null) continue;
    const stockRequestId = await matchSourceLine(
      context,
      'stock_request_lines',
      line.stock_request_line_id,
      { itemId: line.item_id, documentId: transfer.stock_request_id },
      lineField(index, 'stock_request_line_id'),
      'The request line does not match this transfer.',
    );
    await moveLinkedQuantity(
      context,
      { table: 'stock_request_lines', column: 'transferred_quantity' },
      line.stock_request_line_id,
      direction * Number(line.quantity),
      lineField(index, 'quantity'),
      'The quantity is more than the request line still awaits.',
    );
    filledRequests.add(stockRequestId);
  }
  for (const stockRequestId of filledRequests) await refreshRequestStatus(context, stockRequestId);
  const document = { type: 'stock-transfer', id, number: route.number };
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const sourceChanges = lines.map((line, index) => ({
    itemId: line.item_id,
    location: route.from,
    balance: 'on_hand' as const,
    delta: -direction * Number(line.quantity),
    unitCost: Number(line.unit_cost),
    costEffect: direction === 1 ? ('issue' as const) : ('receipt' as const),
    field: lineField(index, 'quantity'),
    documentLineId: line.id,
  }));
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
    await writeLineCosts(
      context,
      'stock_transfer_lines',
      lines.map((line) => ({ id: line.id, cost: line.unit_cost })),
    );
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
