import { defineResource } from './resource.ts';
import { recordTimestamps } from './shared-declarations.ts';

// DOMAIN.md section 7: how the VAT-inclusive price is taxed.
const taxClassOptions = [
  { value: 'vatable', label: 'VATable' },
  { value: 'vat_exempt', label: 'VAT-exempt' },
  { value: 'zero_rated', label: 'Zero-rated' },
];

export const items = defineResource({
  key: 'items',
  singular: 'Item',
  plural: 'Items',
  group: 'inventory',
  linked: true,
  screens: 'full',
  title: 'name',
  columns: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'brand_name', label: 'Brand' },
    { field: 'item_type_name', label: 'Type' },
    { field: 'unit_of_measurement_name', label: 'Unit' },
    { field: 'tax_class', label: 'Tax Class', kind: 'label' },
  ],
  viewFields: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'brand_name', label: 'Brand' },
    { field: 'item_type_name', label: 'Type' },
    { field: 'unit_of_measurement_name', label: 'Unit' },
    { field: 'barcode', label: 'Barcode' },
    { field: 'item_classification_name', label: 'Classification' },
    { field: 'description', label: 'Description' },
    { field: 'is_inventory_tracked', label: 'Inventory Tracked', kind: 'boolean' },
    { field: 'tax_class', label: 'Tax Class', kind: 'label' },
    { field: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
    { field: 'purchase_discounts', label: 'Purchase Discounts', kind: 'discounts' },
    { field: 'sale_discounts', label: 'Sale Discounts', kind: 'discounts' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    { name: 'barcode', label: 'Barcode', kind: 'text' },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'brand_id', label: 'Brand', kind: 'relation', resource: 'brands', labelField: 'brand_name' },
    {
      name: 'item_type_id',
      label: 'Item Type',
      kind: 'relation',
      resource: 'item-types',
      labelField: 'item_type_name',
      required: true,
    },
    {
      name: 'item_classification_id',
      label: 'Item Classification',
      kind: 'relation',
      resource: 'item-classifications',
      labelField: 'item_classification_name',
    },
    {
      name: 'unit_of_measurement_id',
      label: 'Unit of Measurement',
      kind: 'relation',
      resource: 'unit-of-measurements',
      labelField: 'unit_of_measurement_name',
      required: true,
    },
    { name: 'is_inventory_tracked', label: 'Inventory Tracked', kind: 'checkbox' },
    { name: 'tax_class', label: 'Tax Class', kind: 'select', options: taxClassOptions, defaultValue: 'vatable' },
    { name: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
    { name: 'purchase_discounts', label: 'Purchase Discounts', kind: 'discounts' },
    { name: 'sale_discounts', label: 'Sale Discounts', kind: 'discounts' },
  ],
  createParam: 'id',
  importing: { label: 'Items', permission: 'create-items' },
  printsLabels: true,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../generated/hooks/items/items.ts'),
      import('../../generated/zod/items/items.zod.ts'),
    ]);
    return {
      importCsv: (csv, dryRun) =>
        api.importItems({ dry_run: dryRun ? 1 : 0 }, { data: csv, headers: { 'Content-Type': 'text/csv' } }),
      list: api.listItems,
      listKey: api.getListItemsQueryKey,
      get: api.getItem,
      detailKey: api.getGetItemQueryKey,
      history: api.getItemHistory,
      historyKey: api.getGetItemHistoryQueryKey,
      search: api.searchItems,
      create: api.createItem,
      update: api.updateItem,
      remove: api.deleteItem,
      restore: api.restoreItem,
      forceDelete: api.forceDeleteItem,
      createSchema: schemas.CreateItemBody,
      updateSchema: schemas.UpdateItemBody,
      prefill: async (id) => {
        // A copy starts from the item's details; its code and barcode must be new.
        const item = await api.getItem(id);
        return { ...item, code: '', barcode: null };
      },
    };
  },
});
