import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const branches = defineResource({
  key: 'branches',
  title: 'name',
  columns: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
  ],
  viewFields: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'address', label: 'Address' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/branches/branches.ts'),
      import('../../../generated/zod/branches/branches.zod.ts'),
    ]);
    return standardOperations({ one: 'Branch', many: 'Branches' }, api, schemas);
  },
});
