import * as contract from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { presentPayments } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { invoiceBranch, terminalOfFields } from '../../ledger/terminals.ts';
import { whereItsInvoiceIs } from '../../ledger/work-places.ts';
import { createInvoicePayment, postInvoicePayment, updateInvoicePayment } from './invoice-payments-posting.ts';

export const invoicePaymentsResource = documentResource({
  table: 'invoice_payments',
  schemas: contractSchemas(contract, 'InvoicePayment', 'InvoicePayments'),
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'payment_date', label: 'payment date', sales: true },
  workPlaces: whereItsInvoiceIs,
  terminal: (ctx, fields) => terminalOfFields(ctx, fields, (fields) => invoiceBranch(ctx, fields)),
  figures: { money: ['amount'], quantities: [] },
  create: createInvoicePayment,
  update: updateInvoicePayment,
  post: postInvoicePayment,
  present: async (ctx, rows) => {
    const presented = await presentPayments(ctx.db, 'invoice', rows);
    return presented.map((payment, index) => ({ ...payment, terminal_id: rows[index]?.terminal_id ?? null }));
  },
});
