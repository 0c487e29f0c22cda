import { locationDeclaration } from '../../resources/location-records.ts';
import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const branches = defineResource({
  key: 'branches',
  ...locationDeclaration({ email: true }),
  load: async () => {
    const api = await import('../../../generated/hooks/branches/branches.ts');
    const schemas = () => import('../../../generated/zod/branches/branches.zod.ts');
    return standardOperations({ one: 'Branch', many: 'Branches' }, api, schemas);
  },
});
