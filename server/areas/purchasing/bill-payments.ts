import * as contract from '../../../generated/zod/bill-payments/bill-payments.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { presentPayments } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { whereItsBillIs } from '../../ledger/work-places.ts';
import { createBillPayment, postBillPayment } from './bill-payments-posting.ts';

export const billPaymentsResource = documentResource({
  table: 'bill_payments',
  schemas: contractSchemas(contract, 'BillPayment', 'BillPayments'),
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'payment_date', label: 'payment date', withinWeek: true },
  costs: { fields: ['amount'] },
  workPlaces: whereItsBillIs,
  create: createBillPayment,
  post: postBillPayment,
  present: (ctx, rows) => presentPayments(ctx.db, 'bill', rows),
});
