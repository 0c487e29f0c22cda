import type { z } from 'zod';
import {
  CreateBillPaymentBody,
  ListBillPaymentsQueryParams,
  SearchBillPaymentsQueryParams,
} from '../../generated/zod/bill-payments/bill-payments.zod.ts';
import { createBillPayment, postBillPayment } from '../documents/bill-payments.ts';
import { centavosToPesos } from '../domain/money.ts';
import { checkFigures, documentLifecycle, postingContextOf } from './document-support.ts';
import { auditColumns } from './engine/dynamic.ts';
import { nameOf, namesById } from './engine/lookups.ts';
import type { Resource } from './engine/resource.ts';

type Create = z.output<typeof CreateBillPaymentBody>;

export const billPaymentsResource: Resource<'bill_payments', Create> = {
  prefix: 'bill-payments',
  singular: 'bill payment',
  table: 'bill_payments',
  scope: 'business',
  actions: ['view', 'create', 'delete', 'restore', 'force-delete'],
  schemas: { list: ListBillPaymentsQueryParams, search: SearchBillPaymentsQueryParams, create: CreateBillPaymentBody },
  searchColumns: ['number', 'reference', 'notes'],
  toColumns(input) {
    checkFigures(input, ['amount'], []);
    return {};
  },
  async create(ctx, input) {
    return createBillPayment(postingContextOf(ctx), input);
  },
  ...documentLifecycle('bill_payments', postBillPayment),
  async present(ctx, rows) {
    const bills = await ctx.db
      .selectFrom('bills')
      .select(['id', 'number', 'contact_id'])
      .where('id', 'in', [...rows.map((row) => row.bill_id), 0])
      .execute();
    const billOf = new Map(bills.map((bill) => [bill.id, bill]));
    const contacts = await namesById(
      ctx.db,
      'contacts',
      bills.map((bill) => bill.contact_id),
    );
    return rows.map((row) => {
      const bill = billOf.get(row.bill_id);
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        bill_id: row.bill_id,
        payment_date: row.payment_date,
        amount: centavosToPesos(Number(row.amount)),
        payment_method: row.payment_method,
        reference: row.reference,
        notes: row.notes,
        number: row.number,
        bill_number: bill?.number ?? null,
        contact_id: bill?.contact_id ?? null,
        contact_name: nameOf(contacts, bill?.contact_id ?? null),
      };
    });
  },
};
