import * as field from '../../resources/form-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// A member's HMO or PhilHealth benefit (docs/domain/eye-care.md, Benefits): its cap per plan year and what is left.
export const benefits = defineResource({
  key: 'benefits',
  title: 'member_number',
  columns: [
    { field: 'contact_name', label: 'Member' },
    { field: 'payer_name', label: 'Payer' },
    { field: 'member_number', label: 'Member No.' },
    { field: 'plan_name', label: 'Plan' },
    { field: 'annual_cap', label: 'Annual Cap', kind: 'money' },
    { field: 'used', label: 'Used', kind: 'money' },
    { field: 'remaining', label: 'Remaining', kind: 'money' },
  ],
  viewFields: [
    { field: 'contact_name', label: 'Member' },
    { field: 'payer_name', label: 'Payer' },
    { field: 'member_number', label: 'Member No.' },
    { field: 'plan_name', label: 'Plan' },
    { field: 'plan_year_start', label: 'Plan Year Starts', kind: 'date' },
    { field: 'annual_cap', label: 'Annual Cap', kind: 'money' },
    { field: 'copay_percent', label: 'Copay', kind: 'percent' },
    { field: 'valid_until', label: 'Valid Until', kind: 'date' },
    { field: 'used', label: 'Used This Plan Year', kind: 'money' },
    { field: 'remaining', label: 'Remaining This Plan Year', kind: 'money' },
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Member'),
    field.relation('payer_id', 'Payer', 'contacts', 'payer_name', {
      required: true,
      search: { params: { role: 'payer' } },
    }),
    { name: 'member_number', label: 'Member No.', kind: 'text', required: true },
    { name: 'plan_name', label: 'Plan', kind: 'text' },
    { name: 'plan_year_start', label: 'Plan Year Starts', kind: 'date', required: true },
    { name: 'annual_cap', label: 'Annual Cap', kind: 'money', required: true },
    { name: 'item_type_ids', label: 'Covered Item Types (none: all)', kind: 'relations', resource: 'item-types' },
    { name: 'copay_percent', label: 'Copay Percent', kind: 'percent' },
    { name: 'valid_until', label: 'Valid Until', kind: 'date' },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/benefits/benefits.ts');
    const schemas = () => import('../../../generated/zod/benefits/benefits.zod.ts');
    return standardOperations({ one: 'Benefit', many: 'Benefits' }, api, schemas);
  },
});
