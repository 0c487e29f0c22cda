import { defineResource } from './resource.ts';

export const stocks = defineResource({
  key: 'stocks',
  singular: 'Stock',
  plural: 'Stocks',
  group: 'inventory',
  linked: true,
  screens: 'read-only',
  title: 'item_name',
  columns: [
    { field: 'item_code', label: 'Code' },
    { field: 'item_name', label: 'Item' },
    { field: 'location_name', label: 'Location' },
    { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
    { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
    { field: 'average_unit_cost', label: 'Average Cost', kind: 'money' },
    { field: 'value', label: 'Value', kind: 'money' },
  ],
  viewFields: [
    { field: 'item_code', label: 'Code' },
    { field: 'item_name', label: 'Item' },
    { field: 'location_name', label: 'Location' },
    { field: 'quantity_on_hand', label: 'On Hand', kind: 'quantity' },
    { field: 'quantity_in_transit', label: 'In Transit', kind: 'quantity' },
    { field: 'average_unit_cost', label: 'Average Cost', kind: 'money' },
    { field: 'value', label: 'Value', kind: 'money' },
    { field: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
    { field: 'updated_at', label: 'Updated', kind: 'timestamp' },
  ],
  formFields: [],
  load: async () => {
    const api = await import('../../generated/hooks/stocks/stocks.ts');
    return {
      list: api.listStocks,
      listKey: api.getListStocksQueryKey,
      get: api.getStock,
      detailKey: api.getGetStockQueryKey,
      search: api.searchStocks,
    };
  },
});
