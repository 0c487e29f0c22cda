import * as column from '../../resources/document-columns.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { member, memberNumber, payer } from './benefit-columns.ts';

const loaNumber: Column = { field: 'number', label: 'LOA No.' };
const validUntil: Column = column.date('valid_until', 'Valid Until');
const invoice: Column = { field: 'invoice_number', label: 'Invoice' };

// A letter of authorization (docs/domain/eye-care.md, LOAs): one invoice of the member uses it.
export const loas = defineResource({
  key: 'loas',
  title: 'number',
  columns: [loaNumber, member, payer, column.money('approved_amount', 'Approved'), validUntil, column.status, invoice],
  viewFields: [
    loaNumber,
    { field: 'control_number', label: 'Control No.' },
    member,
    payer,
    memberNumber,
    column.money('approved_amount', 'Approved Amount'),
    validUntil,
    column.status,
    invoice,
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
