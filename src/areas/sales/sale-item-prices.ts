import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// A price without a branch holds at every branch, and says so.
const everyBranch = {
  field: 'branch_name',
  label: 'Branch',
  value: (row: Record<string, unknown>) => (typeof row.branch_name === 'string' ? row.branch_name : 'All branches'),
};

export const saleItemPrices = defineResource({
  key: 'sale-item-prices',
  title: 'item_name',
  columns: [
    { field: 'item_name', label: 'Item' },
    everyBranch,
    { field: 'unit_price', label: 'Unit Price', kind: 'money' },
    { field: 'effective_date', label: 'Effective', kind: 'date' },
  ],
  viewFields: [
    { field: 'item_name', label: 'Item' },
    everyBranch,
    { field: 'unit_price', label: 'Unit Price', kind: 'money' },
    { field: 'effective_date', label: 'Effective', kind: 'date' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'item_id', label: 'Item', kind: 'relation', resource: 'items', labelField: 'item_name', required: true },
    field.relation('branch_id', 'Branch (empty for every branch)', 'branches', 'branch_name'),
    { name: 'unit_price', label: 'Unit Price', kind: 'money', required: true },
    { name: 'effective_date', label: 'Effective Date', kind: 'date', required: true },
  ],
  filters: [
    filter.relation('item_id', 'Item', 'items'),
    filter.location('', 'Branch'),
    ...filter.dateRange('effective_date', 'Effective'),
  ],
  importing: { label: 'Sale Item Prices', permission: 'create-sale-item-prices' },
  load: async () => {
    const api = await import('../../../generated/hooks/sale-item-prices/sale-item-prices.ts');
    const schemas = () => import('../../../generated/zod/sale-item-prices/sale-item-prices.zod.ts');
    return {
      ...standardOperations({ one: 'SaleItemPrice', many: 'SaleItemPrices' }, api, schemas),
      importCsv: (csv, dryRun) =>
        api.importSaleItemPrices({ dry_run: dryRun ? 1 : 0 }, { data: csv, headers: { 'Content-Type': 'text/csv' } }),
    };
  },
});
