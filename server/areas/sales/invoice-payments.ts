import * as contract from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
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
  async present(ctx, rows) {
    const receipts = await namesById(
      ctx.db,
      'acknowledgment_receipts',
      rows.map((row) => row.acknowledgment_receipt_id),
      'number',
    );
    const payments = await presentPayments(ctx.db, 'invoice', rows);
    return payments.map((payment, index) => {
      const receiptId = rows[index]?.acknowledgment_receipt_id ?? null;
      return {
        ...payment,
        acknowledgment_receipt_id: receiptId,
        acknowledgment_receipt_number: nameOf(receipts, receiptId),
        terminal_id: rows[index]?.terminal_id ?? null,
      };
    });
  },
});
