import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type {
  AddStockCountLineBody,
  CreateStockCountBody,
  UpdateStockCountLineBody,
} from '../../../generated/zod/stock-counts/stock-counts.zod.ts';
import type { Database } from '../../db/database.ts';
import type { StockCountTable } from '../../db/tables/stock-adjustments.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import type { Centavos } from '../../domain/money.ts';
import { type Thousandths, toThousandths } from '../../domain/quantity.ts';
import {
  conflict,
  type FieldErrors,
  fieldError,
  isFieldRefusal,
  notFound,
  unprocessable,
} from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument, reviseDocument } from '../../ledger/document-entry.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { ownById, requireLocation } from '../../ledger/references.ts';
import { lockStockRows, type StockChange } from '../../ledger/stock/stock-ledger.ts';
import { type AdjustmentLineInput, insertStockAdjustment, lineValue } from './stock-adjustments-posting.ts';

// Physical counts while the shop keeps selling (docs/domain/logistics.md, Stock counts). A line is what was counted of
// one item (and lot); its difference is taken against what the ledger held at the moment it was counted, so a sale
// after the shelf was counted is not a loss. Posting turns the differences into one adjustment with reason `count`:
// the ledger then holds what was counted plus whatever moved since.

export type StockCountInput = z.output<typeof CreateStockCountBody>;
export type StockCountLineInput = z.output<typeof AddStockCountLineBody>;
export type StockCountLineUpdate = z.output<typeof UpdateStockCountLineBody>;

export type StockCountScope = {
  item_type_ids: number[];
  brand_ids: number[];
  item_classification_ids: number[];
  item_ids: number[];
};

type CountRow = Pick<StockCountTable, 'number' | 'branch_id' | 'warehouse_id' | 'status' | 'scope'> & { id: number };

const scopeTables = {
  item_type_ids: 'item_types',
  brand_ids: 'brands',
  item_classification_ids: 'item_classifications',
  item_ids: 'items',
} as const;

export function readScope(stored: string): StockCountScope {
  const parsed = JSON.parse(stored) as Partial<StockCountScope>;
  return {
    item_type_ids: parsed.item_type_ids ?? [],
    brand_ids: parsed.brand_ids ?? [],
    item_classification_ids: parsed.item_classification_ids ?? [],
    item_ids: parsed.item_ids ?? [],
  };
}

export async function createStockCount(context: PostingContext, input: StockCountInput): Promise<number> {
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  const scope: StockCountScope = {
    item_type_ids: [...new Set(input.scope?.item_type_ids ?? [])],
    brand_ids: [...new Set(input.scope?.brand_ids ?? [])],
    item_classification_ids: [...new Set(input.scope?.item_classification_ids ?? [])],
    item_ids: [...new Set(input.scope?.item_ids ?? [])],
  };
  const errors: FieldErrors = {};
  for (const [field, table] of Object.entries(scopeTables) as [keyof StockCountScope, string][]) {
    const ids = scope[field];
    if (ids.length === 0) continue;
    const found = await (context.trx as unknown as Kysely<Record<string, { id: number; business_id: number }>>)
      .selectFrom(table)
      .select('id')
      .where('business_id', '=', context.businessId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length)
      errors[`scope.${field}`] = [
        `Choose the ${field.replace(/_ids$/, '').replaceAll('_', ' ')}s of the scope from the list.`,
      ];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const countDate = businessDate(context.now);
  return enterDocument(context, 'stock_counts', {
    number: await assignDocumentNumber(context, 'stock-count', location, countDate),
    ...location,
    count_date: countDate,
    blind: input.blind === false ? 0 : 1,
    notes: input.notes ?? null,
    status: 'counting',
    scope: JSON.stringify(scope),
    uncounted: null,
    posted_at: null,
    stock_adjustment_id: null,
  });
}

// The count, held for the rest of the transaction: shared by the counters adding lines (they do not wait for one
// another), exclusive for the poster, who thus sees every line added before it and none after.
async function lockCount(context: PostingContext, id: number, mode: 'share' | 'update'): Promise<CountRow> {
  const row = await ownById(context, 'stock_counts', id)
    .select(['id', 'number', 'branch_id', 'warehouse_id', 'status', 'scope'])
    .$if(context.dialect === 'postgres', (query) => (mode === 'share' ? query.forShare() : query.forUpdate()))
    .executeTakeFirst();
  if (!row) throw notFound(`No stock count with id ${id}.`);
  if (row.status !== 'counting') throw conflict(`This count is ${row.status}: it can no longer change.`);
  return row;
}

function countLocation(count: CountRow): Location {
  const location = locationOf(count.branch_id, count.warehouse_id);
  if (!location) throw new Error(`Stock count ${count.id} has no location.`);
  return location;
}

type ItemRow = {
  id: number;
  name: string;
  is_inventory_tracked: number;
  is_lot_tracked: number;
  item_type_id: number;
  brand_id: number | null;
  item_classification_id: number | null;
};

export function inScope(scope: StockCountScope, item: ItemRow): boolean {
  const narrowed = scope.item_type_ids.length + scope.brand_ids.length + scope.item_classification_ids.length > 0;
  if (!narrowed && scope.item_ids.length === 0) return true;
  if (scope.item_ids.includes(item.id)) return true;
  if (!narrowed) return false;
  return (
    (scope.item_type_ids.length === 0 || scope.item_type_ids.includes(item.item_type_id)) &&
    (scope.brand_ids.length === 0 || (item.brand_id !== null && scope.brand_ids.includes(item.brand_id))) &&
    (scope.item_classification_ids.length === 0 ||
      (item.item_classification_id !== null && scope.item_classification_ids.includes(item.item_classification_id)))
  );
}

async function findCountedItem(context: PostingContext, input: StockCountLineInput): Promise<ItemRow> {
  const columns = [
    'id',
    'name',
    'is_inventory_tracked',
    'is_lot_tracked',
    'item_type_id',
    'brand_id',
    'item_classification_id',
  ] as const;
  const items = context.trx
    .selectFrom('items')
    .select(columns)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null);
  if (input.item_id != null) {
    const item = await items.where('id', '=', input.item_id).executeTakeFirst();
    if (!item) throw fieldError('item_id', unknownChoice('item_id'));
    return item;
  }
  const code = input.code?.trim() ?? '';
  if (code === '') throw fieldError('code', 'Scan or type an item code or barcode.');
  const exact = await items
    .where((eb) => eb.or([eb('code', '=', code), eb('barcode', '=', code)]))
    .orderBy('id')
    .executeTakeFirst();
  const item =
    exact ??
    (await items
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['code']), '=', code.toLowerCase()),
          eb(eb.fn('lower', ['barcode']), '=', code.toLowerCase()),
        ]),
      )
      .orderBy('id')
      .executeTakeFirst());
  if (!item) throw fieldError('code', `No item has the code or barcode ${code}.`);
  return item;
}

// Adds what was counted to the count's line for that item and lot in one statement, so that two counters scanning the
// same item at once both count: the database adds the quantities, never a read-then-write here. The line keeps the
// latest moment it was counted (docs/DECISIONS.md, Stock counts).
export async function addCountLine(
  context: PostingContext,
  countId: number,
  input: StockCountLineInput,
): Promise<number> {
  const count = await lockCount(context, countId, 'share');
  const item = await findCountedItem(context, input);
  const field = input.item_id != null ? 'item_id' : 'code';
  if (Number(item.is_inventory_tracked) !== 1) throw fieldError(field, `${item.name} is not kept in stock.`);
  if (!inScope(readScope(count.scope), item)) throw fieldError(field, `${item.name} is not in this count's scope.`);
  const lotTracked = Number(item.is_lot_tracked) === 1;
  const lotNumber = lotTracked ? input.lot_number?.trim() || null : null;
  let expiresOn: string | null = null;
  if (lotTracked) {
    if (lotNumber === null) throw fieldError('lot_number', `${item.name} is kept by lot: enter the lot counted.`);
    const known = await context.trx
      .selectFrom('stock_lots')
      .select('expires_on')
      .where('business_id', '=', context.businessId)
      .where('item_id', '=', item.id)
      .where('lot_number', '=', lotNumber)
      .executeTakeFirst();
    expiresOn = known?.expires_on ?? input.expires_on ?? null;
    if (expiresOn === null) throw fieldError('expires_on', `Lot ${lotNumber} is new here: enter its expiry date.`);
  }
  const countedAt = countedInstant(context, input.counted_at);
  const at = timestampOf(context);
  const latest =
    context.dialect === 'postgres'
      ? sql<string>`GREATEST(stock_count_lines.counted_at, excluded.counted_at)`
      : sql<string>`MAX(stock_count_lines.counted_at, excluded.counted_at)`;
  const line = await context.trx
    .insertInto('stock_count_lines')
    .values({
      business_id: context.businessId,
      stock_count_id: count.id,
      item_id: item.id,
      lot_number: lotNumber,
      lot_key: lotNumber ?? '',
      expires_on: expiresOn,
      counted_quantity: toThousandths(input.counted_quantity),
      counted_at: countedAt,
      counted_by: context.userId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((onConflict) =>
      onConflict.columns(['stock_count_id', 'item_id', 'lot_key']).doUpdateSet({
        counted_quantity: sql<number>`stock_count_lines.counted_quantity + excluded.counted_quantity`,
        counted_at: latest,
        counted_by: sql<number>`excluded.counted_by`,
        updated_at: sql<string>`excluded.updated_at`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return line.id;
}

function countedInstant(context: PostingContext, given: string | undefined): string {
  if (given === undefined) return timestampOf(context);
  const instant = new Date(given);
  // A device's clock may run a little ahead; a count from the future would hide the sales made until then.
  if (instant.getTime() > context.now.getTime() + 60_000) {
    throw fieldError('counted_at', 'The counted time cannot be in the future.');
  }
  return instant.toISOString();
}

export async function updateCountLine(
  context: PostingContext,
  countId: number,
  lineId: number,
  input: StockCountLineUpdate,
): Promise<void> {
  const count = await lockCount(context, countId, 'share');
  const updated = await context.trx
    .updateTable('stock_count_lines')
    .set({
      counted_quantity: toThousandths(input.counted_quantity),
      counted_at: countedInstant(context, input.counted_at),
      counted_by: context.userId,
      updated_at: timestampOf(context),
    })
    .where('id', '=', lineId)
    .where('stock_count_id', '=', count.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound(`No line ${lineId} on this count.`);
}

export type VarianceLine = {
  line_id: number;
  item_id: number;
  lot_number: string | null;
  expires_on: string | null;
  counted_at: string;
  expected: Thousandths;
  counted: Thousandths;
  difference: Thousandths;
  average_cost: Centavos;
};

export type UncountedLine = {
  item_id: number;
  lot_number: string | null;
  expires_on: string | null;
  expected: Thousandths;
  average_cost: Centavos;
};

// Every line with what the ledger held for its item (and lot) at the location at the moment it was counted: the sum
// of the on-hand movements up to then. Read as three plain indexed queries (the lines, their stock rows, those rows'
// movements up to the latest count) and summed here: a join of lines to movements left the plan to the statistics,
// and on a freshly loaded PostgreSQL table it picked a nested loop that took seconds for 5,000 lines.
export async function countedLines(db: Kysely<Database>, businessId: number, count: CountRow): Promise<VarianceLine[]> {
  const key = locationKey(countLocation(count));
  const lines = await linesOf(db, 'stock_count_lines', businessId, count.id)
    .read()
    .select(['id', 'item_id', 'lot_number', 'expires_on', 'counted_at', 'counted_quantity'])
    .orderBy('id')
    .execute();
  const stockOf = new Map<number, { id: number; average: number }>();
  for (const part of inChunks([...new Set(lines.map((line) => line.item_id))])) {
    const rows = await db
      .selectFrom('stocks')
      .select(['id', 'item_id', 'average_unit_cost'])
      .where('business_id', '=', businessId)
      .where('location_key', '=', key)
      .where('item_id', 'in', part)
      .execute();
    for (const row of rows) stockOf.set(row.item_id, { id: row.id, average: Number(row.average_unit_cost) });
  }
  const latest = lines.reduce((max, line) => (line.counted_at > max ? line.counted_at : max), '');
  const movementsOf = new Map<number, { lot: string | null; at: string; delta: number }[]>();
  for (const part of inChunks([...stockOf.values()].map((stock) => stock.id))) {
    const rows = await db
      .selectFrom('stock_movements')
      .select(['stock_id', 'lot_number', 'occurred_at', 'quantity_delta'])
      .where('business_id', '=', businessId)
      .where('stock_id', 'in', part)
      .where('balance', '=', 'on_hand')
      .where('occurred_at', '<=', latest)
      .execute();
    for (const row of rows) {
      const list = movementsOf.get(row.stock_id) ?? [];
      list.push({ lot: row.lot_number, at: row.occurred_at, delta: Number(row.quantity_delta) });
      movementsOf.set(row.stock_id, list);
    }
  }
  return lines.map((line) => {
    const stock = stockOf.get(line.item_id);
    const expected = (stock ? (movementsOf.get(stock.id) ?? []) : [])
      .filter(
        (movement) => movement.at <= line.counted_at && (line.lot_number === null || movement.lot === line.lot_number),
      )
      .reduce((sum, movement) => sum + movement.delta, 0);
    const counted = Number(line.counted_quantity);
    return {
      line_id: line.id,
      item_id: line.item_id,
      lot_number: line.lot_number,
      expires_on: line.expires_on,
      counted_at: line.counted_at,
      expected,
      counted,
      difference: counted - expected,
      average_cost: stock?.average ?? 0,
    };
  });
}

function inChunks<T>(values: readonly T[], size = 1000): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < values.length; start += size) parts.push(values.slice(start, start + size));
  return parts;
}

// The items in scope with stock on hand at the location now that no line counted: per lot for items kept by lot.
export async function uncountedLines(
  db: Kysely<Database>,
  businessId: number,
  count: CountRow,
  counted: readonly VarianceLine[],
): Promise<UncountedLine[]> {
  const key = locationKey(countLocation(count));
  const scope = readScope(count.scope);
  const stocks = await db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .select([
      'stocks.id as stock_id',
      'stocks.quantity_on_hand',
      'stocks.average_unit_cost',
      'items.id',
      'items.name',
      'items.is_inventory_tracked',
      'items.is_lot_tracked',
      'items.item_type_id',
      'items.brand_id',
      'items.item_classification_id',
    ])
    .where('stocks.business_id', '=', businessId)
    .where('stocks.location_key', '=', key)
    .where('stocks.quantity_on_hand', '!=', 0)
    .where('items.is_inventory_tracked', '=', 1)
    .orderBy('items.id')
    .execute();
  const scoped = stocks.filter((row) => inScope(scope, row));
  const countedKeys = new Set(counted.map((line) => `${line.item_id}:${line.lot_number ?? ''}`));
  const lotTracked = scoped.filter((row) => Number(row.is_lot_tracked) === 1);
  const lots =
    lotTracked.length === 0
      ? []
      : await db
          .selectFrom('stock_lots')
          .select(['stock_id', 'item_id', 'lot_number', 'expires_on', 'quantity_on_hand'])
          .where('business_id', '=', businessId)
          .where('location_key', '=', key)
          .where('quantity_on_hand', '!=', 0)
          .orderBy('item_id')
          .orderBy('expires_on')
          .orderBy('lot_number')
          .execute();
  const lotItems = new Set(lotTracked.map((row) => row.id));
  const averageOf = new Map(scoped.map((row) => [row.id, Number(row.average_unit_cost)]));
  const uncounted: UncountedLine[] = [];
  for (const row of scoped) {
    if (lotItems.has(row.id) || countedKeys.has(`${row.id}:`)) continue;
    uncounted.push({
      item_id: row.id,
      lot_number: null,
      expires_on: null,
      expected: Number(row.quantity_on_hand),
      average_cost: Number(row.average_unit_cost),
    });
  }
  for (const lot of lots) {
    if (!lotItems.has(lot.item_id) || countedKeys.has(`${lot.item_id}:${lot.lot_number}`)) continue;
    uncounted.push({
      item_id: lot.item_id,
      lot_number: lot.lot_number,
      expires_on: lot.expires_on,
      expected: Number(lot.quantity_on_hand),
      average_cost: averageOf.get(lot.item_id) ?? 0,
    });
  }
  return uncounted.sort((a, b) => a.item_id - b.item_id);
}

export async function readCount(db: Kysely<Database>, businessId: number, id: number): Promise<CountRow> {
  const row = await db
    .selectFrom('stock_counts')
    .select(['id', 'number', 'branch_id', 'warehouse_id', 'status', 'scope'])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!row) throw notFound(`No stock count with id ${id}.`);
  return row;
}

// Posting: one adjustment (reason count) of every difference, and of the uncounted stock when the poster counts it as
// none, linked to the count, which becomes read-only. Every stock row the posting touches is locked first, in the one
// global order, so that what is read as on hand for the uncounted stays so until the adjustment is written.
export async function postCount(
  context: PostingContext,
  countId: number,
  uncountedChoice: 'leave' | 'zero',
): Promise<number | null> {
  const count = await lockCount(context, countId, 'update');
  const location = countLocation(count);
  const probe = (itemId: number): StockChange => ({
    itemId,
    location,
    balance: 'on_hand',
    delta: 0,
    unitCost: 0,
    costEffect: 'issue',
    field: '',
    documentLineId: null,
  });
  const lineItems = await linesOf(context.trx, 'stock_count_lines', context.businessId, count.id)
    .read()
    .select('item_id')
    .distinct()
    .execute();
  const firstUncounted =
    uncountedChoice === 'zero' ? await uncountedLines(context.trx, context.businessId, count, []) : [];
  const itemIds = [
    ...new Set([...lineItems.map((row) => row.item_id), ...firstUncounted.map((row) => row.item_id)]),
  ].sort((a, b) => a - b);
  for (let start = 0; start < itemIds.length; start += 1000) {
    await lockStockRows(context, itemIds.slice(start, start + 1000).map(probe));
  }
  const counted = await countedLines(context.trx, context.businessId, count);
  const uncounted =
    uncountedChoice === 'zero' ? await uncountedLines(context.trx, context.businessId, count, counted) : [];
  const sources: { field: string }[] = [];
  const lines: AdjustmentLineInput[] = [];
  counted.forEach((line, index) => {
    if (line.difference === 0) return;
    sources.push({ field: `lines.${index}.counted_quantity` });
    lines.push({
      item_id: line.item_id,
      quantity_delta: line.difference,
      unit_cost: null,
      lot_number: line.lot_number,
      expires_on: line.expires_on,
    });
  });
  for (const line of uncounted) {
    sources.push({ field: 'uncounted' });
    lines.push({
      item_id: line.item_id,
      quantity_delta: -line.expected,
      unit_cost: null,
      lot_number: line.lot_number,
      expires_on: line.expires_on,
    });
  }
  let adjustmentId: number | null = null;
  if (lines.length > 0) {
    try {
      adjustmentId = await insertStockAdjustment(context, {
        location,
        adjustment_date: businessDate(context.now),
        reason: 'count',
        notes: `Stock count ${count.number}`,
        lines,
      });
    } catch (error) {
      throw onCountLines(error, sources);
    }
  }
  const at = timestampOf(context);
  await reviseDocument(context, 'stock_counts', count.id, {
    status: 'posted',
    uncounted: uncountedChoice,
    posted_at: at,
    stock_adjustment_id: adjustmentId,
  });
  await recordDocumentHistory(context, 'stock_counts', count.id, 'status', {
    status: ['counting', 'posted'],
    stock_adjustment_id: [null, adjustmentId],
  });
  return adjustmentId;
}

// The adjustment's refusal, keyed by the count line (or the uncounted items) it came from.
function onCountLines(error: unknown, sources: readonly { field: string }[]): unknown {
  if (!isFieldRefusal(error)) return error;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const index = Number(/^lines\.(\d+)\./.exec(field)?.[1] ?? -1);
    const target = sources[index]?.field ?? field;
    errors[target] = [...(errors[target] ?? []), ...messages];
  }
  return unprocessable(errors);
}

export async function balanceAt(
  db: Kysely<Database>,
  businessId: number,
  query: { itemId: number; location: Location; lotNumber: string | null; at: string },
): Promise<Thousandths> {
  const row = await db
    .selectFrom('stock_movements')
    .innerJoin('stocks', 'stocks.id', 'stock_movements.stock_id')
    .select(sql<string | number | null>`SUM(stock_movements.quantity_delta)`.as('quantity'))
    .where('stocks.business_id', '=', businessId)
    .where('stocks.item_id', '=', query.itemId)
    .where('stocks.location_key', '=', locationKey(query.location))
    .where('stock_movements.business_id', '=', businessId)
    .where('stock_movements.balance', '=', 'on_hand')
    .where('stock_movements.occurred_at', '<=', query.at)
    .$if(query.lotNumber !== null, (builder) => builder.where('stock_movements.lot_number', '=', query.lotNumber))
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

export function varianceValue(line: { difference: Thousandths; average_cost: Centavos }): Centavos {
  return lineValue(line.difference, line.average_cost);
}
