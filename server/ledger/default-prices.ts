import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { type Centavos, pesosToCentavos } from '../domain/money.ts';
import { type FieldErrors, unprocessable } from '../domain/refusal.ts';
import { lineField } from './document-lifecycle.ts';
import type { PostingContext } from './posting-context.ts';
import { ownById } from './references.ts';

// A new line's default price: the latest price effective on or before the document date.

type PriceList = 'purchase_item_prices' | 'sale_item_prices';

// An item's standing prices of a list in effect on `onDate`, the latest effective first; the caller narrows them (a
// supplier, a branch) and orders a day's several prices.
export function pricesInEffect<T extends PriceList>(
  db: Kysely<Database>,
  list: T,
  businessId: number,
  itemId: number,
  onDate: string,
): SelectQueryBuilder<Database, T, Record<never, never>> {
  return db
    .selectFrom(list as PriceList)
    .where('business_id', '=', businessId)
    .where('item_id', '=', itemId)
    .where('deleted_at', 'is', null)
    .where('effective_date', '<=', onDate)
    .orderBy('effective_date', 'desc') as unknown as SelectQueryBuilder<Database, T, Record<never, never>>;
}

export async function latestPurchaseCost(
  db: Kysely<Database>,
  businessId: number,
  itemId: number,
  supplierId: number,
  onDate: string,
): Promise<Centavos | null> {
  const row = await pricesInEffect(db, 'purchase_item_prices', businessId, itemId, onDate)
    .select('unit_cost')
    .where('contact_id', '=', supplierId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.unit_cost) : null;
}

// A branch's own price wins over the every-branch price of the same day, however many of those there are.
export async function latestSalePrice(
  db: Kysely<Database>,
  businessId: number,
  itemId: number,
  branchId: number,
  onDate: string,
): Promise<Centavos | null> {
  const row = await pricesInEffect(db, 'sale_item_prices', businessId, itemId, onDate)
    .select('unit_price')
    .where((where) => where.or([where('branch_id', '=', branchId), where('branch_id', 'is', null)]))
    .orderBy(sql`branch_id is null`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.unit_price) : null;
}

// A receipt or bill line that names an order line is priced as ordered; one that names no (matching) order line
// falls back to the supplier's price list, and the posting refuses a mismatched order line on its own.
export async function defaultReceiptCost(
  context: PostingContext,
  line: { item_id: number; purchase_order_line_id?: number | null | undefined },
  supplierId: number,
  onDate: string,
): Promise<Centavos | null> {
  if (line.purchase_order_line_id != null) {
    const ordered = await ownById(context, 'purchase_order_lines', line.purchase_order_line_id)
      .select('unit_cost')
      .where('item_id', '=', line.item_id)
      .executeTakeFirst();
    if (ordered) return Number(ordered.unit_cost);
  }
  return latestPurchaseCost(context.trx, context.businessId, line.item_id, supplierId, onDate);
}

export const missingPurchaseCost = 'No purchase price on record for this item and supplier; enter the unit cost.';
export const missingSalePrice = 'No sale price on record for this item and branch; enter the unit price.';

// Each line with its price in centavos: the one typed (0 included), else the default found for it. Every line
// without either is named in one 422, so that the user fixes them all at once.
export async function resolveLinePrices<F extends 'unit_cost' | 'unit_price', L extends { [K in F]?: number }>(
  lines: readonly L[],
  field: F,
  defaultOf: (line: L) => Promise<Centavos | null>,
  missing: string,
): Promise<(L & { price: Centavos })[]> {
  const priced: (L & { price: Centavos })[] = [];
  const errors: FieldErrors = {};
  for (const [index, line] of lines.entries()) {
    const typed = line[field];
    const price = typed === undefined ? await defaultOf(line) : pesosToCentavos(typed);
    if (price === null) errors[lineField(index, field)] = [missing];
    else priced.push({ ...line, price });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return priced;
}
