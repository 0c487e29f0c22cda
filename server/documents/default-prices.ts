import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Centavos } from '../domain/money.ts';

// A new line's default price: the latest price effective on or before the document date.

export async function latestPurchaseCost(
  db: Kysely<Database>,
  businessId: number,
  itemId: number,
  supplierId: number | null,
  onDate: string,
): Promise<Centavos | null> {
  const row = await db
    .selectFrom('purchase_item_prices')
    .select('unit_cost')
    .where('business_id', '=', businessId)
    .where('item_id', '=', itemId)
    .where('deleted_at', 'is', null)
    .where('effective_date', '<=', onDate)
    .$if(supplierId !== null, (query) => query.where('contact_id', '=', supplierId ?? 0))
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.unit_cost) : null;
}

// A branch's own price wins over the every-branch price of the same day.
export async function latestSalePrice(
  db: Kysely<Database>,
  businessId: number,
  itemId: number,
  branchId: number,
  onDate: string,
): Promise<Centavos | null> {
  const rows = await db
    .selectFrom('sale_item_prices')
    .select(['unit_price', 'branch_id', 'effective_date', 'id'])
    .where('business_id', '=', businessId)
    .where('item_id', '=', itemId)
    .where('deleted_at', 'is', null)
    .where('effective_date', '<=', onDate)
    .where((where) => where.or([where('branch_id', '=', branchId), where('branch_id', 'is', null)]))
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const [latest, runnerUp] = rows;
  if (!latest) return null;
  const chosen =
    runnerUp && runnerUp.effective_date === latest.effective_date && runnerUp.branch_id !== null ? runnerUp : latest;
  return Number(chosen.unit_price);
}
