import { sql } from 'kysely';
import type { StockBalance } from '../../db/tables/documents.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import { fromThousandths, type Thousandths } from '../../domain/quantity.ts';
import { type FieldErrors, unprocessable } from '../../domain/refusal.ts';
import type { PostingContext } from '../posting-context.ts';
import type { ItemFacts } from '../references.ts';
import { lockStockRows, type StockChange, type StockLotKey } from './stock-ledger.ts';

// Which lots the lines of a lot-tracked item move (docs/domain/eye-care.md, Lots and expiry). Receipts bring the lot
// their line names; issues take the lot named, or the earliest expiry first (FEFO), never a lot that expired before the
// document's date; reversals give back exactly what the posting's own movements took, read from the ledger.

export type LotTake = StockLotKey & { quantity: Thousandths };

// One change per lot: the line's change with its quantity spread over the lots, in the change's direction.
export function splitByLots(change: StockChange, takes: readonly LotTake[]): StockChange[] {
  const sign = change.delta < 0 ? -1 : 1;
  return takes.map((take) => ({
    ...change,
    delta: sign * take.quantity,
    lot: { lotNumber: take.lotNumber, expiresOn: take.expiresOn },
  }));
}

export type IssueRequest = {
  itemId: number;
  itemName: string;
  location: Location;
  quantity: Thousandths;
  lotNumber: string | null;
  date: string;
  quantityField: string;
  lotField: string;
};

type LotRow = { id: number; lot_number: string; expires_on: string; quantity_on_hand: number };

// Chooses the lots of every issue line of one posting at once, so that two lines of the same item do not both
// count the same boxes. The caller holds the stock rows locked (lockStockRows), so the lots read here stay as they
// are until the posting commits. A line that cannot be served is a 422 on that line; nothing is written then.
export async function pickIssueLots(context: PostingContext, requests: readonly IssueRequest[]): Promise<LotTake[][]> {
  const taken = new Map<number, number>();
  const errors: FieldErrors = {};
  const picks: LotTake[][] = [];
  const names = await locationNamesOf(
    context,
    requests.map((request) => request.location),
  );
  for (const request of requests) {
    const lots = await lotsOnHand(context, request.itemId, request.location);
    const left = (lot: LotRow) => Number(lot.quantity_on_hand) - (taken.get(lot.id) ?? 0);
    const where = names(request.location);
    const takes: LotTake[] = [];
    if (request.lotNumber !== null) {
      const lot = lots.find((candidate) => candidate.lot_number === request.lotNumber);
      if (!lot || left(lot) <= 0) {
        errors[request.lotField] = [`Lot ${request.lotNumber} of ${request.itemName} is not in stock at ${where}.`];
      } else if (lot.expires_on < request.date) {
        errors[request.lotField] = [`Lot ${request.lotNumber} expired on ${lot.expires_on}; it cannot be issued.`];
      } else if (left(lot) < request.quantity) {
        errors[request.lotField] = [
          `Only ${fromThousandths(left(lot))} of lot ${request.lotNumber} are in stock at ${where}.`,
        ];
      } else {
        takes.push({ lotNumber: lot.lot_number, expiresOn: lot.expires_on, quantity: request.quantity });
      }
    } else {
      const good = lots.filter((lot) => lot.expires_on >= request.date && left(lot) > 0);
      const available = good.reduce((sum, lot) => sum + left(lot), 0);
      if (available < request.quantity) {
        errors[request.quantityField] = [
          `Only ${fromThousandths(available)} unexpired units of ${request.itemName} are in stock at ${where}.`,
        ];
      } else {
        let wanted = request.quantity;
        for (const lot of good) {
          if (wanted === 0) break;
          const quantity = Math.min(wanted, left(lot));
          takes.push({ lotNumber: lot.lot_number, expiresOn: lot.expires_on, quantity });
          wanted -= quantity;
        }
      }
    }
    for (const take of takes) {
      const lot = lots.find((candidate) => candidate.lot_number === take.lotNumber);
      if (lot) taken.set(lot.id, (taken.get(lot.id) ?? 0) + take.quantity);
    }
    picks.push(takes);
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return picks;
}

// Earliest expiry first; lots of the same day by lot number, so that the order never depends on insertion.
async function lotsOnHand(context: PostingContext, itemId: number, location: Location): Promise<LotRow[]> {
  const rows = await context.trx
    .selectFrom('stock_lots')
    .select(['id', 'lot_number', 'expires_on', 'quantity_on_hand'])
    .where('business_id', '=', context.businessId)
    .where('item_id', '=', itemId)
    .where('location_key', '=', locationKey(location))
    .where('quantity_on_hand', '>', 0)
    .orderBy('expires_on')
    .orderBy('lot_number')
    .execute();
  return rows.map((row) => ({ ...row, quantity_on_hand: Number(row.quantity_on_hand) }));
}

async function locationNamesOf(context: PostingContext, locations: readonly Location[]) {
  const branchIds = [...new Set(locations.flatMap((location) => location.branch_id ?? []))];
  const warehouseIds = [...new Set(locations.flatMap((location) => location.warehouse_id ?? []))];
  const branches = await context.trx
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('id', 'in', [...branchIds, 0])
    .execute();
  const warehouses = await context.trx
    .selectFrom('warehouses')
    .select(['id', 'name'])
    .where('id', 'in', [...warehouseIds, 0])
    .execute();
  return (location: Location) =>
    (location.branch_id !== null
      ? branches.find((row) => row.id === location.branch_id)?.name
      : warehouses.find((row) => row.id === location.warehouse_id)?.name) ?? 'this location';
}

export type PostedLot = StockLotKey & { balance: StockBalance; location: Location; delta: Thousandths };

// What a posted document moved per line and lot, net of any earlier voids: the reversal of a posting gives back
// exactly these. Keyed by document line id.
export async function postedLots(
  context: PostingContext,
  documentType: string,
  documentId: number,
): Promise<Map<number, PostedLot[]>> {
  const rows = await context.trx
    .selectFrom('stock_movements')
    .select([
      'document_line_id',
      'balance',
      'branch_id',
      'warehouse_id',
      'lot_number',
      'expires_on',
      sql<string>`sum(quantity_delta)`.as('delta'),
    ])
    .where('business_id', '=', context.businessId)
    .where('document_type', '=', documentType)
    .where('document_id', '=', documentId)
    .where('stock_lot_id', 'is not', null)
    .groupBy(['document_line_id', 'balance', 'branch_id', 'warehouse_id', 'lot_number', 'expires_on'])
    .execute();
  const byLine = new Map<number, PostedLot[]>();
  for (const row of rows) {
    const location = locationOf(row.branch_id, row.warehouse_id);
    const delta = Number(row.delta);
    if (row.document_line_id === null || !location || delta === 0 || !row.lot_number || !row.expires_on) continue;
    const lots = byLine.get(row.document_line_id) ?? [];
    lots.push({ balance: row.balance, location, lotNumber: row.lot_number, expiresOn: row.expires_on, delta });
    byLine.set(row.document_line_id, lots);
  }
  for (const lots of byLine.values()) lots.sort((a, b) => compareLots(a, b));
  return byLine;
}

function compareLots(a: StockLotKey, b: StockLotKey): number {
  if (a.expiresOn !== b.expiresOn) return a.expiresOn < b.expiresOn ? -1 : 1;
  return a.lotNumber < b.lotNumber ? -1 : a.lotNumber > b.lotNumber ? 1 : 0;
}

// The reversal of one line's posted change: per lot, the opposite of what its movements of that balance and
// location did.
export function reverseLots(change: StockChange, posted: readonly PostedLot[]): StockChange[] {
  return posted
    .filter((lot) => lot.balance === change.balance && locationKey(lot.location) === locationKey(change.location))
    .map((lot) => ({ ...change, delta: -lot.delta, lot: { lotNumber: lot.lotNumber, expiresOn: lot.expiresOn } }));
}

// What a transfer's receives or its returns took out of transit, per transfer line and lot movement.
function takenOutOfTransit(context: PostingContext, transferId: number, kind: 'receive' | 'return') {
  return sql`
      SELECT l.stock_transfer_line_id, m.lot_number, m.expires_on, m.quantity_delta
      FROM ${sql.raw(`stock_${kind}s`)} h
      JOIN ${sql.raw(`stock_${kind}_lines`)} l ON l.${sql.raw(`stock_${kind}_id`)} = h.id
      JOIN stock_movements m ON m.business_id = h.business_id AND m.document_type = ${sql.raw(`'stock-${kind}'`)}
        AND m.document_id = h.id AND m.document_line_id = l.id
      WHERE h.business_id = ${context.businessId} AND h.stock_transfer_id = ${transferId}
        AND m.balance = 'in_transit' AND m.stock_lot_id IS NOT NULL`;
}

// The movements of what a transfer's sender settled as lost: out of transit, under the transfer's id and lines.
export const transferLossDocument = 'stock-transfer-loss';

// The lots a transfer line still has in transit: what the transfer put in transit, less what its receives and
// returns took out and what was settled as lost. Keyed by transfer line id, earliest expiry first.
export async function lotsInTransit(context: PostingContext, transferId: number): Promise<Map<number, LotTake[]>> {
  const rows = await sql<{
    stock_transfer_line_id: number;
    lot_number: string;
    expires_on: string;
    quantity: string;
  }>`
    SELECT line_id AS stock_transfer_line_id, lot_number, expires_on, SUM(quantity_delta) AS quantity FROM (
      SELECT m.document_line_id AS line_id, m.lot_number, m.expires_on, m.quantity_delta
      FROM stock_movements m
      WHERE m.business_id = ${context.businessId}
        AND m.document_type IN ('stock-transfer', ${transferLossDocument})
        AND m.document_id = ${transferId} AND m.balance = 'in_transit' AND m.stock_lot_id IS NOT NULL
      UNION ALL ${takenOutOfTransit(context, transferId, 'receive')}
      UNION ALL ${takenOutOfTransit(context, transferId, 'return')}
    ) moved
    GROUP BY line_id, lot_number, expires_on`.execute(context.trx);
  const byLine = new Map<number, LotTake[]>();
  for (const row of rows.rows) {
    const quantity = Number(row.quantity);
    if (quantity <= 0) continue;
    const lots = byLine.get(Number(row.stock_transfer_line_id)) ?? [];
    lots.push({ lotNumber: row.lot_number, expiresOn: row.expires_on, quantity });
    byLine.set(Number(row.stock_transfer_line_id), lots);
  }
  for (const lots of byLine.values()) lots.sort(compareLots);
  return byLine;
}

export type ReceiptLot = { item_id: number; lot_number?: string | null; expires_on?: string | null };

// A receipt line of a lot-tracked item names its lot and expiry; a lot number the item already has keeps its
// expiry, in this document and in stock. Lines of other items carry no lot (their lot fields are dropped).
export async function requireReceiptLots(
  context: PostingContext,
  lines: readonly ReceiptLot[],
  items: ReadonlyMap<number, ItemFacts>,
  // A purchase's date: a lot that expired before it is refused, since expired goods are sent back, not taken in
  // (a transfer or a count may still bring an expired lot of the business's own back on the books).
  purchasedOn?: string,
): Promise<(StockLotKey | null)[]> {
  const errors: FieldErrors = {};
  const seen = new Map<string, string>();
  const keys: (StockLotKey | null)[] = [];
  for (const [index, line] of lines.entries()) {
    const item = items.get(line.item_id);
    if (!item?.is_lot_tracked) {
      keys.push(null);
      continue;
    }
    const lotNumber = line.lot_number?.trim() ?? '';
    const expiresOn = line.expires_on ?? '';
    if (lotNumber === '') errors[`lines.${index}.lot_number`] = [`${item.name} is lot-tracked: enter its lot number.`];
    if (expiresOn === '') errors[`lines.${index}.expires_on`] = [`${item.name} is lot-tracked: enter its expiry date.`];
    if (lotNumber === '' || expiresOn === '') {
      keys.push(null);
      continue;
    }
    if (purchasedOn !== undefined && expiresOn < purchasedOn) {
      errors[`lines.${index}.expires_on`] = [
        `Lot ${lotNumber} of ${item.name} expired on ${expiresOn}; expired goods are not received.`,
      ];
    }
    const key = `${line.item_id}:${lotNumber}`;
    const known = seen.get(key) ?? (await knownExpiry(context, line.item_id, lotNumber));
    if (known !== undefined && known !== expiresOn) {
      errors[`lines.${index}.expires_on`] = [`Lot ${lotNumber} of ${item.name} expires on ${known}.`];
    }
    seen.set(key, known ?? expiresOn);
    keys.push({ lotNumber, expiresOn });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return keys;
}

async function knownExpiry(context: PostingContext, itemId: number, lotNumber: string): Promise<string | undefined> {
  const row = await context.trx
    .selectFrom('stock_lots')
    .select('expires_on')
    .where('business_id', '=', context.businessId)
    .where('item_id', '=', itemId)
    .where('lot_number', '=', lotNumber)
    .executeTakeFirst();
  return row?.expires_on;
}

export type LotLine = {
  change: StockChange;
  lotTracked: boolean;
  itemName: string;
  lotNumber: string | null;
  lotField: string;
};

// Spreads each issue line's change over lots: posting (direction 1) picks the lots on the document's date,
// reversing (-1) gives back what the posting's movements took. Lines of items without lots pass as they are.
// Answers the changes, the line each came from, and each line's lots (what a transfer carries into transit).
export async function issueWithLots(
  context: PostingContext,
  document: { type: string; id: number; date: string },
  direction: 1 | -1,
  lines: readonly LotLine[],
): Promise<{ changes: StockChange[]; lineOf: number[]; lotsOf: (LotTake[] | null)[] }> {
  const changes: StockChange[] = [];
  const lineOf: number[] = [];
  const lotsOf: (LotTake[] | null)[] = lines.map(() => null);
  const tracked = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.lotTracked);
  // No lot to pick or give back: the changes pass as they are, and applying them locks their rows.
  if (tracked.length === 0) {
    return { changes: lines.map((line) => line.change), lineOf: lines.map((_, index) => index), lotsOf };
  }
  if (direction === 1) {
    // Every row of the posting, in the one global order, before any lot is read: locking only the lot-tracked
    // lines first would take rows out of that order and let two postings deadlock.
    await lockStockRows(
      context,
      lines.map((line) => line.change),
    );
    const picks = await pickIssueLots(
      context,
      tracked.map(({ line }) => ({
        itemId: line.change.itemId,
        itemName: line.itemName,
        location: line.change.location,
        quantity: -line.change.delta,
        lotNumber: line.lotNumber,
        date: document.date,
        quantityField: line.change.field,
        lotField: line.lotField,
      })),
    );
    tracked.forEach(({ index }, position) => {
      lotsOf[index] = picks[position] ?? [];
    });
  } else {
    const posted = await postedLots(context, document.type, document.id);
    for (const { line, index } of tracked) {
      const lots = reverseLots(line.change, posted.get(line.change.documentLineId ?? 0) ?? []);
      lotsOf[index] = lots.map((change) => ({
        lotNumber: change.lot?.lotNumber ?? '',
        expiresOn: change.lot?.expiresOn ?? '',
        quantity: Math.abs(change.delta),
      }));
    }
  }
  lines.forEach((line, index) => {
    const lots = lotsOf[index];
    const split = lots == null ? [line.change] : splitByLots(line.change, lots);
    for (const change of split) {
      changes.push(change);
      lineOf.push(index);
    }
  });
  return { changes, lineOf, lotsOf };
}

export type ArrivalRequest = {
  transferLineId: number;
  quantity: Thousandths;
  lotNumber: string | null;
  expiresOn: string | null;
  quantityField: string;
  lotField: string;
  expiryField: string;
};

// Chooses the lots that leave transit for the arrival lines of one posting: the lot a line names (with its expiry,
// when the line gives one), or the transfer line's lots earliest expiry first. An expired lot may arrive: it is
// already on its way, and expiry only stops goods from being issued.
export async function pickTransitLots(
  context: PostingContext,
  transferId: number,
  requests: readonly ArrivalRequest[],
): Promise<LotTake[][]> {
  const transit = await lotsInTransit(context, transferId);
  const taken = new Map<string, number>();
  const errors: FieldErrors = {};
  const picks = requests.map((request) => {
    const keyOf = (lot: StockLotKey) => `${request.transferLineId}:${lot.lotNumber}`;
    const lots = (transit.get(request.transferLineId) ?? [])
      .map((lot) => ({ ...lot, quantity: lot.quantity - (taken.get(keyOf(lot)) ?? 0) }))
      .filter((lot) => lot.quantity > 0);
    const takes: LotTake[] = [];
    if (request.lotNumber !== null) {
      const lot = lots.find((candidate) => candidate.lotNumber === request.lotNumber);
      if (!lot) {
        errors[request.lotField] = [`Lot ${request.lotNumber} is not in transit on this transfer line.`];
      } else if (request.expiresOn !== null && request.expiresOn !== lot.expiresOn) {
        errors[request.expiryField] = [`Lot ${lot.lotNumber} expires on ${lot.expiresOn}.`];
      } else if (lot.quantity < request.quantity) {
        errors[request.lotField] = [
          `Only ${fromThousandths(lot.quantity)} of lot ${lot.lotNumber} are in transit on this line.`,
        ];
      } else {
        takes.push({ ...lot, quantity: request.quantity });
      }
    } else {
      let wanted = request.quantity;
      for (const lot of lots) {
        if (wanted === 0) break;
        const quantity = Math.min(wanted, lot.quantity);
        takes.push({ ...lot, quantity });
        wanted -= quantity;
      }
      if (wanted > 0) {
        const left = lots.reduce((sum, lot) => sum + lot.quantity, 0);
        errors[request.quantityField] = [`Only ${fromThousandths(left)} of this line are in transit.`];
      }
    }
    for (const take of takes) taken.set(keyOf(take), (taken.get(keyOf(take)) ?? 0) + take.quantity);
    return takes;
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return picks;
}

// The lots an arrival line took out of transit when it was posted, to give back on a void.
export async function arrivedLots(
  context: PostingContext,
  documentType: string,
  documentId: number,
): Promise<Map<number, LotTake[]>> {
  const posted = await postedLots(context, documentType, documentId);
  const byLine = new Map<number, LotTake[]>();
  for (const [lineId, lots] of posted) {
    byLine.set(
      lineId,
      lots
        .filter((lot) => lot.balance === 'in_transit' && lot.delta < 0)
        .map((lot) => ({ lotNumber: lot.lotNumber, expiresOn: lot.expiresOn, quantity: -lot.delta })),
    );
  }
  return byLine;
}
