import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const unitOfMeasurements = defineResource({
  key: 'unit-of-measurements',
  title: 'name',
  filters: [relationFilter('measuring_mass_id', 'Measuring Mass', 'measuring-masses')],
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'abbreviation', label: 'Abbreviation' },
    { field: 'measuring_mass_name', label: 'Measuring Mass' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'abbreviation', label: 'Abbreviation' },
    { field: 'measuring_mass_name', label: 'Measuring Mass' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'abbreviation', label: 'Abbreviation', kind: 'text', required: true },
    {
      name: 'measuring_mass_id',
      label: 'Measuring Mass',
      kind: 'relation',
      resource: 'measuring-masses',
      labelField: 'measuring_mass_name',
      required: true,
    },
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/unit-of-measurements/unit-of-measurements.ts'),
      import('../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts'),
    ]);
    return standardOperations({ one: 'UnitOfMeasurement', many: 'UnitOfMeasurements' }, api, schemas);
  },
});
