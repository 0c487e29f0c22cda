import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const contactTypes = defineResource({
  key: 'contact-types',
  title: 'name',
  columns: [{ field: 'name', label: 'Name' }],
  viewFields: [{ field: 'name', label: 'Name' }, ...recordTimestamps],
  formFields: [{ name: 'name', label: 'Name', kind: 'text', required: true }],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/contact-types/contact-types.ts'),
      import('../../../generated/zod/contact-types/contact-types.zod.ts'),
    ]);
    return standardOperations({ one: 'ContactType', many: 'ContactTypes' }, api, schemas);
  },
});
