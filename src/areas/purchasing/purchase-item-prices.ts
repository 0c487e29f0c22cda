import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
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
    field.party('Supplier', suppliers),
    { name: 'unit_cost', label: 'Unit Cost', kind: 'money', required: true },
    { name: 'effective_date', label: 'Effective Date', kind: 'date', required: true },
  ],
  filters: [
    filter.relation('item_id', 'Item', 'items'),
    filter.relation('contact_id', 'Supplier', 'contacts', suppliers),
    ...filter.dateRange('effective_date', 'Effective'),
  ],
  importing: { label: 'Purchase Item Prices', permission: 'create-purchase-item-prices' },
  load: async () => {
    const api = await import('../../../generated/hooks/purchase-item-prices/purchase-item-prices.ts');
    const schemas = () => import('../../../generated/zod/purchase-item-prices/purchase-item-prices.zod.ts');
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
