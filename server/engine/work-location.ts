import { holdsAny, workAtAnyLocationPermission } from '../auth/identity.ts';
import { type Location, sameLocation } from '../domain/location.ts';
import { fieldError } from '../domain/refusal.ts';
import { dynamic } from './dynamic.ts';
import type { AnyResource, ListCondition, ResourceContext, WorkPlace } from './resource.ts';

// The one location a user tied to a home location may work at, or null when they may work anywhere: no home, or a
// role granting work-at-any-location (docs/domain/management.md, Users).
export function boundLocation(ctx: ResourceContext): Location | null {
  const { identity } = ctx;
  if (identity.home === null || holdsAny(identity, [workAtAnyLocationPermission])) return null;
  return identity.home;
}

// A user bound to a location creates, edits, voids and restores documents only there: 422 naming the field that
// places the document elsewhere. `fields` is a body or a stored row; both use the same names.
export async function checkWorkPlace(
  resource: AnyResource,
  ctx: ResourceContext,
  fields: Record<string, unknown>,
): Promise<void> {
  const home = boundLocation(ctx);
  if (home === null || !resource.workPlaces) return;
  const placed = (await resource.workPlaces(ctx, fields)).filter((place) => place.location !== null);
  const elsewhere = (place: WorkPlace) => place.location !== null && !sameLocation(place.location, home);
  const source = placed.find((place) => place.source && elsewhere(place));
  if (source) throw fieldError(source.field, `You may only work at ${await locationName(ctx, home)}.`);
  const places = placed.filter((place) => !place.source);
  const [first] = places;
  if (!first || places.some((place) => !elsewhere(place))) return;
  throw fieldError(first.field, `You may only work at ${await locationName(ctx, home)}.`);
}

async function locationName(ctx: ResourceContext, location: Location): Promise<string> {
  const [table, id] =
    location.branch_id !== null ? ['branches', location.branch_id] : ['warehouses', location.warehouse_id];
  const row = await dynamic(ctx.db).selectFrom(table).select('name').where('id', '=', id).executeTakeFirst();
  return String(row?.name ?? 'your own location');
}

// `usable=1` on the lists of documents a follow-up comes from: only those whose `prefix` end is at the user's
// location (a purchase order to receive, a request to transfer from, a transfer to receive or return).
export function usableSources(prefix: '' | 'from_' | 'to_'): ListCondition {
  return (rows, value, ctx) => {
    const home = value === 1 ? boundLocation(ctx) : null;
    if (home === null) return rows;
    return home.branch_id !== null
      ? rows.where(`${prefix}branch_id`, '=', home.branch_id)
      : rows.where(`${prefix}warehouse_id`, '=', home.warehouse_id);
  };
}

// `usable=1` on the branch and warehouse lists: only the locations the user may place a document at, for the
// pickers of a document's own location. A user bound to a warehouse may use no branch, and the reverse.
export function usableLocations(kind: 'branch' | 'warehouse'): ListCondition {
  return (rows, value, ctx) => {
    const home = value === 1 ? boundLocation(ctx) : null;
    if (home === null) return rows;
    return rows.where('id', '=', (kind === 'branch' ? home.branch_id : home.warehouse_id) ?? 0);
  };
}
