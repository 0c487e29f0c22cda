import { defineNamedRecords } from '../../resources/named-records.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const measuringMasses = defineNamedRecords({
  key: 'measuring-masses',
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/measuring-masses/measuring-masses.ts'),
      import('../../../generated/zod/measuring-masses/measuring-masses.zod.ts'),
    ]);
    return standardOperations({ one: 'MeasuringMass', many: 'MeasuringMasses' }, api, schemas);
  },
});
