import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const columns: readonly Column[] = [
  { field: 'from_unit_of_measurement_name', label: 'From' },
  { field: 'to_unit_of_measurement_name', label: 'To' },
  { field: 'factor', label: 'Factor', kind: 'quantity' },
];

export const conversions = defineResource({
  key: 'conversions',
  title: 'from_unit_of_measurement_name',
  columns,
  viewFields: [...columns, ...recordTimestamps],
  formFields: [
    field.relation(
      'from_unit_of_measurement_id',
      'From Unit',
      'unit-of-measurements',
      'from_unit_of_measurement_name',
      { required: true },
    ),
    field.relation('to_unit_of_measurement_id', 'To Unit', 'unit-of-measurements', 'to_unit_of_measurement_name', {
      required: true,
    }),
    { name: 'factor', label: 'Factor (1 from = factor to)', kind: 'quantity', required: true },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/conversions/conversions.ts');
    const schemas = () => import('../../../generated/zod/conversions/conversions.zod.ts');
    return standardOperations({ one: 'Conversion', many: 'Conversions' }, api, schemas);
  },
});
