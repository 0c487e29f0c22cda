import type { Kysely } from 'kysely';
import { createStockAdjustment } from '../areas/logistics/stock-adjustments-posting.ts';
import { addCountLine, balanceAt, createStockCount, postCount } from '../areas/logistics/stock-counts-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import type { Location } from '../domain/location.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { demoContext, stockedItems, stockedOfType } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// A few stock adjustments of the last weeks (a damaged frame, a lost one, a frame found, solution used in the shop)
// and one posted count of the warehouse's frames that found one short and one over (docs/domain/logistics.md, Stock
// adjustments and Stock counts), all through the posting services.
export async function seedDemoStockAdjustments(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const at = (daysAgo: number, hour: number) =>
    new Date(Math.min(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000 + hour * 3_600_000, now.getTime()));
  const contextAt = (moment: Date) => demoContext(db, master, moment);
  const [makati, quezonCity] = master.branchIds;
  const branch = (id: number | undefined): Location => ({ branch_id: id ?? 0, warehouse_id: null });
  const stocked = async (location: Location, type: string, skip = 0) => {
    const row = await stockedOfType(db, master, type, skip)
      .select(['items.id', 'stocks.average_unit_cost'])
      .where('stocks.branch_id', location.branch_id === null ? 'is' : '=', location.branch_id)
      .where('stocks.warehouse_id', location.warehouse_id === null ? 'is' : '=', location.warehouse_id)
      .executeTakeFirst();
    return row ?? null;
  };
  const adjust = async (
    daysAgo: number,
    location: Location,
    reason: 'damaged' | 'lost' | 'found' | 'internal_use',
    type: string,
    quantity: number,
    notes: string,
  ) => {
    const item = await stocked(location, type, reason === 'lost' ? 1 : 0);
    if (!item) return;
    const moment = at(daysAgo, 4);
    await createStockAdjustment(contextAt(moment), {
      ...location,
      adjustment_date: businessDate(moment),
      reason,
      notes,
      lines: [
        {
          item_id: item.id,
          quantity_delta: quantity,
          ...(quantity > 0 ? { unit_cost: Number(item.average_unit_cost) / 100 } : {}),
        },
      ],
    });
  };
  await adjust(12, branch(makati), 'damaged', 'Frame', -1, 'Hinge snapped while fitting');
  await adjust(9, branch(quezonCity), 'lost', 'Frame', -1, 'Missing from the display after the weekend');
  await adjust(6, branch(quezonCity), 'found', 'Frame', 1, 'Found in the back room');
  await adjust(3, branch(makati), 'internal_use', 'Accessory', -1, 'Used at the fitting table');

  // Yesterday the clerk counted the warehouse's frames; the admin posted it the same afternoon.
  const warehouse: Location = { branch_id: null, warehouse_id: master.warehouseId };
  const frameType = await db
    .selectFrom('item_types')
    .select('id')
    .where('business_id', '=', master.businessId)
    .where('name', '=', 'Frame')
    .executeTakeFirst();
  if (!frameType) return;
  const started = at(1, 1);
  const countId = await createStockCount(contextAt(started), {
    warehouse_id: master.warehouseId,
    blind: true,
    notes: 'Monthly frame count',
    scope: { item_type_ids: [frameType.id] },
  });
  const frames = await stockedItems(db, master)
    .select('items.id')
    .where('stocks.warehouse_id', '=', master.warehouseId)
    .where('items.item_type_id', '=', frameType.id)
    .where('stocks.quantity_on_hand', '>', 1000)
    .orderBy('items.id')
    .execute();
  const counted = at(1, 2);
  for (const [index, frame] of frames.entries()) {
    const expected = await balanceAt(db, master.businessId, {
      itemId: frame.id,
      location: warehouse,
      lotNumber: null,
      at: counted.toISOString(),
    });
    const off = index === 0 ? -1000 : index === 1 ? 1000 : 0;
    await addCountLine(contextAt(counted), countId, {
      item_id: frame.id,
      counted_quantity: fromThousandths(expected + off),
      counted_at: counted.toISOString(),
    });
  }
  await postCount(contextAt(at(1, 6)), countId, 'leave');
}
