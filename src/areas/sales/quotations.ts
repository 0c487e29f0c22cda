import { customers } from '../../resources/picker-searches.ts';
import { defineResource } from '../../resources/resource.ts';
import {
  dateRangeFilters,
  locationFilter,
  recordTimestamps,
  relationFilter,
  saleFigures,
  saleLineDiscount,
} from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const quotations = defineResource({
  key: 'quotations',
  title: 'number',
  columns: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'quotation_date', label: 'Date', kind: 'date' },
    { field: 'total', label: 'Total', kind: 'money' },
  ],
  viewFields: [
    { field: 'number', label: 'Number' },
    { field: 'reference_number', label: 'Reference' },
    { field: 'contact_name', label: 'Customer' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'quotation_date', label: 'Date', kind: 'date' },
    { field: 'valid_until', label: 'Valid Until', kind: 'date' },
    ...saleFigures,
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'contact_id',
      label: 'Customer',
      kind: 'relation',
      resource: 'contacts',
      labelField: 'contact_name',
      required: true,
      search: customers,
      creates: 'customer',
    },
    {
      name: 'branch_id',
      label: 'Branch',
      kind: 'relation',
      resource: 'branches',
      labelField: 'branch_name',
      required: true,
    },
    { name: 'quotation_date', label: 'Quotation Date', kind: 'date', required: true, documentDate: 'any' },
    { name: 'valid_until', label: 'Valid Until', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    {
      name: 'lines',
      label: 'Lines',
      kind: 'lines',
      required: true,
      pricing: { side: 'sale', dateField: 'quotation_date' },
      columns: [
        { name: 'item_id', label: 'Item', kind: 'item', labelField: 'item_name', required: true },
        { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
        { name: 'unit_price', label: 'Unit Price', kind: 'money' },
        { name: 'discount_percent', label: 'Discount %', kind: 'percent' },
      ],
      viewColumns: [
        { field: 'item_name', label: 'Item' },
        { field: 'quantity', label: 'Quantity', kind: 'quantity' },
        { field: 'unit_price', label: 'Unit Price', kind: 'money' },
        saleLineDiscount,
        { field: 'amount', label: 'Amount', kind: 'money' },
      ],
    },
    { name: 'special_discount', label: 'Senior Citizen / PWD', kind: 'special-discount' },
  ],
  filters: [
    relationFilter('contact_id', 'Customer', 'contacts', customers),
    locationFilter('', 'Branch'),
    ...dateRangeFilters('quotation_date', 'Quotation date'),
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  print: {
    dateField: 'quotation_date',
    parties: [
      { field: 'contact_name', label: 'Customer' },
      { field: 'branch_name', label: 'Branch' },
      { field: 'valid_until', label: 'Valid until', kind: 'date' },
    ],
    columns: [
      { field: 'item_code', label: 'Code' },
      { field: 'item_name', label: 'Item' },
      { field: 'quantity', label: 'Quantity', kind: 'quantity' },
      { field: 'unit_price', label: 'Unit Price', kind: 'money' },
      { field: 'discount_percent', label: 'Discount', kind: 'percent' },
      { field: 'amount', label: 'Amount', kind: 'money' },
    ],
    totals: true,
    signatures: ['Prepared by', 'Accepted by'],
  },
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/quotations/quotations.ts'),
      import('../../../generated/zod/quotations/quotations.zod.ts'),
    ]);
    return standardOperations({ one: 'Quotation', many: 'Quotations' }, api, schemas);
  },
});
