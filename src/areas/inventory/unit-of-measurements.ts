import * as filter from '../../resources/filters.ts';
import { screensOf } from '../../resources/record-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const unitOfMeasurements = defineResource({
  key: 'unit-of-measurements',
  title: 'name',
  filters: [filter.relation('measuring_mass_id', 'Measuring Mass', 'measuring-masses')],
  ...screensOf('unit-of-measurements'),
  load: async () => {
    const api = await import('../../../generated/hooks/unit-of-measurements/unit-of-measurements.ts');
    const schemas = () => import('../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts');
    return standardOperations({ one: 'UnitOfMeasurement', many: 'UnitOfMeasurements' }, api, schemas);
  },
});
