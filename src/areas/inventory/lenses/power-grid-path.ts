// /items/power-grid?item_id=&branch_id=|warehouse_id=: the grid of one lens family at one location.
export function powerGridPath(at: { itemId?: number | null; location?: string | null }): string {
  const query = new URLSearchParams();
  if (at.itemId) query.set('item_id', String(at.itemId));
  if (at.location?.startsWith('B')) query.set('branch_id', at.location.slice(1));
  if (at.location?.startsWith('W')) query.set('warehouse_id', at.location.slice(1));
  const text = query.toString();
  return `/items/power-grid${text ? `?${text}` : ''}`;
}
