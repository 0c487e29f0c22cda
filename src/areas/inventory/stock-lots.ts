import { businessDayIso } from '../../format/date.ts';
import * as filter from '../../resources/filters.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { heldQuantities, itemAtLocation, lastUpdated } from './stock-columns.ts';

const expiryWindows = [7, 30, 60, 90, 180, 365];

// The lots of lot-tracked items by location, with their expiry (docs/domain/eye-care.md, Lots and expiry); seen with
// view-stocks.
const columns: readonly Column[] = [
  ...itemAtLocation,
  { field: 'lot_number', label: 'Lot Number' },
  { field: 'expires_on', label: 'Expiry', kind: 'date' },
  // A lot past its expiry says so beside the date: it leaves the shelf, it is not sold.
  {
    field: 'expired',
    label: 'Status',
    value: (row) => (typeof row.expires_on === 'string' && row.expires_on < businessDayIso() ? 'Expired' : ''),
  },
  ...heldQuantities,
];

export const stockLots = defineResource({
  key: 'stock-lots',
  title: 'lot_number',
  columns,
  viewFields: [...columns, lastUpdated],
  formFields: [],
  filters: [
    filter.relation('item_id', 'Item', 'items'),
    filter.location('', 'Location'),
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
