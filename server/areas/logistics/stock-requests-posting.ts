import type { z } from 'zod';
import type {
  CreateStockRequestBody,
  UpdateStockRequestBody,
} from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import { type Location, locationOf, sameLocation } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { notFound, refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { requireLineItems, requireLocation } from '../../ledger/references.ts';

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
  const at = timestampOf(context);
  await context.trx
    .insertInto('stock_request_lines')
    .values(
      lines.map((line, position) => ({
        business_id: context.businessId,
        stock_request_id: requestId,
        position,
        item_id: line.item_id,
        quantity: toThousandths(line.quantity),
        transferred_quantity: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

export async function createStockRequest(context: PostingContext, input: StockRequestInput): Promise<number> {
  const { from, to } = await requireRoute(context, input);
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('stock_requests')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'stock-request', from),
      from_branch_id: from.branch_id,
      from_warehouse_id: from.warehouse_id,
      to_branch_id: to.branch_id,
      to_warehouse_id: to.warehouse_id,
      request_date: input.request_date,
      needed_by: input.needed_by ?? null,
      notes: input.notes ?? null,
      status: 'pending',
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(context, header.id, input.lines);
  return header.id;
}

async function hasTransfers(context: PostingContext, requestId: number): Promise<boolean> {
  const transferred = await context.trx
    .selectFrom('stock_request_lines')
    .select('id')
    .where('stock_request_id', '=', requestId)
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
  const request = await context.trx
    .selectFrom('stock_requests')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirst();
  if (!request) throw notFound();
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
    await context.trx.deleteFrom('stock_request_lines').where('stock_request_id', '=', id).execute();
    await insertLines(context, id, changes.lines);
  }
  await context.trx
    .updateTable('stock_requests')
    .set({
      ...(route
        ? {
            from_branch_id: route.from.branch_id,
            from_warehouse_id: route.from.warehouse_id,
            to_branch_id: route.to.branch_id,
            to_warehouse_id: route.to.warehouse_id,
          }
        : {}),
      request_date: changes.request_date ?? request.request_date,
      needed_by: changes.needed_by === undefined ? request.needed_by : changes.needed_by,
      notes: changes.notes === undefined ? request.notes : changes.notes,
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .execute();
}
