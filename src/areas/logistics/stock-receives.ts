import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import * as field from '../../resources/form-fields.ts';
import { arrivalLinesOf, receiptLotColumns, receiptLotFields } from '../../resources/lot-lines.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { fromToColumns } from '../../resources/stock-route.ts';
import * as arrival from '../../resources/transfer-arrivals.ts';

const receivedDateColumn = column.date('received_date', 'Received Date');

export const stockReceives = defineResource({
  key: 'stock-receives',
  title: 'number',
  columns: [column.number, arrival.transferColumn, ...fromToColumns, receivedDateColumn],
  viewFields: [
    column.number,
    arrival.transferColumn,
    ...fromToColumns,
    receivedDateColumn,
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    ...arrival.formFields('received_date', 'Received Date'),
    field.lines(
      [
        ...arrival.lineFields(...receiptLotFields),
        { name: 'damaged_quantity', label: 'Damaged', kind: 'quantity' },
        { name: 'damage_reason', label: 'Damage Reason', kind: 'text' },
      ],
      [
        ...documentLine.itemColumns,
        ...receiptLotColumns,
        { field: 'damaged_quantity', label: 'Damaged', kind: 'quantity' },
        { field: 'damage_reason', label: 'Damage Reason' },
      ],
    ),
  ],
  filters: arrival.filters('received_date', 'Received'),
  ...arrival.fromTransfer,
  load: async () => {
    const api = await import('../../../generated/hooks/stock-receives/stock-receives.ts');
    const schemas = () => import('../../../generated/zod/stock-receives/stock-receives.zod.ts');
    return {
      ...standardOperations({ one: 'StockReceive', many: 'StockReceives' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'stock-transfers'),
      prefill: arrival.prefill(arrivalLinesOf),
    };
  },
});
