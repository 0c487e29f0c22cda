import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { refundMethodOptions } from '../../resources/options.ts';
import { customers } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import { customerAndBranchOf } from '../../resources/same-customer.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// Deposits (docs/domain/sales.md, Deposits): money taken before the sale, owed to the customer until applied.
const method = { field: 'payment_method', label: 'Method', kind: 'payment-method' } as const;
const jobOrderColumn = { field: 'job_order_number', label: 'Job Order' };

export const acknowledgmentReceipts = defineResource({
  key: 'acknowledgment-receipts',
  title: 'number',
  columns: [
    column.number,
    column.party('Customer'),
    column.branch,
    column.date('receipt_date', 'Date'),
    method,
    column.money('amount', 'Amount'),
    column.balance,
  ],
  viewFields: [
    column.number,
    column.party('Customer'),
    column.branch,
    column.date('receipt_date', 'Date'),
    jobOrderColumn,
    method,
    { field: 'reference', label: 'Reference' },
    column.money('amount', 'Amount'),
    column.money('applied_amount', 'Applied'),
    column.money('refunded_amount', 'Refunded'),
    column.money('forfeited_amount', 'Forfeited'),
    column.balance,
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Customer', customers),
    field.branch,
    field.saleTerminal(),
    field.documentDate('receipt_date', 'Receipt Date', 'sales'),
    field.relation('job_order_id', 'Job Order', 'job-orders', 'job_order_number'),
    { name: 'amount', label: 'Amount', kind: 'money', required: true },
    {
      name: 'payment_method',
      label: 'Payment Method',
      kind: 'select',
      options: refundMethodOptions,
      required: true,
      defaultValue: 'cash',
    },
    { name: 'reference', label: 'Reference', kind: 'text' },
    field.notes,
  ],
  filters: [
    filter.relation('contact_id', 'Customer', 'contacts', customers),
    filter.relation('job_order_id', 'Job Order', 'job-orders'),
    filter.location('', 'Branch'),
    ...filter.dateRange('receipt_date', 'Receipt date'),
  ],
  nestedTables: [
    {
      caption: 'Refunds',
      field: 'refunds',
      columns: [
        { field: 'refund_date', label: 'Date', kind: 'date' },
        method,
        { field: 'amount', label: 'Amount', kind: 'money' },
        { field: 'reason', label: 'Reason' },
        { field: 'created_by_name', label: 'By' },
      ],
    },
  ],
  prefillRoutes: [{ segment: 'from-job-order', param: 'job_order_id' }],
  idempotentCreate: true,
  print: {
    dateField: 'receipt_date',
    parties: [column.party('Received from'), column.branch, jobOrderColumn, method],
    columns: [],
    totals: true,
    totalRows: [column.money('amount', 'Amount Received')],
    signatures: ['Received by'],
    registered: { notice: 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX' },
  },
  load: async () => {
    const api = await import('../../../generated/hooks/acknowledgment-receipts/acknowledgment-receipts.ts');
    const schemas = () => import('../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts');
    return {
      ...standardOperations({ one: 'AcknowledgmentReceipt', many: 'AcknowledgmentReceipts' }, api, schemas),
      // Take Deposit on a job order: the order's patient, branch and what its total still needs.
      prefillFrom: {
        'from-job-order': async (id) => {
          const { getJobOrder } = await import('../../../generated/hooks/job-orders/job-orders.ts');
          const order = await getJobOrder(id);
          const held = order.acknowledgment_receipts.reduce((sum, receipt) => sum + receipt.balance, 0);
          return {
            ...customerAndBranchOf(order),
            job_order_id: order.id,
            job_order_number: order.number,
            amount: Math.max(0, Math.round((order.total / 2 - held) * 100) / 100),
          };
        },
      },
    };
  },
});
