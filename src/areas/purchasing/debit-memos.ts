import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { pricedPrint } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { memoFields, memoFilters } from '../../resources/memo-settlement.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { remaining } from '../../resources/remaining.ts';
import { defineResource, type Option } from '../../resources/resource.ts';
import { costs, recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const settlements: readonly Option[] = [
  { value: 'supplier_credit', label: 'Supplier credit' },
  { value: 'refund', label: 'Refund' },
];

const billColumn = { field: 'bill_number', label: 'Bill' };

// docs/domain/purchasing.md, Debit memos: goods back to a supplier, from a bill's view or on their own.
export const debitMemos = defineResource({
  key: 'debit-memos',
  title: 'number',
  columns: [
    column.number,
    column.party('Supplier'),
    billColumn,
    column.location,
    column.date('memo_date', 'Date'),
    column.reason,
    ...costs([column.total]),
  ],
  viewFields: [
    column.number,
    column.reference,
    column.party('Supplier'),
    billColumn,
    column.location,
    column.date('memo_date', 'Date'),
    column.reason,
    ...costs([
      column.total,
      column.money('applied_to_bill', 'Applied to Bill'),
      column.money('refund_amount', 'Refunded'),
    ]),
    { field: 'refund_method', label: 'Refund Method', kind: 'payment-method' },
    ...costs([column.money('supplier_credit_amount', 'Supplier Credit')]),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Supplier', suppliers),
    field.location,
    { name: 'bill_id', label: 'Bill', kind: 'relation', resource: 'bills', labelField: 'bill_number' },
    field.documentDate('memo_date', 'Memo Date'),
    ...memoFields(settlements),
    field.notes,
    field.lines(
      [
        { name: 'bill_line_id', label: 'Bill Line', kind: 'id' },
        documentLine.item,
        documentLine.quantity,
        documentLine.unitPrice('purchase'),
        { name: 'lot_number', label: 'Lot', kind: 'lot-number', onHand: true },
      ],
      [
        ...documentLine.itemColumns,
        { field: 'lot_number', label: 'Lot Number' },
        documentLine.priceColumn('purchase'),
        documentLine.amountColumn('purchase'),
        { field: 'return_stock', label: 'Returned', kind: 'boolean' },
      ],
    ),
  ],
  filters: memoFilters(
    filter.relation('contact_id', 'Supplier', 'contacts', suppliers),
    filter.relation('bill_id', 'Bill', 'bills'),
    'Location',
  ),
  createParam: 'bill_id',
  homeField: 'location',
  idempotentCreate: true,
  opensAfterCreate: true,
  print: pricedPrint('purchase', {
    dateField: 'memo_date',
    parties: [column.party('Supplier'), billColumn, column.location, column.reason],
    discounted: false,
    totalRows: [column.money('total', 'Total Debit')],
    signatures: ['Prepared by', 'Received by (supplier)'],
  }),
  load: async () => {
    const api = await import('../../../generated/hooks/debit-memos/debit-memos.ts');
    const schemas = () => import('../../../generated/zod/debit-memos/debit-memos.zod.ts');
    return {
      ...standardOperations({ one: 'DebitMemo', many: 'DebitMemos' }, api, schemas),
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'bills'),
      // A return against a bill starts with each line at what can go back: what is left to debit on it (billed less
      // earlier memos), at most what is on hand where it was received; a line with nothing left stays off.
      prefill: async (id) => {
        const [{ getBill }, { listStocks }] = await Promise.all([
          import('../../../generated/hooks/bills/bills.ts'),
          import('../../../generated/hooks/stocks/stocks.ts'),
        ]);
        const bill = await getBill(id);
        const earlier = await api.listDebitMemos({ bill_id: bill.id, per_page: 100 });
        const debited = new Map<number, number>();
        for (const line of earlier.data.flatMap((memo) => memo.lines)) {
          if (line.bill_line_id !== null) {
            debited.set(line.bill_line_id, (debited.get(line.bill_line_id) ?? 0) + line.quantity);
          }
        }
        const location =
          bill.branch_id !== null ? { branch_id: bill.branch_id } : { warehouse_id: bill.warehouse_id ?? 0 };
        const onHand = new Map(
          await Promise.all(
            [...new Set(bill.lines.map((line) => line.item_id))].map(async (itemId) => {
              const stocks = await listStocks({ item_id: itemId, ...location });
              return [itemId, stocks.data.reduce((sum, row) => sum + Number(row.quantity_on_hand ?? 0), 0)] as const;
            }),
          ),
        );
        const lines = bill.lines.flatMap((line) => {
          const left = remaining(line.quantity, debited.get(line.id) ?? 0);
          const here = onHand.get(line.item_id) ?? 0;
          const quantity = Math.min(left, here);
          onHand.set(line.item_id, remaining(here, quantity));
          return quantity > 0 ? [{ ...line, bill_line_id: line.id, quantity }] : [];
        });
        return {
          contact_id: bill.contact_id,
          contact_name: bill.contact_name,
          branch_id: bill.branch_id,
          warehouse_id: bill.warehouse_id,
          location_name: bill.location_name,
          bill_id: bill.id,
          bill_number: bill.number,
          reason: 'returned',
          lines,
        };
      },
    };
  },
});
