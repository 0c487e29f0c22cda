import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { SettleStockTransferBody } from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { businessDate } from '../../domain/business-date.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { fieldError } from '../../domain/refusal.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput } from '../../http/validation.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { lineField } from '../../ledger/document-lifecycle.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { moveLinkedQuantity } from '../../ledger/linked-quantity.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { requireLineItems } from '../../ledger/references.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import { pickTransitLots, splitByLots, transferLossDocument } from '../../ledger/stock/stock-lots.ts';
import { stockTransfersResource } from './stock-transfers.ts';
import { loadTransferRoute, refreshTransferStatus } from './stock-transfers-posting.ts';
import { createArrival } from './transfer-arrivals.ts';

type SettleInput = z.output<typeof SettleStockTransferBody>;

// Settling a transfer (docs/domain/logistics.md, Transfers that arrive short): what neither arrived in good order
// nor damaged leaves transit by its sender's word. Lost goods leave transit at the cost they left the source at, a
// loss under the transfer's own number; goods that come back are a stock return dated today.
export async function settleStockTransfer(context: PostingContext, transferId: number, input: SettleInput) {
  const route = await loadTransferRoute(context, transferId);
  const transferLines = await linesOf(context.trx, 'stock_transfer_lines', context.businessId, transferId)
    .read()
    .select(['id', 'item_id', 'unit_cost'])
    .execute();
  const lineOf = new Map(transferLines.map((line) => [line.id, line]));
  const settled = input.lines.map((line, index) => {
    const transferLine = lineOf.get(line.stock_transfer_line_id);
    if (!transferLine) {
      throw fieldError(lineField(index, 'stock_transfer_line_id'), 'The line is not part of this transfer.');
    }
    return { ...line, index, transferLine, given: line.quantity, quantity: toThousandths(line.quantity) };
  });
  const returned = settled.filter((line) => line.outcome === 'returned');
  if (returned.length > 0) {
    await createArrival(context, 'stock-return', {
      stock_transfer_id: transferId,
      date: businessDate(context.now),
      reason: 'Settled: sent back, never received',
      lines: returned.map((line) => ({ stock_transfer_line_id: line.stock_transfer_line_id, quantity: line.given })),
    });
  }
  const lost = settled.filter((line) => line.outcome === 'lost');
  if (lost.length === 0) return;
  for (const line of lost) {
    await moveLinkedQuantity(
      context,
      { table: 'stock_transfer_lines', column: 'lost_quantity' },
      line.stock_transfer_line_id,
      line.quantity,
      lineField(line.index, 'quantity'),
      'The quantity is more than the transfer line still has in transit.',
    );
  }
  const items = await requireLineItems(
    context,
    lost.map((line) => line.transferLine.item_id),
  );
  const tracked = lost.filter((line) => items.get(line.transferLine.item_id)?.is_lot_tracked);
  const picks = await pickTransitLots(
    context,
    transferId,
    tracked.map((line) => ({
      transferLineId: line.stock_transfer_line_id,
      quantity: line.quantity,
      lotNumber: null,
      expiresOn: null,
      quantityField: lineField(line.index, 'quantity'),
      lotField: lineField(line.index, 'quantity'),
      expiryField: lineField(line.index, 'quantity'),
    })),
  );
  await applyStockChanges(
    context,
    { type: transferLossDocument, id: transferId, number: route.number },
    lost.flatMap((line) => {
      const change = {
        itemId: line.transferLine.item_id,
        location: route.to,
        balance: 'in_transit' as const,
        delta: -line.quantity,
        unitCost: Number(line.transferLine.unit_cost),
        costEffect: 'issue' as const,
        field: lineField(line.index, 'quantity'),
        documentLineId: line.stock_transfer_line_id,
      };
      const lots = picks[tracked.indexOf(line)];
      return lots ? splitByLots(change, lots) : [change];
    }),
  );
  await refreshTransferStatus(context, transferId);
  await recordDocumentHistory(context, 'stock_transfers', transferId, 'updated', {
    settled_as_lost: [null, lost.map((line) => `${line.given} of line ${line.index + 1}`).join(', ')],
  });
}

// POST /api/stock-transfers/{id}/settle, by the transfer's sender (its source is the user's place of work).
export function registerTransferSettlementRoute(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/stock-transfers/:id/settle',
    { config: { access: { kind: 'business' as const, permissions: ['create-stock-transfers'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(SettleStockTransferBody, request.body ?? {});
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const transfer = await findRecord(stockTransfersResource, trx, id);
          if (transfer.deleted_at !== null) throw fieldError('stock_transfer_id', 'The transfer is voided.');
          await checkWorkPlace(stockTransfersResource, trx, transfer);
          await settleStockTransfer(postingContextOf(trx), id, body);
          return presentOne(stockTransfersResource, trx, id);
        }),
      );
    },
  );
}
