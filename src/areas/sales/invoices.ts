import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { pricedPrint } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { issueLotField, takenLotsColumn } from '../../resources/lot-lines.ts';
import { hasBalance, paymentsSection } from '../../resources/paid-documents.ts';
import { customers, openQuotations } from '../../resources/picker-searches.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import { customerAndBranchOf } from '../../resources/same-customer.ts';
import {
  paidAndBalance,
  recordTimestamps,
  saleFigures,
  saleLineDiscount,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { loa, specialDiscount } from './sale-fields.ts';

function hasAnythingToCredit(invoice: ResourceRecord): boolean {
  const lines = readField(invoice, 'lines');
  return (
    !invoice.deleted_at &&
    Array.isArray(lines) &&
    lines.some(
      (line: { amount?: number; credited_amount?: number }) => (line.amount ?? 0) > (line.credited_amount ?? 0),
    )
  );
}

export const invoices = defineResource({
  key: 'invoices',
  title: 'number',
  columns: [...column.saleHead('invoice_date'), column.total, column.balance, column.status],
  viewFields: [
    ...column.saleHead('invoice_date'),
    column.date('due_date', 'Due Date'),
    { field: 'quotation_number', label: 'Quotation', link: { resource: 'quotations', idField: 'quotation_id' } },
    { field: 'job_order_number', label: 'Job Order', link: { resource: 'job-orders', idField: 'job_order_id' } },
    column.status,
    ...saleFigures,
    column.money('credited_total', 'Credited'),
    { field: 'payer_name', label: 'Payer', link: { resource: 'contacts', idField: 'payer_id' } },
    column.money('payer_share', 'Payer Share'),
    column.money('member_share', 'Member Share'),
    ...paidAndBalance,
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Customer', customers, 'customer'),
    field.branch,
    field.saleTerminal(),
    field.documentDate('invoice_date', 'Invoice Date', 'sales'),
    field.date('due_date', 'Due Date'),
    // The chosen customer's quotations still open to invoice; picking one fills the form from it.
    field.relation('quotation_id', 'Quotation', 'quotations', 'quotation_number', { search: openQuotations }),
    field.notes,
    { name: 'job_order_id', label: 'Job Order', kind: 'hidden' },
    field.lines(
      [documentLine.item, ...documentLine.pricedFields('sale'), issueLotField],
      [
        ...documentLine.itemColumns,
        takenLotsColumn,
        documentLine.priceColumn('sale'),
        saleLineDiscount,
        documentLine.amountColumn('sale'),
        documentLine.taxClassColumn,
        { field: 'credited_quantity', label: 'Returned', kind: 'quantity' },
        // docs/domain/eye-care.md, Warranties: stamped when the invoice posts.
        { field: 'warranty_until', label: 'Warranty Until', kind: 'date' },
      ],
      { side: 'sale', dateField: 'invoice_date' },
    ),
    specialDiscount,
    loa,
  ],
  filters: [
    ...filter.owed('Has credit memos'),
    filter.relation('contact_id', 'Customer', 'contacts', customers),
    filter.location('', 'Branch'),
    ...filter.dateRange('invoice_date', 'Invoice date'),
    ...filter.dateRange('due_date', 'Due date'),
  ],
  prefillRoutes: [
    { segment: 'from-job-order', param: 'job_order_id' },
    { segment: 'from-quotation', param: 'quotation_id' },
    { segment: 'from-credit-memo', param: 'credit_memo_id' },
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  opensAfterCreate: true,
  // An invoice with an LOA is voided and entered again, so that its split is made once.
  editable: (invoice) => readField(invoice, 'status') === 'unpaid' && readField(invoice, 'loa_id') == null,
  followUps: [
    { resource: 'invoice-payments', label: 'Record Payment', returnHere: true, applies: hasBalance },
    // docs/domain/sales.md, Credit memos: a return or an exchange starts from the invoice, while it has anything left.
    {
      resource: 'credit-memos',
      label: 'Return / Credit',
      returnHere: true,
      applies: hasAnythingToCredit,
    },
    // docs/domain/sales.md, Exchange: what comes back and what goes out, on one screen posted in one call.
    {
      resource: 'credit-memos',
      label: 'Exchange',
      path: (invoice) => `/invoices/${String(invoice.id)}/exchange`,
      applies: hasAnythingToCredit,
    },
  ],
  print: pricedPrint('sale', {
    dateField: 'invoice_date',
    parties: [column.party('Customer'), column.branch, column.date('due_date', 'Due')],
    salesInvoice: true,
    signatures: ['Issued by', 'Received by'],
  }),
  load: async () => {
    const api = await import('../../../generated/hooks/invoices/invoices.ts');
    const schemas = () => import('../../../generated/zod/invoices/invoices.zod.ts');
    return {
      ...standardOperations({ one: 'Invoice', many: 'Invoices' }, api, schemas),
      related: [
        paymentsSection('invoices', async (id, signal) => {
          const { listInvoicePayments } = await import('../../../generated/hooks/invoice-payments/invoice-payments.ts');
          return listInvoicePayments({ invoice_id: id, per_page: 100 }, undefined, signal);
        }),
        // Its standing credit memos (docs/domain/sales.md, Credit memos): the invoice stays as printed, they refer to it.
        {
          caption: 'Credit Memos',
          columns: [
            { field: 'number', label: 'Number', href: (row) => `/credit-memos/${String(row.id)}` },
            { field: 'memo_date', label: 'Date', kind: 'date' },
            { field: 'reason', label: 'Reason', kind: 'label' },
            { field: 'total', label: 'Amount', kind: 'money' },
          ],
          queryKey: (id) => ['invoices', id, 'credit-memos'],
          load: async (id, signal) => {
            const { listCreditMemos } = await import('../../../generated/hooks/credit-memos/credit-memos.ts');
            const page = await listCreditMemos({ invoice_id: id, per_page: 100 }, undefined, signal);
            return page.data.map((memo) => ({ ...memo }));
          },
        },
      ],
      // The new invoice of an exchange (docs/domain/sales.md, Credit memos): the memo's customer and branch; once saved,
      // its first payment is the customer's store credit.
      nextAfterCreate: (saved, segment) =>
        segment === 'from-credit-memo'
          ? `/invoice-payments/create/store-credit/${saved.id}?redirect_to=invoices.view&id=${saved.id}`
          : null,
      prefillFrom: {
        'from-credit-memo': async (id) => {
          const { getCreditMemo } = await import('../../../generated/hooks/credit-memos/credit-memos.ts');
          const memo = await getCreditMemo(id);
          return {
            ...customerAndBranchOf(memo),
            notes: `Exchange for ${memo.number}`,
          };
        },
        // docs/domain/eye-care.md, Quotation to invoice: the quotation's customer, branch, lines and special discount.
        'from-quotation': async (id) => {
          const { getQuotation } = await import('../../../generated/hooks/quotations/quotations.ts');
          const quotation = await getQuotation(id);
          return {
            ...customerAndBranchOf(quotation),
            quotation_id: quotation.id,
            quotation_number: quotation.number,
            special_discount: quotation.special_discount,
            lines: quotation.lines.map((line) => ({ ...line })),
          };
        },
        // The patient's eyewear order, billed line for line (docs/domain/eye-care.md, Eyewear job orders).
        'from-job-order': async (id) => {
          const { getJobOrder } = await import('../../../generated/hooks/job-orders/job-orders.ts');
          const order = await getJobOrder(id);
          return {
            ...customerAndBranchOf(order),
            job_order_id: order.id,
            notes: `Job order ${order.number}`,
            special_discount: order.special_discount,
            lines: order.lines.map((line) => ({ ...line })),
          };
        },
      },
    };
  },
});
