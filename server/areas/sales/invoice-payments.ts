import * as contract from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { presentPayments } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { whereItsInvoiceIs } from '../../ledger/work-places.ts';
import { createInvoicePayment, postInvoicePayment, updateInvoicePayment } from './invoice-payments-posting.ts';

export const invoicePaymentsResource = documentResource({
  table: 'invoice_payments',
  schemas: contractSchemas(contract, 'InvoicePayment', 'InvoicePayments'),
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'payment_date', label: 'payment date', sales: true },
  workPlaces: whereItsInvoiceIs,
  figures: { money: ['amount'], quantities: [] },
  create: createInvoicePayment,
  update: updateInvoicePayment,
  post: postInvoicePayment,
  present: (ctx, rows) => presentPayments(ctx.db, 'invoice', rows),
});
