import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateStockAdjustmentBody } from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import type { StockAdjustmentReason } from '../../db/tables/stock-adjustments.ts';
import { businessDate } from '../../domain/business-date.ts';
import { divideRounded } from '../../domain/line-amount.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import { type Centavos, pesosToCentavos } from '../../domain/money.ts';
import { type Thousandths, toThousandths } from '../../domain/quantity.ts';
import { conflict, type FieldErrors, fieldError, isFieldRefusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { ownById, requireLineItems, requireLocation } from '../../ledger/references.ts';
import { applyStockChanges, lockStockRows, type StockChange } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots, requireReceiptLots } from '../../ledger/stock/stock-lots.ts';

// Stock adjustments (docs/domain/logistics.md, Stock adjustments): stock found, lost or written off, as signed lines.
// An increase comes in at its given cost (default the average there) and moves the average; a decrease leaves at the
// average, from the lot it names or the earliest expiry first. A count's posting makes one of these too, with
// thousands of lines, so every write below goes in chunks whose statements stay within both engines' parameter limits.

export type StockAdjustmentInput = z.output<typeof CreateStockAdjustmentBody>;

export const adjustmentDocumentType = 'stock-adjustment';

// Rows per statement: a movement has 17 columns, so 500 of them stay far below SQLite's 32,766 parameters.
const chunkSize = 500;

function chunks<T>(rows: readonly T[], size = chunkSize): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += size) parts.push(rows.slice(start, start + size));
  return parts;
}

export type AdjustmentLineInput = {
  item_id: number;
  quantity_delta: Thousandths;
  unit_cost: Centavos | null;
  lot_number: string | null;
  expires_on: string | null;
};

export type AdjustmentDraft = {
  location: Location;
  adjustment_date: string;
  reason: StockAdjustmentReason;
  notes: string | null;
  lines: readonly AdjustmentLineInput[];
};

export async function createStockAdjustment(context: PostingContext, input: StockAdjustmentInput): Promise<number> {
  if (input.adjustment_date > businessDate(context.now)) {
    throw fieldError('adjustment_date', 'The adjustment date cannot be after today.');
  }
  const location = await requireLocation(context, input.branch_id, input.warehouse_id);
  const errors: FieldErrors = {};
  input.lines.forEach((line, index) => {
    if (toThousandths(line.quantity_delta) === 0) {
      errors[lineField(index, 'quantity_delta')] = ['The quantity change cannot be zero.'];
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return insertStockAdjustment(context, {
    location,
    adjustment_date: input.adjustment_date,
    reason: input.reason,
    notes: input.notes ?? null,
    lines: input.lines.map((line) => ({
      item_id: line.item_id,
      quantity_delta: toThousandths(line.quantity_delta),
      unit_cost: line.unit_cost == null ? null : pesosToCentavos(line.unit_cost),
      lot_number: line.lot_number?.trim() || null,
      expires_on: line.expires_on ?? null,
    })),
  });
}

// Writes and posts an adjustment whose lines are already in stored units (the API's create, a count's posting).
export async function insertStockAdjustment(context: PostingContext, draft: AdjustmentDraft): Promise<number> {
  const items = await requireLineItems(
    context,
    draft.lines.map((line) => line.item_id),
  );
  const errors: FieldErrors = {};
  draft.lines.forEach((line, index) => {
    if (!items.get(line.item_id)?.is_inventory_tracked) {
      errors[lineField(index, 'item_id')] = [`${items.get(line.item_id)?.name ?? 'This item'} is not kept in stock.`];
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  // Only an increase brings a lot of its own (number and expiry); a decrease names at most the lot it takes.
  const lots = await requireReceiptLots(
    context,
    draft.lines.map((line) => (line.quantity_delta > 0 ? line : { item_id: 0 })),
    items,
  );
  const averages = await averageCosts(
    context,
    draft.location,
    draft.lines.filter((line) => line.quantity_delta > 0 && line.unit_cost === null).map((line) => line.item_id),
  );
  const at = timestampOf(context);
  const headerId = await enterDocument(context, 'stock_adjustments', {
    number: await assignDocumentNumber(context, 'stock-adjustment', draft.location, draft.adjustment_date),
    branch_id: draft.location.branch_id,
    warehouse_id: draft.location.warehouse_id,
    adjustment_date: draft.adjustment_date,
    reason: draft.reason,
    notes: draft.notes,
    total_value: 0,
  });
  const rows = draft.lines.map((line, position) => {
    const lot = lots[position];
    const lotTracked = items.get(line.item_id)?.is_lot_tracked ?? false;
    const unitCost = line.quantity_delta > 0 ? (line.unit_cost ?? averages.get(line.item_id) ?? 0) : 0;
    return {
      business_id: context.businessId,
      stock_adjustment_id: headerId,
      position,
      item_id: line.item_id,
      lot_number: lot ? lot.lotNumber : lotTracked ? line.lot_number : null,
      expires_on: lot ? lot.expiresOn : null,
      quantity_delta: line.quantity_delta,
      unit_cost: unitCost,
      value: 0,
      created_at: at,
      updated_at: at,
    };
  });
  for (const part of chunks(rows, 200)) await context.trx.insertInto('stock_adjustment_lines').values(part).execute();
  await postStockAdjustment(context, headerId, 1);
  return headerId;
}

async function averageCosts(
  context: PostingContext,
  location: Location,
  itemIds: readonly number[],
): Promise<Map<number, Centavos>> {
  const averages = new Map<number, Centavos>();
  for (const part of chunks([...new Set(itemIds)], 1000)) {
    const rows = await context.trx
      .selectFrom('stocks')
      .select(['item_id', 'average_unit_cost'])
      .where('business_id', '=', context.businessId)
      .where('location_key', '=', locationKey(location))
      .where('item_id', 'in', part)
      .execute();
    for (const row of rows) averages.set(row.item_id, Number(row.average_unit_cost));
  }
  return averages;
}

type AdjustmentLineRow = {
  id: number;
  item_id: number;
  lot_number: string | null;
  expires_on: string | null;
  quantity_delta: number;
  unit_cost: number;
};

// Posting (1) moves every line at the location; reversing (-1) undoes exactly that, decreases back into the lots
// they took. Within one stock row, what comes in is applied before what goes out, so that a count moving boxes from
// one lot to another never dips below zero on the way.
export const postStockAdjustment: Posting = async (context, id, direction) => {
  const adjustment = await ownById(context, 'stock_adjustments', id)
    .select(['number', 'branch_id', 'warehouse_id'])
    .executeTakeFirstOrThrow();
  const location = locationOf(adjustment.branch_id, adjustment.warehouse_id);
  if (!location) throw new Error(`Stock adjustment ${id} has no location.`);
  const lines: AdjustmentLineRow[] = (
    await linesOf(context.trx, 'stock_adjustment_lines', context.businessId, id)
      .read()
      .select(['id', 'item_id', 'lot_number', 'expires_on', 'quantity_delta', 'unit_cost'])
      .orderBy('position')
      .execute()
  ).map((line) => ({ ...line, quantity_delta: Number(line.quantity_delta), unit_cost: Number(line.unit_cost) }));
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const changeOf = (line: AdjustmentLineRow, index: number): StockChange => ({
    itemId: line.item_id,
    location,
    balance: 'on_hand',
    delta: direction * line.quantity_delta,
    unitCost: line.unit_cost,
    costEffect:
      line.quantity_delta > 0
        ? direction === 1
          ? 'receipt'
          : 'receipt_reversal'
        : direction === 1
          ? 'issue'
          : 'receipt',
    field: lineField(index, 'quantity_delta'),
    documentLineId: line.id,
  });
  const all = lines.map((line, index) => ({ line, index, change: changeOf(line, index) }));
  for (const part of chunks(sortedForLocks(all.map(({ change }) => change)), 1000)) await lockStockRows(context, part);

  const increases = all.filter(({ line }) => line.quantity_delta > 0);
  const decreases = all.filter(({ line }) => line.quantity_delta < 0);
  const lotted = (line: AdjustmentLineRow) => items.get(line.item_id)?.is_lot_tracked ?? false;
  const changes: { change: StockChange; index: number }[] = increases.map(({ change, line, index }) => ({
    index,
    change:
      lotted(line) && line.lot_number !== null && line.expires_on !== null
        ? { ...change, lot: { lotNumber: line.lot_number, expiresOn: line.expires_on } }
        : change,
  }));
  for (const { change, index } of decreases.filter(({ line }) => !lotted(line))) changes.push({ change, index });
  const lotDecreases = decreases.filter(({ line }) => lotted(line));
  if (lotDecreases.length > 0) {
    // A write-off takes expired lots too (that is what `expired` is for): no lot is too old for an adjustment, so
    // the lots are picked as of a day before any expiry.
    const picked = await issueWithLots(
      context,
      { type: adjustmentDocumentType, id, date: '0000-01-01' },
      direction,
      lotDecreases.map(({ change, line, index }) => ({
        change,
        lotTracked: true,
        itemName: items.get(line.item_id)?.name ?? '',
        lotNumber: line.lot_number,
        lotField: lineField(index, 'lot_number'),
      })),
    );
    picked.changes.forEach((change, position) => {
      changes.push({ change, index: lotDecreases[picked.lineOf[position] ?? 0]?.index ?? 0 });
    });
  }
  const ordered = changes
    .map((entry) => ({ ...entry, key: stockKeyOf(entry.change) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.change.delta - a.change.delta));
  const document = { type: adjustmentDocumentType, id, number: adjustment.number };
  const costOf = new Map<number, Centavos>();
  const errors: FieldErrors = {};
  for (const part of chunks(ordered)) {
    try {
      const costs = await applyStockChanges(
        context,
        document,
        part.map(({ change }) => change),
      );
      part.forEach(({ index }, position) => {
        if (!costOf.has(index)) costOf.set(index, costs[position] ?? 0);
      });
    } catch (error) {
      if (!isFieldRefusal(error)) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (direction === 1) await writeLineValues(context, id, lines, costOf);
};

function stockKeyOf(change: StockChange): string {
  return `${String(change.itemId).padStart(12, '0')}:${locationKey(change.location)}`;
}

function sortedForLocks(changes: readonly StockChange[]): StockChange[] {
  return [...changes].sort((a, b) => (stockKeyOf(a) < stockKeyOf(b) ? -1 : stockKeyOf(a) > stockKeyOf(b) ? 1 : 0));
}

// A line's value is its quantity change at the cost it moved at (rounded once per line, in centavos); the document's
// total is their sum.
export function lineValue(quantityDelta: Thousandths, unitCost: Centavos): Centavos {
  return Number(divideRounded(BigInt(quantityDelta) * BigInt(unitCost), 1000n));
}

async function writeLineValues(
  context: PostingContext,
  id: number,
  lines: readonly AdjustmentLineRow[],
  costOf: ReadonlyMap<number, Centavos>,
): Promise<void> {
  const figures = lines.map((line, index) => {
    const cost = costOf.get(index) ?? line.unit_cost;
    return { id: line.id, cost, value: lineValue(line.quantity_delta, cost) };
  });
  for (const part of chunks(figures)) {
    // ELSE names the column, so that PostgreSQL types the parameters as the column's bigint.
    const caseOf = (field: 'cost' | 'value', column: 'unit_cost' | 'value') =>
      sql<number>`CASE ${sql.ref('id')} ${sql.join(
        part.map((line) => sql`WHEN ${line.id} THEN ${line[field]}`),
        sql` `,
      )} ELSE ${sql.ref(column)} END`;
    await context.trx
      .updateTable('stock_adjustment_lines')
      .set({ unit_cost: caseOf('cost', 'unit_cost'), value: caseOf('value', 'value') })
      .where(
        'id',
        'in',
        part.map((line) => line.id),
      )
      .execute();
  }
  await context.trx
    .updateTable('stock_adjustments')
    .set({ total_value: figures.reduce((sum, line) => sum + line.value, 0) })
    .where('id', '=', id)
    .execute();
}

// The stock a void would take below zero is a conflict with what happened since, not bad input: a 409 saying which
// item and why.
export async function refusedVoid(error: unknown, context: PostingContext, adjustmentId: number): Promise<unknown> {
  if (!isFieldRefusal(error)) return error;
  const [field, messages] = Object.entries(error.errors)[0] ?? [];
  const index = Number(/^lines\.(\d+)\./.exec(field ?? '')?.[1] ?? -1);
  const line = await linesOf(context.trx, 'stock_adjustment_lines', context.businessId, adjustmentId)
    .read()
    .innerJoin('items', 'items.id', 'stock_adjustment_lines.item_id')
    .select('items.name')
    .where('stock_adjustment_lines.position', '=', index)
    .executeTakeFirst();
  const what = line ? `${line.name}: ` : '';
  return conflict(`Voiding this adjustment would take stock below zero. ${what}${messages?.[0] ?? ''}`.trim());
}
