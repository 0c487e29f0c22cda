import * as field from '../../resources/form-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// A letter of authorization (docs/domain/eye-care.md, LOAs): one invoice of the member uses it.
export const loas = defineResource({
  key: 'loas',
  title: 'number',
  columns: [
    { field: 'number', label: 'LOA No.' },
    { field: 'contact_name', label: 'Member' },
    { field: 'payer_name', label: 'Payer' },
    { field: 'approved_amount', label: 'Approved', kind: 'money' },
    { field: 'valid_until', label: 'Valid Until', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'invoice_number', label: 'Invoice' },
  ],
  viewFields: [
    { field: 'number', label: 'LOA No.' },
    { field: 'control_number', label: 'Control No.' },
    { field: 'contact_name', label: 'Member' },
    { field: 'payer_name', label: 'Payer' },
    { field: 'member_number', label: 'Member No.' },
    { field: 'approved_amount', label: 'Approved Amount', kind: 'money' },
    { field: 'valid_until', label: 'Valid Until', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'invoice_number', label: 'Invoice' },
    ...recordTimestamps,
  ],
  formFields: [
    field.relation('benefit_id', 'Benefit', 'benefits', 'member_number', { required: true }),
    { name: 'number', label: 'LOA No.', kind: 'text', required: true },
    { name: 'control_number', label: 'Control No.', kind: 'text' },
    { name: 'valid_until', label: 'Valid Until', kind: 'date', required: true },
    { name: 'approved_amount', label: 'Approved Amount', kind: 'money', required: true },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/loas/loas.ts');
    const schemas = () => import('../../../generated/zod/loas/loas.zod.ts');
    return standardOperations({ one: 'Loa', many: 'Loas' }, api, schemas);
  },
});
