import type { z } from 'zod';
import type {
  CreateStockRequestBody,
  UpdateStockRequestBody,
} from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import { type Location, locationOf, routeColumns, sameLocation } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument, enterLines, reviseDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { findDocument, requireLineItems, requireLocation } from '../../ledger/references.ts';

export type StockRequestInput = z.output<typeof CreateStockRequestBody>;
export type StockRequestChanges = z.output<typeof UpdateStockRequestBody>;

async function requireRoute(
  context: PostingContext,
  input: Pick<StockRequestInput, 'from_branch_id' | 'from_warehouse_id' | 'to_branch_id' | 'to_warehouse_id'>,
): Promise<{ from: Location; to: Location }> {
  const from = await requireLocation(context, input.from_branch_id, input.from_warehouse_id, 'from_');
  const to = await requireLocation(context, input.to_branch_id, input.to_warehouse_id, 'to_');
  if (sameLocation(from, to)) {
    throw unprocessable({
      to_branch_id: ['The requester must differ from the source.'],
      to_warehouse_id: ['The requester must differ from the source.'],
    });
  }
  return { from, to };
}

async function insertLines(context: PostingContext, requestId: number, lines: StockRequestInput['lines']) {
  await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  await enterLines(context, requestId, {
    table: 'stock_request_lines',
    parent: 'stock_request_id',
    rows: lines.map((line, position) => ({
      position,
      item_id: line.item_id,
      quantity: toThousandths(line.quantity),
      transferred_quantity: 0,
    })),
  });
}

export async function createStockRequest(context: PostingContext, input: StockRequestInput): Promise<number> {
  const { from, to } = await requireRoute(context, input);
  const headerId = await enterDocument(context, 'stock_requests', {
    number: await assignDocumentNumber(context, 'stock-request', from, input.request_date),
    ...routeColumns(from, to),
    request_date: input.request_date,
    needed_by: input.needed_by ?? null,
    notes: input.notes ?? null,
    status: 'pending',
  });
  await insertLines(context, headerId, input.lines);
  return headerId;
}

async function hasTransfers(context: PostingContext, requestId: number): Promise<boolean> {
  const transferred = await linesOf(context.trx, 'stock_request_lines', context.businessId, requestId)
    .read()
    .select('id')
    .where('transferred_quantity', '>', 0)
    .executeTakeFirst();
  return transferred !== undefined;
}

// A request moves no stock; it cannot be voided while transfers fill it.
export const postStockRequest: Posting = async (context, id, direction) => {
  if (direction === -1 && (await hasTransfers(context, id))) {
    throw refusal('Transfers fill this request; void them first.');
  }
};

// Editable while pending: nothing has been transferred against it yet.
export async function updateStockRequest(context: PostingContext, id: number, changes: StockRequestChanges) {
  const request = await findDocument(context, 'stock_requests', id);
  if (request.status !== 'pending' || (await hasTransfers(context, id))) {
    throw refusal('Only a pending request can be edited.');
  }
  const touchesRoute = ['from_branch_id', 'from_warehouse_id', 'to_branch_id', 'to_warehouse_id'].some(
    (key) => key in changes,
  );
  const currentFrom = locationOf(request.from_branch_id, request.from_warehouse_id);
  const currentTo = locationOf(request.to_branch_id, request.to_warehouse_id);
  const route = touchesRoute
    ? await requireRoute(context, {
        from_branch_id:
          'from_branch_id' in changes || 'from_warehouse_id' in changes
            ? changes.from_branch_id
            : currentFrom?.branch_id,
        from_warehouse_id:
          'from_branch_id' in changes || 'from_warehouse_id' in changes
            ? changes.from_warehouse_id
            : currentFrom?.warehouse_id,
        to_branch_id:
          'to_branch_id' in changes || 'to_warehouse_id' in changes ? changes.to_branch_id : currentTo?.branch_id,
        to_warehouse_id:
          'to_branch_id' in changes || 'to_warehouse_id' in changes ? changes.to_warehouse_id : currentTo?.warehouse_id,
      })
    : null;
  if (changes.lines !== undefined) {
    await linesOf(context.trx, 'stock_request_lines', context.businessId, id).delete().execute();
    await insertLines(context, id, changes.lines);
  }
  await reviseDocument(context, 'stock_requests', id, {
    ...(route ? routeColumns(route.from, route.to) : {}),
    request_date: changes.request_date ?? request.request_date,
    needed_by: changes.needed_by === undefined ? request.needed_by : changes.needed_by,
    notes: changes.notes === undefined ? request.notes : changes.notes,
  });
}
