import type { Column } from '../../resources/resource.ts';

// What a stock row and a lot of it are known by (the item at a location) and hold (on hand, and on its way there).

export const itemAtLocation: readonly Column[] = [
  { field: 'item_code', label: 'Code' },
  { field: 'item_name', label: 'Item' },
  { field: 'location_name', label: 'Location' },
];

// The API leaves out the on-hand figures of a location while a blind count is open there for whoever may not post
// counts (docs/domain/logistics.md, Blind counts); the screen says so rather than show a blank.
export const hiddenDuringCount = 'Hidden during a blind count';

export const onHand: Column = {
  field: 'quantity_on_hand',
  label: 'On Hand',
  kind: 'quantity',
  value: (row) => row.quantity_on_hand ?? hiddenDuringCount,
};

export const heldQuantities: readonly Column[] = [
  onHand,
  { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
];

export const lastUpdated: Column = { field: 'updated_at', label: 'Updated', kind: 'timestamp' };
