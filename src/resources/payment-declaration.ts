import * as column from './document-columns.ts';
import * as filter from './filters.ts';
import * as field from './form-fields.ts';
import { purchasePaymentMethodOptions, salesPaymentMethodOptions } from './options.ts';
import { documentsWithBalance } from './picker-searches.ts';
import type { Column, ResourceDeclaration } from './resource.ts';
import { recordTimestamps } from './shared-declarations.ts';

// An invoice payment and a bill payment are the same record on either side: they differ in the document they pay,
// what its party is called, the methods they take (each side's own credit), whether the date may be any day or a
// sales day, and whether the amount is a cost (a payable, shown with view-costs only).
const sides = {
  invoices: {
    field: 'invoice_id',
    numberField: 'invoice_number',
    label: 'Invoice',
    partyLabel: 'Customer',
    methods: salesPaymentMethodOptions,
    documentDate: 'sales',
    costs: false,
    takesCash: true,
  },
  bills: {
    field: 'bill_id',
    numberField: 'bill_number',
    label: 'Bill',
    partyLabel: 'Supplier',
    methods: purchasePaymentMethodOptions,
    documentDate: 'any',
    costs: true,
    takesCash: false,
  },
} as const;

type PaymentDeclaration = Pick<
  ResourceDeclaration,
  | 'title'
  | 'columns'
  | 'viewFields'
  | 'formFields'
  | 'filters'
  | 'createParam'
  | 'numbering'
  | 'pays'
  | 'idempotentCreate'
>;

// Everything of a payment's definition but its key and its calls; numbered at the location of the document it pays.
export function paymentDeclaration(paid: keyof typeof sides): PaymentDeclaration {
  const side = sides[paid];
  const columns: readonly Column[] = [
    column.number,
    { field: side.numberField, label: side.label },
    column.party('Contact'),
    { field: 'payment_date', label: 'Payment Date', kind: 'date' },
    { field: 'payment_method', label: 'Method', kind: 'payment-method' },
    { field: 'amount', label: 'Amount', kind: 'money', ...(side.costs ? { cost: true } : {}) },
  ];
  return {
    title: 'number',
    columns,
    viewFields: [...columns, { field: 'reference', label: 'Reference' }, column.notes, ...recordTimestamps],
    formFields: [
      {
        name: side.field,
        label: side.label,
        kind: 'relation',
        resource: paid,
        labelField: side.numberField,
        required: true,
        search: documentsWithBalance,
      },
      field.documentDate('payment_date', 'Payment Date', side.documentDate),
      // An invoice's payment is taken at a terminal of its branch (docs/domain/cash.md, Terminals); a bill's is not.
      ...(paid === 'invoices' ? [field.saleTerminal({ field: side.field, resource: paid })] : []),
      { name: 'amount', label: 'Amount', kind: 'money', required: true },
      {
        name: 'payment_method',
        label: 'Payment Method',
        kind: 'select',
        options: side.methods,
        required: true,
        defaultValue: 'cash',
      },
      { name: 'reference', label: 'Reference', kind: 'text' },
      field.notes,
    ],
    filters: [
      { name: 'payment_method', label: 'Payment Method', kind: 'select', options: side.methods },
      filter.relation(side.field, side.label, paid),
      ...filter.dateRange('payment_date', 'Payment date'),
    ],
    createParam: side.field,
    numbering: { locationOf: { field: side.field, resource: paid, prefix: '' } },
    pays: { field: side.field, resource: paid, partyLabel: side.partyLabel, takesCash: side.takesCash },
    idempotentCreate: true,
  };
}
