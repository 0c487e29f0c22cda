import * as contract from '../../../generated/zod/message-templates/message-templates.zod.ts';
import { fieldError } from '../../domain/refusal.ts';
import { templateRefusal } from '../../domain/text-templates.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { storedRecords } from '../../engine/record-fields.ts';

// A business's own wording of each kind of text, one per purpose (docs/domain/management.md, Texts to customers):
// only the placeholders a text may carry, so that no template can put a prescription or a health detail in one.
export const messageTemplatesResource = storedRecords({
  prefix: 'message-templates',
  singular: 'message template',
  table: 'message_templates',
  scope: 'business',
  schemas: contractSchemas(contract, 'MessageTemplate', 'MessageTemplates'),
  searchColumns: ['purpose', 'body'],
  unique: ['purpose'],
  async check(_ctx, merged) {
    const refusal = templateRefusal(String(merged.body ?? ''));
    if (refusal !== null) throw fieldError('body', refusal);
  },
});
