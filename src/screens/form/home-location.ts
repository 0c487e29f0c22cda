import type { AuthUser } from '../../../generated/model/index.ts';
import { fullAccessPermission } from '../../auth/gate.ts';
import type { RelationSearch } from '../../resources/resource.ts';

// The branch or warehouse a user works at (the home location of docs/domain/management.md, Users): their document forms
// start there.
export type HomeLocation = { kind: 'branch' | 'warehouse'; id: number; name: string };

// Lets a user with a home location create and post documents elsewhere too; without it the server refuses them.
export const anyLocationPermission = 'work-at-any-location';

export function homeLocationOf(user: AuthUser | undefined): HomeLocation | null {
  if (!user?.userable_type || user.userable_id === null) return null;
  return { kind: user.userable_type, id: user.userable_id, name: user.userable_from ?? `#${user.userable_id}` };
}

// Whose location pickers offer their home alone: a user with a home who may not work at any other location.
export function boundToHome(home: HomeLocation | null, held: readonly string[]): home is HomeLocation {
  return home !== null && !held.includes(fullAccessPermission) && !held.includes(anyLocationPermission);
}

// The search of a document's own location picker: the server answers only where the user may place it.
export const usableLocations: RelationSearch = { params: { usable: 1 } };

// Whether the user may work at one end of a record (`from_` or `to_` of a transfer): anyone not bound to a home may;
// one who is, only at their home.
export function worksAtEnd(
  home: HomeLocation | null,
  held: readonly string[],
  record: Readonly<Record<string, unknown>>,
  prefix: '' | 'from_' | 'to_',
): boolean {
  if (!boundToHome(home, held)) return true;
  return record[`${prefix}${home.kind}_id`] === home.id;
}

// Whether a user may act on a record where it sits (docs/domain/screens.md, Other locations' records): a record
// placed at a branch or warehouse of its own (`branch_id`, `warehouse_id`) is read-only to a user bound elsewhere,
// as the server refuses their changes; a record placed nowhere (master data) or at two ends (a transfer) says so
// through its own actions.
export function worksWhereItSits(
  home: HomeLocation | null,
  held: readonly string[],
  record: Readonly<Record<string, unknown>>,
): boolean {
  if (typeof record.branch_id !== 'number' && typeof record.warehouse_id !== 'number') return true;
  return worksAtEnd(home, held, record, '');
}
