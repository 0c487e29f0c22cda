import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { printedItemColumns, printedQuantityColumn } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { memoFields, memoFilters } from '../../resources/memo-settlement.ts';
import { refreshPaidDocuments } from '../../resources/paid-documents.ts';
import { customers } from '../../resources/picker-searches.ts';
import { type Column, defineResource, type Option } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { useCreditLineAmounts } from './credit-memo-amounts.ts';
import { creditMemoLinesFrom } from './credit-memo-lines.ts';

const settlements: readonly Option[] = [
  { value: 'store_credit', label: 'Store credit' },
  { value: 'refund', label: 'Refund' },
];

const invoiceColumn: Column = { field: 'invoice_number', label: 'Invoice' };
const invoiceDateColumn: Column = column.date('invoice_date', 'Invoice Date');

const vatBreakdown = [
  { field: 'vatable_sales', label: 'VATable Sales', kind: 'money' },
  { field: 'vat_amount', label: 'VAT', kind: 'money' },
  { field: 'vat_exempt_sales', label: 'VAT-Exempt Sales', kind: 'money' },
  { field: 'zero_rated_sales', label: 'Zero-Rated Sales', kind: 'money' },
] as const;

export const creditMemos = defineResource({
  key: 'credit-memos',
  title: 'number',
  columns: [
    column.number,
    invoiceColumn,
    column.party('Customer'),
    column.branch,
    column.date('memo_date', 'Date'),
    column.reason,
    column.total,
  ],
  viewFields: [
    column.number,
    column.reference,
    invoiceColumn,
    invoiceDateColumn,
    column.party('Customer'),
    column.branch,
    column.date('memo_date', 'Date'),
    column.reason,
    ...vatBreakdown,
    column.total,
    column.money('applied_to_invoice', 'Applied to Invoice'),
    column.money('refund_amount', 'Refunded'),
    { field: 'refund_method', label: 'Refund Method', kind: 'payment-method' },
    { field: 'refund_reference', label: 'Refund Reference' },
    column.money('store_credit_amount', 'Store Credit'),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.relation('invoice_id', 'Invoice', 'invoices', 'invoice_number', { required: true }),
    field.saleTerminal({ field: 'invoice_id', resource: 'invoices' }),
    field.documentDate('memo_date', 'Memo Date', 'sales'),
    ...memoFields(settlements),
    field.notes,
    field.lines(
      [
        { name: 'invoice_line_id', label: 'Item', kind: 'id', required: true },
        { name: 'quantity', label: 'Quantity Returned', kind: 'quantity' },
        { name: 'amount', label: 'Or Amount', kind: 'money' },
        { name: 'restock', label: 'Restock', kind: 'checkbox' },
      ],
      [
        ...documentLine.itemColumns,
        documentLine.amountColumn('sale'),
        column.money('vat_amount', 'VAT'),
        documentLine.taxClassColumn,
        { field: 'restock', label: 'Restocked', kind: 'boolean' },
        documentLine.unitCostColumn,
      ],
      undefined,
      useCreditLineAmounts,
    ),
  ],
  filters: memoFilters(
    filter.relation('contact_id', 'Customer', 'contacts', customers),
    filter.relation('invoice_id', 'Invoice', 'invoices'),
    'Branch',
  ),
  createParam: 'invoice_id',
  formSummary: async () => (await import('./credit-memo-settlement-panel.tsx')).CreditMemoSettlementPanel,
  prefillRoutes: [{ segment: 'exchange', param: 'invoice_id' }],
  // Numbered at its invoice's branch (docs/domain/sales.md, Credit memos).
  numbering: { locationOf: { field: 'invoice_id', resource: 'invoices', prefix: '' } },
  idempotentCreate: true,
  print: {
    dateField: 'memo_date',
    parties: [
      { field: 'invoice_number', label: 'Original Invoice' },
      invoiceDateColumn,
      column.party('Customer'),
      column.branch,
      column.reason,
    ],
    columns: [
      ...printedItemColumns,
      printedQuantityColumn,
      documentLine.taxClassColumn,
      documentLine.amountColumn('sale'),
    ],
    totals: true,
    totalRows: [...vatBreakdown, column.money('total', 'Total Credit')],
    signatures: ['Issued by', 'Received by'],
    registered: {},
  },
  load: async () => {
    const api = await import('../../../generated/hooks/credit-memos/credit-memos.ts');
    const schemas = () => import('../../../generated/zod/credit-memos/credit-memos.zod.ts');
    return {
      ...standardOperations({ one: 'CreditMemo', many: 'CreditMemos' }, api, schemas),
      // A memo changes its invoice (credited, balance, status) and the customer's store credit.
      afterCreate: async (queryClient) => {
        await refreshPaidDocuments(queryClient, 'invoices');
        await queryClient.invalidateQueries({ queryKey: ['/api/contacts'] });
      },
      prefill: creditMemoLinesFrom,
      prefillFrom: { exchange: (id) => creditMemoLinesFrom(id, 'exchange') },
      // An exchange goes on to the new invoice of the same customer, which the memo's store credit then pays.
      nextAfterCreate: (saved, segment) =>
        segment === 'exchange' ? `/invoices/create/from-credit-memo/${saved.id}` : null,
    };
  },
});
