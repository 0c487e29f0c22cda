import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { pricedPrint } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { hasBalance, paymentsSection, refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { suppliers } from '../../resources/picker-searches.ts';
import { receivedUnbilledKey, remaining } from '../../resources/remaining.ts';
import { defineResource } from '../../resources/resource.ts';
import { costs, documentTotals, paidAndBalance, recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { revaluationSection } from './bill-revaluation.ts';
import { prefillFromOrder } from './order-follow-up.ts';

export const bills = defineResource({
  key: 'bills',
  title: 'number',
  columns: [
    column.number,
    { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
    column.party('Supplier'),
    column.date('bill_date', 'Bill Date'),
    ...costs([column.total, column.balance]),
    column.status,
  ],
  viewFields: [
    column.number,
    { field: 'purchase_order_number', label: 'Purchase Order' },
    { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
    column.party('Supplier'),
    column.location,
    column.date('bill_date', 'Bill Date'),
    column.date('due_date', 'Due Date'),
    column.status,
    ...costs([...documentTotals, column.money('debited_total', 'Debited'), ...paidAndBalance]),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.relation('purchase_order_id', 'Purchase Order', 'purchase-orders', 'purchase_order_number'),
    field.party('Supplier', suppliers, 'supplier'),
    field.location,
    field.documentDate('bill_date', 'Bill Date'),
    field.date('due_date', 'Due Date'),
    { name: 'supplier_invoice_number', label: 'Supplier Invoice Number', kind: 'text' },
    field.notes,
    field.lines(
      [
        { name: 'purchase_order_line_id', label: 'Order Line', kind: 'id' },
        documentLine.item,
        ...documentLine.pricedFields('purchase'),
      ],
      [
        ...documentLine.itemColumns,
        documentLine.priceColumn('purchase'),
        documentLine.discountColumn,
        documentLine.amountColumn('purchase'),
      ],
      { side: 'purchase', dateField: 'bill_date' },
    ),
  ],
  filters: [
    ...filter.owed('Has debit memos'),
    filter.relation('contact_id', 'Supplier', 'contacts', suppliers),
    filter.location('', 'Location'),
    ...filter.dateRange('bill_date', 'Bill date'),
    ...filter.dateRange('due_date', 'Due date'),
  ],
  createParam: 'purchase_order_id',
  homeField: 'location',
  idempotentCreate: true,
  opensAfterCreate: true,
  followUps: [
    { resource: 'bill-payments', label: 'Pay Bill', returnHere: true, applies: hasBalance },
    // docs/domain/purchasing.md, Debit memos: goods sent back against this bill.
    { resource: 'debit-memos', label: 'Return to Supplier', returnHere: true, applies: (bill) => !bill.deleted_at },
  ],
  print: pricedPrint('purchase', {
    dateField: 'bill_date',
    parties: [
      column.party('Supplier'),
      { field: 'supplier_invoice_number', label: 'Supplier Invoice' },
      column.location,
      column.date('due_date', 'Due'),
    ],
    signatures: ['Prepared by', 'Approved by'],
  }),
  load: async () => {
    const api = await import('../../../generated/hooks/bills/bills.ts');
    const schemas = () => import('../../../generated/zod/bills/bills.zod.ts');
    return {
      ...standardOperations({ one: 'Bill', many: 'Bills' }, api, schemas),
      related: [
        paymentsSection('bills', async (id, signal) => {
          const { listBillPayments } = await import('../../../generated/hooks/bill-payments/bill-payments.ts');
          return listBillPayments({ bill_id: id, per_page: 100 }, undefined, signal);
        }),
        revaluationSection(async (id, signal) => (await api.getBill(id, undefined, signal)).lines),
      ],
      // A bill charges for goods received (docs/domain/purchasing.md, Bills): each line starts at what its order line has
      // received and not yet billed, which the form keeps to warn when a line bills more.
      afterCreate: (queryClient) => refreshPaidDocuments(queryClient, 'purchase-orders'),
      prefill: prefillFromOrder(
        (line) => remaining(line.received_quantity, line.billed_quantity),
        (receivedUnbilled) => ({ [receivedUnbilledKey]: receivedUnbilled }),
      ),
    };
  },
});
