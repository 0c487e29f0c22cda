import type { Kysely } from 'kysely';
import { holdsAny, type Identity } from '../../auth/identity.ts';
import { postStockCountsPermission } from '../../auth/permission-catalogue.ts';
import type { Database } from '../../db/database.ts';
import { type Location, locationKey, locationOf } from '../../domain/location.ts';
import { forbidden } from '../../domain/refusal.ts';

// docs/domain/logistics.md, Blind counts: while a blind count is open at a location, whoever may not post counts
// sees no on-hand figure of that location, so that the counter counts the shelf rather than copies the ledger. The
// API itself leaves the figures out (null); a screen only draws what it was given.

// The locations whose on-hand figures the user may not see, by location key, each with its open count's number.
export type HiddenStock = ReadonlyMap<string, string>;

const noneHidden: HiddenStock = new Map();

export async function hiddenStock(
  db: Kysely<Database>,
  businessId: number | null,
  identity: Identity,
): Promise<HiddenStock> {
  if (businessId === null || holdsAny(identity, [postStockCountsPermission])) return noneHidden;
  const open = await db
    .selectFrom('stock_counts')
    .select(['number', 'branch_id', 'warehouse_id'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'counting')
    .where('blind', '=', 1)
    .orderBy('id')
    .execute();
  const hidden = new Map<string, string>();
  for (const count of open) {
    const location = locationOf(count.branch_id, count.warehouse_id);
    if (location && !hidden.has(locationKey(location))) hidden.set(locationKey(location), count.number);
  }
  return hidden;
}

export function isHidden(
  hidden: HiddenStock,
  place: { branch_id: number | null; warehouse_id: number | null } | Location,
): boolean {
  if (hidden.size === 0) return false;
  const location = locationOf(place.branch_id, place.warehouse_id);
  return location !== null && hidden.has(locationKey(location));
}

// A figure of a hidden location, left out.
export function unlessHidden<T>(hidden: boolean, figure: T): T | null {
  return hidden ? null : figure;
}

// For a call that answers nothing but that location's stock (a past balance, a stock row's movements, a report):
// refused, saying why, rather than answered with holes. `location` null is every location.
export function refuseHiddenStock(hidden: HiddenStock, location: Location | null): void {
  if (hidden.size === 0) return;
  if (location === null) {
    throw forbidden(
      `On-hand figures are hidden while blind count ${[...hidden.values()].join(', ')} is open: choose a location that is not being counted.`,
    );
  }
  const count = hidden.get(locationKey(location));
  if (count !== undefined) {
    throw forbidden(`On-hand figures of this location are hidden while blind count ${count} is open.`);
  }
}
