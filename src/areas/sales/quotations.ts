import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import { pricedPrint } from '../../resources/document-print.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { customers } from '../../resources/picker-searches.ts';
import { defineResource, readField } from '../../resources/resource.ts';
import { recordTimestamps, saleFigures, saleLineDiscount } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { specialDiscount } from './sale-fields.ts';

export const quotations = defineResource({
  key: 'quotations',
  title: 'number',
  columns: [...column.saleHead('quotation_date'), column.total],
  viewFields: [
    ...column.saleHead('quotation_date'),
    column.date('valid_until', 'Valid Until'),
    { field: 'invoice_number', label: 'Invoice', link: { resource: 'invoices', idField: 'invoice_id' } },
    ...saleFigures,
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Customer', customers, 'customer'),
    field.branch,
    field.documentDate('quotation_date', 'Quotation Date'),
    field.date('valid_until', 'Valid Until'),
    field.notes,
    field.lines(
      [documentLine.item, ...documentLine.pricedFields('sale')],
      [
        ...documentLine.itemColumns,
        documentLine.priceColumn('sale'),
        saleLineDiscount,
        documentLine.amountColumn('sale'),
      ],
      { side: 'sale', dateField: 'quotation_date' },
    ),
    specialDiscount,
  ],
  filters: [
    filter.relation('contact_id', 'Customer', 'contacts', customers),
    filter.location('', 'Branch'),
    ...filter.dateRange('quotation_date', 'Quotation date'),
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  // docs/domain/eye-care.md, Quotation to invoice: an accepted quotation becomes its invoice, once.
  followUps: [
    {
      resource: 'invoices',
      label: 'Create Invoice',
      segment: 'from-quotation',
      applies: (quotation) => readField(quotation, 'invoice_id') === null && !quotation.deleted_at,
    },
  ],
  print: pricedPrint('sale', {
    dateField: 'quotation_date',
    parties: [column.party('Customer'), column.branch, column.date('valid_until', 'Valid until')],
    signatures: ['Prepared by', 'Accepted by'],
  }),
  load: async () => {
    const api = await import('../../../generated/hooks/quotations/quotations.ts');
    const schemas = () => import('../../../generated/zod/quotations/quotations.zod.ts');
    return standardOperations({ one: 'Quotation', many: 'Quotations' }, api, schemas);
  },
});
