import { holdsAny, type Identity, workAtAnyLocationPermission } from '../../auth/identity.ts';
import type { Location } from '../../domain/location.ts';
import { fieldError } from '../../domain/refusal.ts';
import { hiddenStock, refuseHiddenStock } from '../../ledger/stock/blind-counts.ts';
import type { Asked } from './owner-report.ts';

// The location a report covers: the one the query names, else every location; a user tied to a home location
// (and not allowed to work anywhere) sees only that one, whatever the query names (docs/domain/reports.md).
export function reportLocation(
  identity: Identity,
  query: { branch_id?: number | null; warehouse_id?: number | null },
): Location | null {
  if (query.branch_id && query.warehouse_id)
    throw fieldError('warehouse_id', 'Choose a branch or a warehouse, not both.');
  const named: Location | null = query.branch_id
    ? { branch_id: query.branch_id, warehouse_id: null }
    : query.warehouse_id
      ? { branch_id: null, warehouse_id: query.warehouse_id }
      : null;
  const home = identity.home;
  if (home === null || holdsAny(identity, [workAtAnyLocationPermission])) return named;
  return home;
}

// The location a stock report covers, refused while a blind count is open there (or anywhere, for a report of every
// location) to a user who may not see its on-hand figures: a report with a location quietly missing would read as
// the business's whole stock (docs/domain/logistics.md, Blind counts).
export async function stockReportLocation(
  asked: Asked,
  query: { branch_id?: number | null; warehouse_id?: number | null },
): Promise<Location | null> {
  const location = reportLocation(asked.identity, query);
  refuseHiddenStock(await hiddenStock(asked.db, asked.businessId, asked.identity), location);
  return location;
}

// Adds N days to a YYYY-MM-DD day, in the calendar (no time zone involved).
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// The UTC instant a Manila business day starts (Manila keeps UTC+8 all year).
export function manilaDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString();
}
