import * as column from '../../resources/document-columns.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { member, memberNumber, payer } from './benefit-columns.ts';

// The member, payer and plan, first on the list and on the view alike.
const holder: readonly Column[] = [member, payer, memberNumber, { field: 'plan_name', label: 'Plan' }];

// A member's HMO or PhilHealth benefit (docs/domain/eye-care.md, Benefits): its cap per plan year and what is left.
export const benefits = defineResource({
  key: 'benefits',
  title: 'member_number',
  columns: [
    ...holder,
    column.money('annual_cap', 'Annual Cap'),
    column.money('used', 'Used'),
    column.money('remaining', 'Remaining'),
  ],
  viewFields: [
    ...holder,
    column.date('plan_year_start', 'Plan Year Starts'),
    column.money('annual_cap', 'Annual Cap'),
    { field: 'copay_percent', label: 'Copay', kind: 'percent' },
    column.date('valid_until', 'Valid Until'),
    column.money('used', 'Used This Plan Year'),
    column.money('remaining', 'Remaining This Plan Year'),
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
