import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { printedItemColumns } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { receiptLotFields, takenLotsColumn } from '../../resources/lot-lines.ts';
import { type Column, defineResource, type Option } from '../../resources/resource.ts';
import { costs, recordTimestamps } from '../../resources/shared-declarations.ts';
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

const adjustmentDateColumn = column.date('adjustment_date', 'Adjustment Date');
const valueColumn = column.money('total_value', 'Value');
const changeColumn: Column = { field: 'quantity_delta', label: 'Change', kind: 'quantity' };

export const stockAdjustments = defineResource({
  key: 'stock-adjustments',
  title: 'number',
  columns: [column.number, column.location, adjustmentDateColumn, column.reason, ...costs([valueColumn])],
  viewFields: [
    column.number,
    column.location,
    adjustmentDateColumn,
    column.reason,
    { field: 'stock_count_number', label: 'Stock Count' },
    ...costs([valueColumn]),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.location,
    { name: 'adjustment_date', label: 'Adjustment Date', kind: 'date', required: true },
    { name: 'reason', label: 'Reason', kind: 'select', options: adjustmentReasons, required: true },
    field.notes,
    field.lines(
      [
        documentLine.item,
        { name: 'quantity_delta', label: 'Change (+/-)', kind: 'quantity', required: true },
        documentLine.unitPrice('purchase'),
        ...receiptLotFields,
      ],
      [
        { field: 'item_name', label: 'Item' },
        changeColumn,
        { field: 'lot_number', label: 'Lot Number' },
        takenLotsColumn,
        documentLine.unitCostColumn,
        ...costs([column.money('value', 'Value')]),
      ],
    ),
  ],
  filters: [
    filter.reason(adjustmentReasons),
    filter.relation('item_id', 'Item', 'items'),
    filter.location('', 'Location'),
    ...filter.dateRange('adjustment_date', 'Adjustment date'),
  ],
  homeField: 'location',
  idempotentCreate: true,
  opensAfterCreate: true,
  print: {
    dateField: 'adjustment_date',
    parties: [column.location, column.reason],
    columns: [...printedItemColumns, changeColumn],
    totals: false,
    signatures: ['Prepared by', 'Approved by'],
  },
  load: async () => {
    const api = await import('../../../generated/hooks/stock-adjustments/stock-adjustments.ts');
    const schemas = () => import('../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts');
    return standardOperations({ one: 'StockAdjustment', many: 'StockAdjustments' }, api, schemas);
  },
});
