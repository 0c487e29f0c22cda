import { receiptLotFields, takenLotsColumn } from '../../resources/lot-lines.ts';
import { defineResource, type Option } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// docs/domain/logistics.md, Stock adjustments: why stock was found, lost or written off.
export const adjustmentReasons: readonly Option[] = [
  { value: 'damaged', label: 'Damaged' },
  { value: 'lost', label: 'Lost' },
  { value: 'found', label: 'Found' },
  { value: 'expired', label: 'Expired' },
  { value: 'internal_use', label: 'Internal use' },
  { value: 'count', label: 'Count' },
  { value: 'opening', label: 'Opening' },
  { value: 'other', label: 'Other' },
];

export const stockAdjustments = defineResource({
  key: 'stock-adjustments',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'location_name', label: 'Location' },
    { field: 'adjustment_date', label: 'Adjustment Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    { field: 'total_value', label: 'Value', kind: 'money', cost: true },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'location_name', label: 'Location' },
    { field: 'adjustment_date', label: 'Adjustment Date', kind: 'date' },
    { field: 'reason', label: 'Reason', kind: 'label' },
    { field: 'stock_count_number', label: 'Stock Count' },
    { field: 'total_value', label: 'Value', kind: 'money', cost: true },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'location', label: 'Location', kind: 'location', prefix: '', labelField: 'location_name', required: true },
    { name: 'adjustment_date', label: 'Adjustment Date', kind: 'date', required: true },
    { name: 'reason', label: 'Reason', kind: 'select', options: adjustmentReasons, required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      columns: [
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity_delta', label: 'Change (+/-)', kind: 'quantity', required: true },
        { name: 'unit_cost', label: 'Unit Cost', kind: 'money' },
        ...receiptLotFields,
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity_delta', label: 'Change', kind: 'quantity' },
        { field: 'lot_number', label: 'Lot Number' },
        takenLotsColumn,
        { field: 'unit_cost', label: 'Unit Cost', kind: 'money', cost: true },
        { field: 'value', label: 'Value', kind: 'money', cost: true },
      ],
    },
  ],
  filters: [
    { name: 'reason', label: 'Reason', kind: 'select', options: adjustmentReasons },
    relationFilter('item_id', 'Item', 'items'),
    locationFilter('', 'Location'),
    ...dateRangeFilters('adjustment_date', 'Adjustment date'),
  ],
  homeField: 'location',
  idempotentCreate: true,
  print: {
    dateField: 'adjustment_date',
    parties: [
      { field: 'location_name', label: 'Location' },
      { field: 'reason', label: 'Reason', kind: 'label' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity_delta', label: 'Change', kind: 'quantity' },
    ],
    totals: false,
    signatures: ['Prepared by', 'Approved by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/stock-adjustments/stock-adjustments.ts'),
      import('../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts'),
    ]);
    return standardOperations({ one: 'StockAdjustment', many: 'StockAdjustments' }, api, schemas);
  },
});
