import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const warehouses = defineResource({
  key: 'warehouses',
  title: 'name',
  columns: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'phone', label: 'Phone' },
  ],
  viewFields: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
    { field: 'address', label: 'Address' },
    { field: 'phone', label: 'Phone' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'phone', label: 'Phone', kind: 'text' },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/warehouses/warehouses.ts'),
      import('../../../generated/zod/warehouses/warehouses.zod.ts'),
    ]);
    return standardOperations({ one: 'Warehouse', many: 'Warehouses' }, api, schemas);
  },
});
