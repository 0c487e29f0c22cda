import type { z } from 'zod';
import {
  CreateBillPaymentBody,
  ListBillPaymentsQueryParams,
  SearchBillPaymentsQueryParams,
} from '../../../generated/zod/bill-payments/bill-payments.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { paidDocuments } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { whereItsBillIs } from '../../ledger/work-places.ts';
import { createBillPayment, postBillPayment } from './bill-payments-posting.ts';

type Create = z.output<typeof CreateBillPaymentBody>;

export const billPaymentsResource: Resource<'bill_payments', Create> = {
  prefix: 'bill-payments',
  singular: 'bill payment',
  table: 'bill_payments',
  scope: 'business',
  schemas: { list: ListBillPaymentsQueryParams, search: SearchBillPaymentsQueryParams, create: CreateBillPaymentBody },
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'payment_date', label: 'payment date' },
  costs: { fields: ['amount'] },
  workPlaces: whereItsBillIs,
  toColumns(input) {
    checkFigures(input, ['amount'], []);
    return {};
  },
  async create(ctx, input) {
    return createBillPayment(postingContextOf(ctx), input);
  },
  ...documentLifecycle('bill_payments', postBillPayment),
  async present(ctx, rows) {
    const paidOf = await paidDocuments(
      ctx.db,
      'bills',
      rows.map((row) => row.bill_id),
    );
    return rows.map((row) => {
      const paid = paidOf(row.bill_id);
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
        bill_number: paid.number,
        contact_id: paid.contact_id,
        contact_name: paid.contact_name,
      };
    });
  },
};
