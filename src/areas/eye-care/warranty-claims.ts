import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { optionsOf } from '../../resources/options.ts';
import { defineResource, type Option } from '../../resources/resource.ts';
import { costs, recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const resolutions: readonly Option[] = optionsOf({
  replace: 'Replace',
  repair: 'Repair',
  refund: 'Refund',
  denied: 'Denied',
});

// docs/domain/eye-care.md, Warranties: a sold item brought back; a replacement leaves stock at cost as warranty cost.
export const warrantyClaims = defineResource({
  key: 'warranty-claims',
  title: 'number',
  columns: [
    column.number,
    column.party('Customer'),
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'item_name', label: 'Item' },
    column.date('claim_date', 'Claimed'),
    { field: 'resolution', label: 'Resolution', kind: 'label' },
    { field: 'within_warranty', label: 'Within Warranty', kind: 'boolean' },
    ...costs([column.money('cost', 'Warranty Cost')]),
  ],
  viewFields: [
    column.number,
    column.party('Customer'),
    column.branch,
    { field: 'invoice_number', label: 'Invoice' },
    { field: 'item_name', label: 'Item' },
    column.date('warranty_until', 'Warranty Until'),
    column.date('claim_date', 'Claim Date'),
    { field: 'issue', label: 'Issue' },
    { field: 'resolution', label: 'Resolution', kind: 'label' },
    { field: 'replacement_item_name', label: 'Replacement' },
    { field: 'lot_number', label: 'Lot' },
    { field: 'quantity', label: 'Quantity', kind: 'quantity' },
    { field: 'within_warranty', label: 'Within Warranty', kind: 'boolean' },
    ...costs([column.money('cost', 'Warranty Cost')]),
    column.notes,
    ...recordTimestamps,
  ],
  formFields: [
    // Chosen in the panel above: customer, invoice, then the item with its warranty.
    { name: 'invoice_line_id', label: 'Item', kind: 'hidden', required: true },
    field.documentDate('claim_date', 'Claim Date'),
    { name: 'issue', label: 'Issue', kind: 'textarea', required: true },
    { name: 'resolution', label: 'Resolution', kind: 'select', options: resolutions },
    field.relation('replacement_item_id', 'Replacement Item', 'items', 'replacement_item_name'),
    { name: 'lot_number', label: 'Replacement Lot', kind: 'text' },
    { name: 'quantity', label: 'Quantity', kind: 'quantity' },
    field.notes,
  ],
  filters: [
    filter.relation('contact_id', 'Customer', 'contacts'),
    filter.location('', 'Branch'),
    { name: 'resolution', label: 'Resolution', kind: 'select', options: resolutions },
    ...filter.dateRange('claim_date', 'Claimed'),
  ],
  idempotentCreate: true,
  formPanel: async () => (await import('./warranty-claim-line-picker.tsx')).WarrantyClaimLinePicker,
  load: async () => {
    const api = await import('../../../generated/hooks/warranty-claims/warranty-claims.ts');
    const schemas = () => import('../../../generated/zod/warranty-claims/warranty-claims.zod.ts');
    return standardOperations({ one: 'WarrantyClaim', many: 'WarrantyClaims' }, api, schemas);
  },
});
