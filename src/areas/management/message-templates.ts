import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// A business's wording of each kind of text (docs/domain/management.md, Texts to customers); a purpose without one
// is texted in the default wording.
const purposes = [
  { value: 'ready', label: 'Order ready' },
  { value: 'pickup_reminder', label: 'Pickup reminder' },
  { value: 'recall', label: 'Exam recall' },
];
const purposeLabel = (row: Record<string, unknown>) =>
  purposes.find((purpose) => purpose.value === row.purpose)?.label ?? row.purpose;

export const messageTemplates = defineResource({
  key: 'message-templates',
  title: 'purpose',
  columns: [
    { field: 'purpose', label: 'Purpose', value: purposeLabel },
    { field: 'body', label: 'Text' },
  ],
  viewFields: [
    { field: 'purpose', label: 'Purpose', value: purposeLabel },
    { field: 'body', label: 'Text' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'purpose', label: 'Purpose', kind: 'select', options: purposes, required: true },
    {
      name: 'body',
      label: 'Text ({customer}, {shop}, {branch}, {job_number} and {balance} are filled in)',
      kind: 'textarea',
      required: true,
    },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/message-templates/message-templates.ts');
    const schemas = () => import('../../../generated/zod/message-templates/message-templates.zod.ts');
    return standardOperations({ one: 'MessageTemplate', many: 'MessageTemplates' }, api, schemas);
  },
});
