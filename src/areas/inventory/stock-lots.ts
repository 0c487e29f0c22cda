import { defineResource } from '../../resources/resource.ts';
import { locationFilter, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const expiryWindows = [7, 30, 60, 90, 180, 365];

// The lots of lot-tracked items by location, with their expiry (docs/domain/eye-care.md, Lots and expiry); seen with
// view-stocks.
export const stockLots = defineResource({
  key: 'stock-lots',
  title: 'lot_number',
  columns: [
    { field: 'item_code', label: 'Code' },
    { field: 'item_name', label: 'Item' },
    { field: 'location_name', label: 'Location' },
    { field: 'lot_number', label: 'Lot Number' },
    { field: 'expires_on', label: 'Expiry', kind: 'date' },
    { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
    { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
  ],
  viewFields: [
    { field: 'item_code', label: 'Code' },
    { field: 'item_name', label: 'Item' },
    { field: 'location_name', label: 'Location' },
    { field: 'lot_number', label: 'Lot Number' },
    { field: 'expires_on', label: 'Expiry', kind: 'date' },
    { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
    { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
    { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
  ],
  formFields: [],
  filters: [
    relationFilter('item_id', 'Item', 'items'),
    locationFilter('', 'Location'),
    {
      name: 'expiring_within_days',
      label: 'Expiring within N days',
      kind: 'select',
      options: expiryWindows.map((days) => ({ value: String(days), label: `${days} days` })),
    },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/stock-lots/stock-lots.ts');
    return standardOperations({ one: 'StockLot', many: 'StockLots' }, api);
  },
});
