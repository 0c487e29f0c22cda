import { sql } from 'kysely';
import type { Location } from '../../domain/location.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { fieldError } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { lineField, type Posting, voidDocument } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { moveLinkedQuantity } from '../../ledger/linked-quantity.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { refuseHeldReceipt } from '../../ledger/receipt-holds.ts';
import { type ItemFacts, ownById, requireDocument, requireLineItems } from '../../ledger/references.ts';
import { lineArrival } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import {
  arrivedLots,
  type LotTake,
  pickTransitLots,
  requireReceiptLots,
  splitByLots,
} from '../../ledger/stock/stock-lots.ts';
import { insertStockAdjustment, postStockAdjustment } from './stock-adjustments-posting.ts';
import { loadTransferRoute, refreshTransferStatus } from './stock-transfers-posting.ts';

// Stock receives and stock returns are the two ways goods in transit leave transit: received at the destination,
// or sent back to the source. They differ only in where the goods land and which line column they fill.
export type ArrivalKind = 'stock-receive' | 'stock-return';

type ArrivalTables = {
  header: 'stock_receives' | 'stock_returns';
  lines: 'stock_receive_lines' | 'stock_return_lines';
  parent: 'stock_receive_id' | 'stock_return_id';
  column: 'received_quantity' | 'returned_quantity';
};

const tablesOf: Record<ArrivalKind, ArrivalTables> = {
  'stock-receive': {
    header: 'stock_receives',
    lines: 'stock_receive_lines',
    parent: 'stock_receive_id',
    column: 'received_quantity',
  },
  'stock-return': {
    header: 'stock_returns',
    lines: 'stock_return_lines',
    parent: 'stock_return_id',
    column: 'returned_quantity',
  },
};

export type ArrivalInput = {
  stock_transfer_id: number;
  date: string;
  notes?: string | null;
  reason?: string | null;
  lines: {
    stock_transfer_line_id: number;
    quantity: number;
    damaged_quantity?: number | null;
    damage_reason?: string | null;
    lot_number?: string | null;
    expires_on?: string | null;
  }[];
};

export async function createArrival(context: PostingContext, kind: ArrivalKind, input: ArrivalInput): Promise<number> {
  const transfer = await requireDocument(context, 'stock_transfers', input.stock_transfer_id, 'stock_transfer_id');
  const route = await loadTransferRoute(context, transfer.id);
  const transferLines = await linesOf(context.trx, 'stock_transfer_lines', context.businessId, transfer.id)
    .read()
    .select(['id', 'item_id'])
    .execute();
  const itemOf = new Map(transferLines.map((line) => [line.id, line.item_id]));
  const lines = input.lines.map((line, position) => {
    const itemId = itemOf.get(line.stock_transfer_line_id);
    if (itemId === undefined) {
      throw fieldError(lineField(position, 'stock_transfer_line_id'), 'The line is not part of this transfer.');
    }
    const damaged = kind === 'stock-receive' ? toThousandths(line.damaged_quantity ?? 0) : 0;
    const damageReason = line.damage_reason?.trim() || null;
    if (damaged > 0 && damageReason === null) {
      throw fieldError(lineField(position, 'damage_reason'), 'Say what is wrong with the damaged goods.');
    }
    if (toThousandths(line.quantity) + damaged === 0) {
      throw fieldError(lineField(position, 'quantity'), 'Enter what arrived: in good order, damaged, or both.');
    }
    return {
      position,
      stock_transfer_line_id: line.stock_transfer_line_id,
      item_id: itemId,
      quantity: toThousandths(line.quantity),
      lot_number: line.lot_number?.trim() || null,
      expires_on: line.expires_on ?? null,
      damaged_quantity: damaged,
      damage_reason: damaged > 0 ? damageReason : null,
    };
  });
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  if (kind === 'stock-receive') await requireReceiptLots(context, lines, items);
  const at = timestampOf(context);
  const number = await assignDocumentNumber(context, kind, route.to, input.date);
  const common = {
    business_id: context.businessId,
    number,
    stock_transfer_id: transfer.id,
    notes: input.notes ?? null,
    created_at: at,
    updated_at: at,
    created_by: context.userId,
    updated_by: context.userId,
  };
  const header =
    kind === 'stock-receive'
      ? await context.trx
          .insertInto('stock_receives')
          .values({ ...common, received_date: input.date, damage_adjustment_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await context.trx
          .insertInto('stock_returns')
          .values({ ...common, return_date: input.date, reason: input.reason ?? null })
          .returning('id')
          .executeTakeFirstOrThrow();
  const rows = lines.map((line) => ({ ...line, business_id: context.businessId, created_at: at, updated_at: at }));
  if (kind === 'stock-receive') {
    await context.trx
      .insertInto('stock_receive_lines')
      .values(rows.map((row) => ({ ...row, ...lotOf(row, items), stock_receive_id: header.id })))
      .execute();
  } else {
    await context.trx
      .insertInto('stock_return_lines')
      .values(
        rows.map(({ expires_on, damaged_quantity: _damaged, damage_reason: _reason, ...row }) => ({
          ...row,
          lot_number: lotOf({ ...row, expires_on }, items).lot_number,
          stock_return_id: header.id,
        })),
      )
      .execute();
  }
  await arrivalPosting(kind)(context, header.id, 1);
  return header.id;
}

// Lot fields mean something only on lines of lot-tracked items.
function lotOf(
  line: { item_id: number; lot_number: string | null; expires_on: string | null },
  items: ReadonlyMap<number, ItemFacts>,
): { lot_number: string | null; expires_on: string | null } {
  return items.get(line.item_id)?.is_lot_tracked
    ? { lot_number: line.lot_number, expires_on: line.expires_on }
    : { lot_number: null, expires_on: null };
}

// Transit at the destination goes down; on hand goes up at the destination (receive) or the source (return),
// at the cost the goods left the source with, in the lots they travelled in. Reversing waits for the documents
// that took those goods on.
export function arrivalPosting(kind: ArrivalKind): Posting {
  const tables = tablesOf[kind];
  return async (context, id, direction) => {
    if (direction === -1) await refuseHeldReceipt(context, kind, id);
    const header = await context.trx
      .selectFrom(tables.header)
      .select(['number', 'stock_transfer_id'])
      .where('id', '=', id)
      .where('business_id', '=', context.businessId)
      .executeTakeFirstOrThrow();
    const route = await loadTransferRoute(context, header.stock_transfer_id);
    if (direction === 1) {
      const transfer = await context.trx
        .selectFrom('stock_transfers')
        .select('deleted_at')
        .where('id', '=', route.id)
        .executeTakeFirstOrThrow();
      if (transfer.deleted_at !== null) throw fieldError('stock_transfer_id', 'The transfer is voided.');
    }
    const rows = await context.trx
      .selectFrom(tables.lines)
      .innerJoin('stock_transfer_lines', 'stock_transfer_lines.id', `${tables.lines}.stock_transfer_line_id`)
      .select([
        `${tables.lines}.id as id`,
        `${tables.lines}.stock_transfer_line_id as stock_transfer_line_id`,
        `${tables.lines}.item_id as item_id`,
        `${tables.lines}.quantity as quantity`,
        `${tables.lines}.lot_number as lot_number`,
        'stock_transfer_lines.unit_cost as unit_cost',
      ])
      .where(sql.ref(`${tables.lines}.${tables.parent}`), '=', id)
      .orderBy(`${tables.lines}.position`)
      .execute();
    const damagedOf = kind === 'stock-receive' ? await damagedLines(context, id) : new Map<number, DamagedLine>();
    // What arrived is what came in good order and what came damaged: both leave transit and land on hand.
    const lines = rows.map((line) => ({
      ...line,
      quantity: Number(line.quantity) + (damagedOf.get(line.id)?.quantity ?? 0),
    }));
    if (direction === -1 && kind === 'stock-receive') await voidDamageAdjustment(context, id);
    for (const [index, line] of lines.entries()) {
      await moveLinkedQuantity(
        context,
        { table: 'stock_transfer_lines', column: tables.column },
        line.stock_transfer_line_id,
        direction * Number(line.quantity),
        lineField(index, 'quantity'),
        'The quantity is more than the transfer line still has in transit.',
      );
    }
    await refreshTransferStatus(context, route.id);
    const document = { type: kind, id, number: header.number };
    const landing = kind === 'stock-receive' ? route.to : route.from;
    const items = await requireLineItems(
      context,
      lines.map((line) => line.item_id),
    );
    const lotsOf = await arrivalLots(context, kind, id, route.id, direction, lines, items);
    await applyStockChanges(
      context,
      document,
      lines.flatMap((line, index) => {
        const changes = [
          {
            itemId: line.item_id,
            location: route.to,
            balance: 'in_transit' as const,
            delta: -direction * Number(line.quantity),
            unitCost: Number(line.unit_cost),
            costEffect: 'issue' as const,
            field: lineField(index, 'quantity'),
            documentLineId: line.id,
          },
          lineArrival(line, index, landing, direction),
        ];
        const lots = lotsOf[index];
        return lots ? changes.flatMap((change) => splitByLots(change, lots)) : changes;
      }),
    );
    if (direction === 1 && damagedOf.size > 0) await writeOffDamaged(context, id, header.number, route.to, damagedOf);
  };
}

type DamagedLine = { quantity: number; reason: string; itemId: number; lotNumber: string | null };

async function damagedLines(context: PostingContext, receiveId: number): Promise<Map<number, DamagedLine>> {
  const rows = await linesOf(context.trx, 'stock_receive_lines', context.businessId, receiveId)
    .read()
    .select(['id', 'item_id', 'lot_number', 'damaged_quantity', 'damage_reason'])
    .where('damaged_quantity', '>', 0)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        quantity: Number(row.damaged_quantity),
        reason: row.damage_reason ?? '',
        itemId: row.item_id,
        lotNumber: row.lot_number,
      },
    ]),
  );
}

// The damaged goods landed on hand with the rest; one loss adjustment (reason damaged) naming the receive writes
// them off at once, in the same transaction, so that the receive and its write-off stand or fall together.
async function writeOffDamaged(
  context: PostingContext,
  receiveId: number,
  receiveNumber: string,
  location: Location,
  damaged: ReadonlyMap<number, DamagedLine>,
): Promise<void> {
  const receive = await ownById(context, 'stock_receives', receiveId).select('received_date').executeTakeFirstOrThrow();
  const lines = [...damaged.values()];
  const adjustmentId = await insertStockAdjustment(context, {
    location,
    adjustment_date: receive.received_date,
    reason: 'damaged',
    notes: `Damaged on arrival, ${receiveNumber}: ${[...new Set(lines.map((line) => line.reason))].join('; ')}`,
    lines: lines.map((line) => ({
      item_id: line.itemId,
      quantity_delta: -line.quantity,
      unit_cost: null,
      lot_number: line.lotNumber,
      expires_on: null,
    })),
  });
  await context.trx
    .updateTable('stock_receives')
    .set({ damage_adjustment_id: adjustmentId })
    .where('id', '=', receiveId)
    .where('business_id', '=', context.businessId)
    .execute();
}

// A voided receive takes its write-off with it (and keeps naming it): the damaged goods come back on hand, then
// leave with the rest. A restored receive writes them off again.
async function voidDamageAdjustment(context: PostingContext, receiveId: number): Promise<void> {
  const receive = await ownById(context, 'stock_receives', receiveId)
    .select('damage_adjustment_id')
    .executeTakeFirstOrThrow();
  if (receive.damage_adjustment_id === null) return;
  await voidDocument(context, 'stock_adjustments', receive.damage_adjustment_id, postStockAdjustment);
}

// The lots each line moves out of transit (null for an item without lots): on posting, the lots the lines name
// or the transfer line's earliest expiry first; on a void, those the posting took.
async function arrivalLots(
  context: PostingContext,
  kind: ArrivalKind,
  id: number,
  transferId: number,
  direction: 1 | -1,
  lines: readonly {
    id: number;
    item_id: number;
    stock_transfer_line_id: number;
    quantity: number;
    lot_number: string | null;
  }[],
  items: ReadonlyMap<number, ItemFacts>,
): Promise<(LotTake[] | null)[]> {
  const lotsOf: (LotTake[] | null)[] = lines.map(() => null);
  const tracked = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => items.get(line.item_id)?.is_lot_tracked);
  if (tracked.length === 0) return lotsOf;
  if (direction === -1) {
    const arrived = await arrivedLots(context, kind, id);
    for (const { line, index } of tracked) lotsOf[index] = arrived.get(line.id) ?? [];
    return lotsOf;
  }
  const expiries =
    kind === 'stock-receive'
      ? new Map(
          (
            await linesOf(context.trx, 'stock_receive_lines', context.businessId, id)
              .read()
              .select(['id', 'expires_on'])
              .execute()
          ).map((row) => [row.id, row.expires_on]),
        )
      : new Map<number, string | null>();
  const picks = await pickTransitLots(
    context,
    transferId,
    tracked.map(({ line, index }) => ({
      transferLineId: line.stock_transfer_line_id,
      quantity: Number(line.quantity),
      lotNumber: line.lot_number,
      expiresOn: expiries.get(line.id) ?? null,
      quantityField: lineField(index, 'quantity'),
      lotField: lineField(index, 'lot_number'),
      expiryField: lineField(index, 'expires_on'),
    })),
  );
  tracked.forEach(({ index }, position) => {
    lotsOf[index] = picks[position] ?? [];
  });
  return lotsOf;
}
