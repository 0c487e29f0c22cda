// A location is a branch or a warehouse; exactly one of the two ids is set.
export type Location = { branch_id: number; warehouse_id: null } | { branch_id: null; warehouse_id: number };

export function locationOf(
  branchId: number | null | undefined,
  warehouseId: number | null | undefined,
): Location | null {
  if (branchId != null && warehouseId == null) return { branch_id: branchId, warehouse_id: null };
  if (warehouseId != null && branchId == null) return { branch_id: null, warehouse_id: warehouseId };
  return null;
}

// A stable text key (B1, W3) lets one unique index cover both location columns, which NULLs would defeat.
export function locationKey(location: Location): string {
  return location.branch_id !== null ? `B${location.branch_id}` : `W${location.warehouse_id}`;
}

export function sameLocation(a: Location, b: Location): boolean {
  return locationKey(a) === locationKey(b);
}

// A route (a stock request's, a transfer's) is stored as two locations: where the goods leave and where they go.
export function routeColumns(from: Location, to: Location) {
  return {
    from_branch_id: from.branch_id,
    from_warehouse_id: from.warehouse_id,
    to_branch_id: to.branch_id,
    to_warehouse_id: to.warehouse_id,
  };
}
