import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { sendAhead } from '../../db/pipelined-transaction.ts';
import { insertReused } from '../../db/reused-insert.ts';
import { reusedQuery, runReused } from '../../db/reused-query.ts';
import type { StockBalance, StockTable } from '../../db/tables/documents.ts';
import { averageOf, type LedgerValue } from '../../domain/average-cost.ts';
import { type Location, locationKey } from '../../domain/location.ts';
import type { Centavos } from '../../domain/money.ts';
import { fromThousandths, type Thousandths } from '../../domain/quantity.ts';
import { type FieldErrors, unprocessable } from '../../domain/refusal.ts';
import { type PostingContext, timestampOf } from '../posting-context.ts';
import { type LineCosts, lineCostsUpdate, lineCostValues, writeLineCosts } from './line-costs.ts';

// At what cost a change moves the goods on hand (the average follows their value, domain/average-cost.ts):
// receipt: goods arrive at unitCost; receipt_reversal: goods at unitCost leave again (a voided receipt);
// issue: goods leave at the current average; revaluation: no goods move, the value on hand changes by `value`.
export type CostEffect = 'receipt' | 'receipt_reversal' | 'issue' | 'revaluation';

export type StockChange = {
  itemId: number;
  location: Location;
  balance: StockBalance;
  delta: Thousandths;
  unitCost: Centavos;
  costEffect: CostEffect;
  field: string;
  documentLineId: number | null;
  // The lot this change moves, for a lot-tracked item (null otherwise): its row in `stock_lots` moves with the
  // item × location total.
  lot?: StockLotKey | null;
  // A revaluation's change of value on hand, thousandths × centavos (its delta and unit cost are 0).
  value?: LedgerValue;
};

export type StockLotKey = { lotNumber: string; expiresOn: string };

export type DocumentReference = { type: string; id: number; number: string | null };

// What a posting reads and writes back of a locked stock row.
type StockRow = Pick<
  Selectable<StockTable>,
  'id' | 'item_id' | 'location_key' | 'quantity_on_hand' | 'quantity_in_transit' | 'average_unit_cost' | 'value_on_hand'
>;

// Applies every change of one posting and appends its movements. Rows are locked in a fixed order (item, then
// location) so that two postings touching the same rows queue instead of deadlocking. A change that would take
// a balance below zero is collected as a 422 on its line; nothing is written when any line fails, because the
// caller's transaction rolls back. Returns the unit cost each change moved at (issues take the average).
// The locked rows are read once and followed in memory, change by change; their new balances and the movements
// are then written with one statement each, in the lock order. `lineCostsOf` turns the costs into those the
// document's lines keep, written with them (in the same statement on PostgreSQL).
export async function applyStockChanges(
  context: PostingContext,
  document: DocumentReference,
  changes: readonly StockChange[],
  lineCostsOf?: (costs: readonly Centavos[]) => LineCosts,
  lockedAhead?: LockedStockRows,
): Promise<Centavos[]> {
  const rows = await lockStockRows(context, changes, lockedAhead);
  const costs: Centavos[] = changes.map((change) => change.unitCost);
  const errors: FieldErrors = {};
  const moved = new Map<number, StockRow>();
  const movements: Insertable<Database['stock_movements']>[] = [];
  const at = timestampOf(context);
  for (const { change, index, key } of lockOrder(changes)) {
    const row = rows.get(key);
    if (!row) throw new Error(`Stock row ${key} was not locked.`);
    const current = change.balance === 'on_hand' ? row.quantity_on_hand : row.quantity_in_transit;
    const next = current + change.delta;
    if (next < 0) {
      const where = change.balance === 'on_hand' ? 'on hand at this location' : 'in transit to this location';
      errors[change.field] = [`Only ${fromThousandths(current)} ${where}.`];
      continue;
    }
    const lotId = change.lot ? await moveLot(context, row.id, change, errors) : null;
    if (change.lot && lotId === null) continue;
    const unitCost =
      change.costEffect === 'issue' && change.balance === 'on_hand' ? row.average_unit_cost : change.unitCost;
    costs[index] = unitCost;
    // The value on hand is the sum of its movements' values, and the average that value over the quantity
    // (domain/average-cost.ts): an issue at the rounded average leaves no drift behind, the next average is
    // taken from the value again.
    const valueDelta = change.value ?? 0;
    if (change.balance === 'on_hand') {
      row.quantity_on_hand = next;
      row.value_on_hand += change.delta * unitCost + valueDelta;
      row.average_unit_cost = averageOf(row.value_on_hand, next, row.average_unit_cost);
    } else {
      row.quantity_in_transit = next;
    }
    moved.set(row.id, row);
    movements.push({
      business_id: context.businessId,
      stock_id: row.id,
      item_id: change.itemId,
      branch_id: change.location.branch_id,
      warehouse_id: change.location.warehouse_id,
      balance: change.balance,
      quantity_delta: change.delta,
      unit_cost: unitCost,
      value_delta: valueDelta,
      document_type: document.type,
      document_id: document.id,
      document_line_id: change.documentLineId,
      document_number: document.number,
      occurred_at: at,
      created_by: context.userId,
      stock_lot_id: lotId,
      lot_number: change.lot?.lotNumber ?? null,
      expires_on: change.lot?.expiresOn ?? null,
    });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const lineCosts = lineCostsOf?.(costs) ?? null;
  if (context.dialect === 'postgres') {
    await writeStockRowsAndMovements(context, [...moved.values()], movements, lineCosts);
  } else {
    await writeStockRows(context, [...moved.values()]);
    await insertReused(context.trx, 'stock_movements', movements);
    if (lineCosts) await writeLineCosts(context, lineCosts);
  }
  return costs;
}

const writtenColumns = ['id', 'quantity_on_hand', 'quantity_in_transit', 'average_unit_cost', 'value_on_hand'] as const;

// Every moved row's balances and average in one UPDATE (built once per number of rows): each column takes its
// row's value by id.
async function writeStockRows(context: PostingContext, rows: readonly StockRow[]): Promise<void> {
  if (rows.length === 0) return;
  await runReused(context.trx, `stock balances of ${rows.length} rows`, stockRowValues(context, rows), (standIns) =>
    stockRowsUpdate(context, rows.length, standIns),
  );
}

// On PostgreSQL the balances, the movements and the lines' costs are written by one statement, the UPDATEs in a
// WITH, sent with the statement after it: a posting's round trips are most of its cost there (docs/PERFORMANCE.md,
// What moved the numbers).
async function writeStockRowsAndMovements(
  context: PostingContext,
  rows: readonly StockRow[],
  movements: readonly Insertable<Database['stock_movements']>[],
  lineCosts: LineCosts | null,
): Promise<void> {
  const columns = Object.keys(movements[0] ?? {});
  const records = movements as readonly Record<string, unknown>[];
  const sameShape = records.every(
    (record) =>
      Object.keys(record).length === columns.length && columns.every((column) => record[column] !== undefined),
  );
  if (rows.length === 0 || movements.length === 0 || !sameShape) {
    await writeStockRows(context, rows);
    await insertReused(context.trx, 'stock_movements', movements);
    if (lineCosts) await writeLineCosts(context, lineCosts);
    return;
  }
  const balances = stockRowValues(context, rows);
  const costs = lineCosts && lineCosts.costs.length > 0 ? lineCosts : null;
  const costValues = costs ? lineCostValues(costs.costs) : [];
  const values = [...balances, ...costValues, ...records.flatMap((record) => columns.map((column) => record[column]))];
  const costsShape = costs ? ` and ${costs.table} costs of ${costs.costs.length} lines` : '';
  await runReused(
    context.trx,
    `stock balances of ${rows.length} rows with ${movements.length} movements (${columns.join(', ')})${costsShape}`,
    values,
    (standIns) => {
      const costStandIns = standIns.slice(balances.length, balances.length + costValues.length);
      const movementStandIns = standIns.slice(balances.length + costValues.length);
      const withBalances = (context.trx as unknown as Kysely<Record<string, Record<string, unknown>>>).with(
        'balances',
        () => stockRowsUpdate(context, rows.length, standIns).returning('id'),
      );
      const withCosts = costs
        ? withBalances.with('line_costs', () =>
            lineCostsUpdate(context, costs.table, costs.costs.length, costStandIns).returning('id'),
          )
        : withBalances;
      return withCosts
        .insertInto('stock_movements')
        .values(
          records.map((_, row) =>
            Object.fromEntries(
              columns.map((column, index) => [column, movementStandIns[row * columns.length + index]]),
            ),
          ),
        );
    },
    { sentWithNext: true },
  );
}

function stockRowValues(context: PostingContext, rows: readonly StockRow[]): unknown[] {
  return [timestampOf(context), context.userId, ...rows.flatMap((row) => writtenColumns.map((column) => row[column]))];
}

function stockRowsUpdate(context: PostingContext, rowCount: number, standIns: readonly unknown[]) {
  const [at, user, ...figures] = standIns;
  const of = (index: number, column: (typeof writtenColumns)[number]) =>
    figures[index * writtenColumns.length + writtenColumns.indexOf(column)] as number;
  const indexes = Array.from({ length: rowCount }, (_, index) => index);
  const byId = (column: Exclude<(typeof writtenColumns)[number], 'id'>) =>
    sql<number>`CASE ${sql.ref('id')} ${sql.join(
      indexes.map((index) => sql`WHEN ${of(index, 'id')} THEN ${of(index, column)}`),
      sql` `,
    )} ELSE ${sql.ref(column)} END`;
  return context.trx
    .updateTable('stocks')
    .set({
      quantity_on_hand: byId('quantity_on_hand'),
      quantity_in_transit: byId('quantity_in_transit'),
      average_unit_cost: byId('average_unit_cost'),
      value_on_hand: byId('value_on_hand'),
      updated_at: at as string,
      updated_by: user as number | null,
    })
    .where(
      'id',
      'in',
      indexes.map((index) => of(index, 'id')),
    );
}

// Moves one lot's balance under its stock row, which the caller holds locked: every writer of a lot locks its
// stock row first, so the lot rows need no order of their own. Answers the lot's id, or null (and a 422 entry on
// the change's line) when the lot would go below zero.
async function moveLot(
  context: PostingContext,
  stockId: number,
  change: StockChange,
  errors: FieldErrors,
): Promise<number | null> {
  if (!change.lot) return null;
  const key = locationKey(change.location);
  const at = timestampOf(context);
  await context.trx
    .insertInto('stock_lots')
    .values({
      business_id: context.businessId,
      stock_id: stockId,
      item_id: change.itemId,
      branch_id: change.location.branch_id,
      warehouse_id: change.location.warehouse_id,
      location_key: key,
      lot_number: change.lot.lotNumber,
      expires_on: change.lot.expiresOn,
      quantity_on_hand: 0,
      quantity_in_transit: 0,
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .onConflict((conflict) => conflict.columns(['business_id', 'item_id', 'location_key', 'lot_number']).doNothing())
    .execute();
  const lot = await context.trx
    .selectFrom('stock_lots')
    .select(['id', 'quantity_on_hand', 'quantity_in_transit'])
    .where('business_id', '=', context.businessId)
    .where('item_id', '=', change.itemId)
    .where('location_key', '=', key)
    .where('lot_number', '=', change.lot.lotNumber)
    .executeTakeFirstOrThrow();
  const current = Number(change.balance === 'on_hand' ? lot.quantity_on_hand : lot.quantity_in_transit);
  const next = current + change.delta;
  if (next < 0) {
    const where = change.balance === 'on_hand' ? 'on hand at this location' : 'in transit to this location';
    errors[change.field] = [`Only ${fromThousandths(current)} of lot ${change.lot.lotNumber} ${where}.`];
    return null;
  }
  await context.trx
    .updateTable('stock_lots')
    .set({
      ...(change.balance === 'on_hand' ? { quantity_on_hand: next } : { quantity_in_transit: next }),
      updated_at: at,
      updated_by: context.userId,
    })
    .where('id', '=', lot.id)
    .execute();
  return lot.id;
}

// Item, then location: the order rows are locked in, and the key a posting finds its locked rows by.
const stockKey = (itemId: number, locationKeyOf: string) => `${String(itemId).padStart(12, '0')}:${locationKeyOf}`;

function lockOrder<Change extends StockPlace>(changes: readonly Change[]) {
  return changes
    .map((change, index) => ({ change, index, key: stockKey(change.itemId, locationKey(change.location)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
}

// A posting that applies changes in several steps locks all its rows first, in the one global order: they are
// read and, on PostgreSQL, locked by one SELECT whose ORDER BY is the order its locks are taken in. Rows it did
// not find are then created and all are read (and locked) again. The rows are there but for an item's first
// movement at a place, so a posting usually sends one statement here instead of an INSERT that finds every row
// already there and then the SELECT (docs/PERFORMANCE.md, What moved the numbers). A posting that creates rows holds the
// others' locks meanwhile, out of the global order; a deadlock that may cause is retried whole
// (db/transaction-retry.ts). `lockedAhead`: the rows as `lockStockRowsAhead` locked them, read again only when
// some place's row was missing or not among them. Answers the rows by item and location.
export async function lockStockRows(
  context: PostingContext,
  changes: readonly StockPlace[],
  lockedAhead?: LockedStockRows,
): Promise<Map<string, StockRow>> {
  const places = placesOf(changes);
  if (places.size === 0) return new Map();
  const found = lockedAhead ? await lockedAhead.rows() : await readStockRows(context, places);
  if ([...places.keys()].every((key) => found.has(key))) return found;
  const missing = [...places].filter(([key]) => !found.has(key)).map(([, place]) => place);
  await insertStockRows(context, missing);
  return readStockRows(context, places);
}

export type StockPlace = { itemId: number; location: Location };

export type LockedStockRows = { rows(): Promise<Map<string, StockRow>> };

// Locks the rows of `places` with the transaction's next statement (db/pipelined-transaction.ts, `sendAhead`), for a
// posting that knows where its stock moves before it writes the document that moves it: the lock costs no round
// trip of its own. Hand the answer to `applyStockChanges`.
export async function lockStockRowsAhead(
  context: PostingContext,
  places: readonly StockPlace[],
): Promise<LockedStockRows> {
  const inOrder = placesOf(places);
  if (inOrder.size === 0) return { rows: () => Promise.resolve(new Map()) };
  const sent = await sendAhead(context.trx, stockRowsQuery(context, inOrder));
  return { rows: async () => asStockRows(await sent.rows()) };
}

function placesOf(changes: readonly StockPlace[]): Map<string, StockPlace> {
  const places = new Map<string, StockPlace>();
  for (const { change, key } of lockOrder(changes)) {
    places.set(key, { itemId: change.itemId, location: change.location });
  }
  return places;
}

async function insertStockRows(context: PostingContext, places: readonly StockPlace[]): Promise<void> {
  const at = timestampOf(context);
  await context.trx
    .insertInto('stocks')
    .values(
      places.map(({ itemId, location }) => ({
        business_id: context.businessId,
        item_id: itemId,
        branch_id: location.branch_id,
        warehouse_id: location.warehouse_id,
        location_key: locationKey(location),
        quantity_on_hand: 0,
        quantity_in_transit: 0,
        average_unit_cost: 0,
        value_on_hand: 0,
        created_at: at,
        updated_at: at,
        created_by: context.userId,
        updated_by: context.userId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['business_id', 'item_id', 'location_key']).doNothing())
    .execute();
}

async function readStockRows(
  context: PostingContext,
  places: ReadonlyMap<string, StockPlace>,
): Promise<Map<string, StockRow>> {
  return asStockRows((await context.trx.executeQuery(stockRowsQuery(context, places))).rows);
}

function stockRowsQuery(context: PostingContext, places: ReadonlyMap<string, StockPlace>) {
  const itemsAt = new Map<string, number[]>();
  for (const { itemId, location } of places.values()) {
    const key = locationKey(location);
    itemsAt.set(key, [...(itemsAt.get(key) ?? []), itemId]);
  }
  // Built once per number of locations and of items at each.
  const groups = [...itemsAt.values()].map((itemIds) => itemIds.length);
  const keys = [...itemsAt.keys()];
  const values = [context.businessId, ...[...itemsAt.values()].flat(), ...keys] as const;
  return reusedQuery(context.trx, `stock rows of ${groups.join(', ')} items`, values, (standIns) => {
    const [business, ...rest] = standIns;
    const itemIds = rest.slice(0, rest.length - keys.length) as number[];
    const keyStandIns = rest.slice(rest.length - keys.length) as string[];
    const parts = groups.map((count, index) => {
      const start = groups.slice(0, index).reduce((sum, size) => sum + size, 0);
      return { key: keyStandIns[index] ?? '', itemIds: itemIds.slice(start, start + count) };
    });
    return context.trx
      .selectFrom('stocks')
      .select([
        'id',
        'item_id',
        'location_key',
        'quantity_on_hand',
        'quantity_in_transit',
        'average_unit_cost',
        'value_on_hand',
      ])
      .where('business_id', '=', business)
      .where((eb) =>
        eb.or(parts.map(({ key, itemIds }) => eb.and([eb('location_key', '=', key), eb('item_id', 'in', itemIds)]))),
      )
      .orderBy('item_id')
      .orderBy('location_key')
      .$if(context.dialect === 'postgres', (query) => query.forUpdate());
  });
}

type StockRowRead = Omit<
  StockRow,
  'quantity_on_hand' | 'quantity_in_transit' | 'average_unit_cost' | 'value_on_hand'
> & {
  quantity_on_hand: number | string;
  quantity_in_transit: number | string;
  average_unit_cost: number | string;
  value_on_hand: number | string;
};

function asStockRows(rows: readonly StockRowRead[]): Map<string, StockRow> {
  return new Map(
    rows.map((row) => [
      stockKey(row.item_id, row.location_key),
      {
        ...row,
        quantity_on_hand: Number(row.quantity_on_hand),
        quantity_in_transit: Number(row.quantity_in_transit),
        average_unit_cost: Number(row.average_unit_cost),
        value_on_hand: Number(row.value_on_hand),
      },
    ]),
  );
}
