import { defineResource } from './resource.ts';
import { recordTimestamps } from './shared-declarations.ts';

export const contacts = defineResource({
  key: 'contacts',
  singular: 'Contact',
  plural: 'Contacts',
  group: 'management',
  linked: true,
  screens: 'full',
  title: 'name',
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'company_name', label: 'Company' },
    { field: 'contact_type_name', label: 'Type' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'company_name', label: 'Company' },
    { field: 'contact_type_name', label: 'Type' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
    { field: 'address', label: 'Address' },
    { field: 'tin', label: 'TIN' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'contact_type_id',
      label: 'Contact Type',
      kind: 'relation',
      resource: 'contact-types',
      labelField: 'contact_type_name',
      required: true,
    },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'company_name', label: 'Company Name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'tin', label: 'TIN', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../generated/hooks/contacts/contacts.ts'),
      import('../../generated/zod/contacts/contacts.zod.ts'),
    ]);
    return {
      list: api.listContacts,
      listKey: api.getListContactsQueryKey,
      get: api.getContact,
      detailKey: api.getGetContactQueryKey,
      search: api.searchContacts,
      create: api.createContact,
      update: api.updateContact,
      remove: api.deleteContact,
      restore: api.restoreContact,
      forceDelete: api.forceDeleteContact,
      createSchema: schemas.CreateContactBody,
      updateSchema: schemas.UpdateContactBody,
    };
  },
});
