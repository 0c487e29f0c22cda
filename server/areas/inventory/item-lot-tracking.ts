import { fieldError } from '../../domain/refusal.ts';
import type { ResourceContext } from '../../engine/resource.ts';

// Whether an item is kept by lot decides how its stock and movements are recorded, so it cannot change once the
// item has moved: its lots and its total would no longer add up. Only goods kept in stock can have lots.
export async function checkLotTracking(
  ctx: ResourceContext,
  merged: Record<string, unknown>,
  existing: { id: number; is_lot_tracked: number } | null,
): Promise<void> {
  const lotTracked = Number(merged.is_lot_tracked ?? 0) === 1;
  if (lotTracked && Number(merged.is_inventory_tracked ?? 1) !== 1) {
    throw fieldError('is_lot_tracked', 'Only an inventory-tracked item can be kept by lot.');
  }
  if (!existing || Number(existing.is_lot_tracked) === Number(lotTracked)) return;
  const moved = await ctx.db
    .selectFrom('stock_movements')
    .select('id')
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('item_id', '=', existing.id)
    .limit(1)
    .executeTakeFirst();
  if (moved)
    throw fieldError('is_lot_tracked', 'This item already has stock movements; its lot tracking cannot change.');
}
