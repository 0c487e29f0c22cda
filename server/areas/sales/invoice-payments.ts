import type { z } from 'zod';
import {
  CreateInvoicePaymentBody,
  ListInvoicePaymentsQueryParams,
  SearchInvoicePaymentsQueryParams,
  UpdateInvoicePaymentBody,
} from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { paidDocuments } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { whereItsInvoiceIs } from '../../ledger/work-places.ts';
import { createInvoicePayment, postInvoicePayment, updateInvoicePayment } from './invoice-payments-posting.ts';

type Create = z.output<typeof CreateInvoicePaymentBody>;
type Update = z.output<typeof UpdateInvoicePaymentBody>;

export const invoicePaymentsResource: Resource<'invoice_payments', Create, Update> = {
  prefix: 'invoice-payments',
  singular: 'invoice payment',
  table: 'invoice_payments',
  scope: 'business',
  schemas: {
    list: ListInvoicePaymentsQueryParams,
    search: SearchInvoicePaymentsQueryParams,
    create: CreateInvoicePaymentBody,
    update: UpdateInvoicePaymentBody,
  },
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'payment_date', label: 'payment date', sales: true },
  workPlaces: whereItsInvoiceIs,
  toColumns(input) {
    checkFigures(input, ['amount'], []);
    return {};
  },
  async create(ctx, input) {
    return createInvoicePayment(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updateInvoicePayment(postingContextOf(ctx), existing.id, input);
  },
  ...documentLifecycle('invoice_payments', postInvoicePayment),
  async present(ctx, rows) {
    const paidOf = await paidDocuments(
      ctx.db,
      'invoices',
      rows.map((row) => row.invoice_id),
    );
    return rows.map((row) => {
      const paid = paidOf(row.invoice_id);
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        invoice_id: row.invoice_id,
        payment_date: row.payment_date,
        amount: centavosToPesos(Number(row.amount)),
        payment_method: row.payment_method,
        reference: row.reference,
        notes: row.notes,
        number: row.number,
        invoice_number: paid.number,
        contact_id: paid.contact_id,
        contact_name: paid.contact_name,
      };
    });
  },
};
