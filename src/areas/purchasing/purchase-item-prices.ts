import { suppliers } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const purchaseItemPrices = defineResource({
  key: 'purchase-item-prices',
  title: 'item_name',
  columns: [
    { field: 'item_name', label: 'Item' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
    { field: 'effective_date', label: 'Effective', kind: 'date' },
  ],
  viewFields: [
    { field: 'item_name', label: 'Item' },
    { field: 'contact_name', label: 'Supplier' },
    { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
    { field: 'effective_date', label: 'Effective', kind: 'date' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'item_id', label: 'Item', kind: 'relation', resource: 'items', labelField: 'item_name', required: true },
    {
      name: 'contact_id',
      label: 'Supplier',
      kind: 'relation',
      resource: 'contacts',
      labelField: 'contact_name',
      required: true,
      search: suppliers,
    },
    { name: 'unit_cost', label: 'Unit Cost', kind: 'money', required: true },
    { name: 'effective_date', label: 'Effective Date', kind: 'date', required: true },
  ],
  filters: [
    relationFilter('item_id', 'Item', 'items'),
    relationFilter('contact_id', 'Supplier', 'contacts', suppliers),
    ...dateRangeFilters('effective_date', 'Effective'),
  ],
  importing: { label: 'Purchase Item Prices', permission: 'create-purchase-item-prices' },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/purchase-item-prices/purchase-item-prices.ts'),
      import('../../../generated/zod/purchase-item-prices/purchase-item-prices.zod.ts'),
    ]);
    return {
      ...standardOperations({ one: 'PurchaseItemPrice', many: 'PurchaseItemPrices' }, api, schemas),
      importCsv: (csv, dryRun) =>
        api.importPurchaseItemPrices(
          { dry_run: dryRun ? 1 : 0 },
          { data: csv, headers: { 'Content-Type': 'text/csv' } },
        ),
    };
  },
});
