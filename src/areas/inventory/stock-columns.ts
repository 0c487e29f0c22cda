import type { Column } from '../../resources/resource.ts';

// What a stock row and a lot of it are known by (the item at a location) and hold (on hand, and on its way there).

export const itemAtLocation: readonly Column[] = [
  { field: 'item_code', label: 'Code' },
  { field: 'item_name', label: 'Item' },
  { field: 'location_name', label: 'Location' },
];

export const heldQuantities: readonly Column[] = [
  { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
  { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
];

export const lastUpdated: Column = { field: 'updated_at', label: 'Updated', kind: 'timestamp' };
