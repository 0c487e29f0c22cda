import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { placedAt } from '../../ledger/references.ts';
import type { HiddenStock } from '../../ledger/stock/blind-counts.ts';
import { presentLot } from '../inventory/stock-lots.ts';

export const expiryWarningDays = 90;

// The Overview's lots to pull or sell first: goods on hand expiring within 90 days of today, the expired ones
// included, earliest expiry first.
export async function expiringLots(
  db: Kysely<Database>,
  businessId: number,
  today: string,
  place: Location | null,
  hidden: HiddenStock,
) {
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + expiryWarningDays * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('stock_lots')
    .innerJoin('items', 'items.id', 'stock_lots.item_id')
    .leftJoin('branches', 'branches.id', 'stock_lots.branch_id')
    .leftJoin('warehouses', 'warehouses.id', 'stock_lots.warehouse_id')
    .selectAll('stock_lots')
    .select(['items.code as item_code', 'items.name as item_name', 'branches.name as branch_name'])
    .select('warehouses.name as warehouse_name')
    .where('stock_lots.business_id', '=', businessId)
    .where(placedAt('stock_lots', place))
    .where('stock_lots.quantity_on_hand', '>', 0)
    .where('stock_lots.expires_on', '<=', limit)
    .orderBy('stock_lots.expires_on')
    .orderBy('stock_lots.id')
    .limit(50)
    .execute();
  return rows.map((row) =>
    presentLot(
      row,
      {
        item_code: row.item_code,
        item_name: row.item_name,
        location_name: row.branch_name ?? row.warehouse_name ?? '',
      },
      hidden,
    ),
  );
}
