import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { locationNames } from '../../ledger/document-presenting.ts';

type PlacedItem = { item_id: number; branch_id: number | null; warehouse_id: number | null };

// A stock row and a lot are named by their item's code and name and by their location, looked up once per page.
export async function stockNames(db: Kysely<Database>, rows: readonly PlacedItem[]) {
  const items = await db
    .selectFrom('items')
    .select(['id', 'code', 'name', 'reorder_level'])
    .where('id', 'in', [...rows.map((row) => row.item_id), 0])
    .execute();
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const locationName = await locationNames(db, rows);
  return {
    itemOf,
    namesOf: (row: PlacedItem) => ({
      item_code: itemOf.get(row.item_id)?.code ?? '',
      item_name: itemOf.get(row.item_id)?.name ?? '',
      location_name: locationName(row.branch_id, row.warehouse_id) ?? '',
    }),
  };
}
