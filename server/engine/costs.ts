import { holdsAny, viewCostsPermission } from '../auth/identity.ts';
import type { CostFields, ResourceContext } from './resource.ts';

type Json = Record<string, unknown>;

export function seesCosts(ctx: ResourceContext): boolean {
  return holdsAny(ctx.identity, [viewCostsPermission]);
}

function blanked(record: Json, fields: readonly string[] = []): Json {
  const copy = { ...record };
  for (const field of fields) if (field in copy) copy[field] = null;
  return copy;
}

function lineWithoutCosts(line: unknown, costs: CostFields): unknown {
  return line !== null && typeof line === 'object' ? blanked(line as Json, costs.lineFields) : line;
}

// The record as a user without view-costs reads it: every cost null, the rest as it is (docs/domain/management.md,
// Permissions).
export function withoutCosts(record: unknown, costs: CostFields): unknown {
  if (record === null || typeof record !== 'object') return record;
  const copy = blanked(record as Json, costs.fields);
  if (Array.isArray(copy.lines)) copy.lines = copy.lines.map((line: unknown) => lineWithoutCosts(line, costs));
  return copy;
}

// A history entry's `changes` hold [before, after] per field: a cost field reads [null, null], and its lines
// lose their costs on both sides.
export function changesWithoutCosts(changes: Record<string, unknown>, costs: CostFields): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(changes)) {
    if (costs.fields?.includes(field)) copy[field] = [null, null];
    else if (field === 'lines' && Array.isArray(change)) {
      copy[field] = change.map((side: unknown) =>
        Array.isArray(side) ? side.map((line) => lineWithoutCosts(line, costs)) : side,
      );
    } else copy[field] = change;
  }
  return copy;
}

// What the caller may read of one record of a resource.
export function readableRecord<T>(ctx: ResourceContext, costs: CostFields | undefined, record: T): T {
  return costs !== undefined && !seesCosts(ctx) ? (withoutCosts(record, costs) as T) : record;
}

// What the caller may read of a resource's records.
export function costsFor(ctx: ResourceContext, costs: CostFields | undefined) {
  const hidden = costs !== undefined && !seesCosts(ctx);
  return {
    record: <T>(record: T): T => (hidden ? (withoutCosts(record, costs) as T) : record),
    changes: (changes: Record<string, unknown>) => (hidden ? changesWithoutCosts(changes, costs) : changes),
  };
}
