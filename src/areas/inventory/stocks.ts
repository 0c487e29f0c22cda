import * as filter from '../../resources/filters.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { heldQuantities, hiddenDuringCount, itemAtLocation, lastUpdated, onHand } from './stock-columns.ts';

// The view shows the latest hundred movements; the full ledger is a report of its own.
const latestMovements = { page: 1, per_page: 100, order_by: 'desc' } as const;
// A stock row's lots with goods, earliest expiry first (an item has a handful of lots at one place).
const lotsOfStock = { page: 1, per_page: 100, order_by: 'asc' } as const;

const columns: readonly Column[] = [
  ...itemAtLocation,
  ...heldQuantities,
  { field: 'average_unit_cost', label: 'Average Cost', kind: 'money', cost: true },
  {
    field: 'value',
    label: 'Value',
    kind: 'money',
    cost: true,
    value: (row) => row.value ?? (row.quantity_on_hand === null ? hiddenDuringCount : null),
  },
];

export const stocks = defineResource({
  key: 'stocks',
  title: 'item_name',
  filters: [filter.relation('item_id', 'Item', 'items'), filter.location('', 'Location')],
  columns,
  viewFields: [...columns, { field: 'reorder_level', label: 'Reorder Level', kind: 'quantity' }, lastUpdated],
  formFields: [],
  importing: { label: 'Opening Stock', permission: 'create-receive-orders' },
  load: async () => {
    const [api, lotsApi] = await Promise.all([
      import('../../../generated/hooks/stocks/stocks.ts'),
      import('../../../generated/hooks/stock-lots/stock-lots.ts'),
    ]);
    return {
      ...standardOperations({ one: 'Stock', many: 'Stocks' }, api),
      importCsv: (csv, dryRun) =>
        api.importOpeningStock({ dry_run: dryRun ? 1 : 0 }, { data: csv, headers: { 'Content-Type': 'text/csv' } }),
      related: [
        {
          caption: 'Movements',
          columns: [
            { field: 'occurred_at', label: 'When', kind: 'timestamp' },
            { field: 'document_number', label: 'Document' },
            { field: 'document_type', label: 'Type', kind: 'label' },
            { field: 'reason', label: 'Reason', kind: 'label' },
            { field: 'balance', label: 'Balance', kind: 'label' },
            { field: 'quantity_delta', label: 'Change', kind: 'quantity' },
            { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
            { field: 'value', label: 'Value', kind: 'money', cost: true },
          ],
          queryKey: (id) => api.getListStockMovementsQueryKey(id, latestMovements),
          load: async (id, signal) => {
            const page = await api.listStockMovements(id, latestMovements, undefined, signal);
            return page.data.map((movement) => ({ ...movement }));
          },
        },
        {
          caption: 'Lots',
          columns: [
            { field: 'lot_number', label: 'Lot Number' },
            { field: 'expires_on', label: 'Expiry', kind: 'date' },
            onHand,
            { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
          ],
          queryKey: (id) => lotsApi.getListStockLotsQueryKey({ ...lotsOfStock, stock_id: id }),
          load: async (id, signal) => {
            const page = await lotsApi.listStockLots({ ...lotsOfStock, stock_id: id }, undefined, signal);
            return page.data
              .filter((lot) => lot.quantity_on_hand !== 0 || lot.quantity_in_transit > 0)
              .sort((a, b) => (a.expires_on < b.expires_on ? -1 : a.expires_on > b.expires_on ? 1 : 0))
              .map((lot) => ({ ...lot }));
          },
        },
      ],
    };
  },
});
