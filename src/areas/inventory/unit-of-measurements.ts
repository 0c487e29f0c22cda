import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

export const unitOfMeasurements = defineResource({
  key: 'unit-of-measurements',
  title: 'name',
  filters: [filter.relation('measuring_mass_id', 'Measuring Mass', 'measuring-masses')],
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
    field.relation('measuring_mass_id', 'Measuring Mass', 'measuring-masses', 'measuring_mass_name', {
      required: true,
    }),
  ],
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/unit-of-measurements/unit-of-measurements.ts'),
      import('../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts'),
    ]);
    return standardOperations({ one: 'UnitOfMeasurement', many: 'UnitOfMeasurements' }, api, schemas);
  },
});
