import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';

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
    return {
      list: api.listContactTypes,
      listKey: api.getListContactTypesQueryKey,
      get: api.getContactType,
      detailKey: api.getGetContactTypeQueryKey,
      history: api.getContactTypeHistory,
      historyKey: api.getGetContactTypeHistoryQueryKey,
      search: api.searchContactTypes,
      create: api.createContactType,
      update: api.updateContactType,
      remove: api.deleteContactType,
      restore: api.restoreContactType,
      forceDelete: api.forceDeleteContactType,
      createSchema: schemas.CreateContactTypeBody,
      updateSchema: schemas.UpdateContactTypeBody,
    };
  },
});
