import type { z } from 'zod';
import {
  CreateInvoicePaymentBody,
  ListInvoicePaymentsQueryParams,
  SearchInvoicePaymentsQueryParams,
  UpdateInvoicePaymentBody,
} from '../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { createInvoicePayment, postInvoicePayment, updateInvoicePayment } from '../documents/invoice-payments.ts';
import { centavosToPesos } from '../domain/money.ts';
import { checkFigures, documentLifecycle, postingContextOf } from './document-support.ts';
import { auditColumns } from './engine/dynamic.ts';
import { nameOf, namesById } from './engine/lookups.ts';
import type { Resource } from './engine/resource.ts';

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
    const invoices = await ctx.db
      .selectFrom('invoices')
      .select(['id', 'number', 'contact_id'])
      .where('id', 'in', [...rows.map((row) => row.invoice_id), 0])
      .execute();
    const invoiceOf = new Map(invoices.map((invoice) => [invoice.id, invoice]));
    const contacts = await namesById(
      ctx.db,
      'contacts',
      invoices.map((invoice) => invoice.contact_id),
    );
    return rows.map((row) => {
      const invoice = invoiceOf.get(row.invoice_id);
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
        invoice_number: invoice?.number ?? null,
        contact_id: invoice?.contact_id ?? null,
        contact_name: nameOf(contacts, invoice?.contact_id ?? null),
      };
    });
  },
};
