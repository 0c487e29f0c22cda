import { locationDeclaration } from '../../resources/location-records.ts';
import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const warehouses = defineResource({
  key: 'warehouses',
  ...locationDeclaration({ email: false }),
  load: async () => {
    const api = await import('../../../generated/hooks/warehouses/warehouses.ts');
    const schemas = () => import('../../../generated/zod/warehouses/warehouses.zod.ts');
    return standardOperations({ one: 'Warehouse', many: 'Warehouses' }, api, schemas);
  },
});
