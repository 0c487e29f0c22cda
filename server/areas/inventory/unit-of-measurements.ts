import * as contract from '../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { storedRecords } from '../../engine/record-fields.ts';

export const unitOfMeasurementsResource = storedRecords({
  prefix: 'unit-of-measurements',
  singular: 'unit of measurement',
  table: 'unit_of_measurements',
  scope: 'business',
  schemas: contractSchemas(contract, 'UnitOfMeasurement', 'UnitOfMeasurements'),
  searchColumns: ['name', 'abbreviation'],
  unique: ['name'],
  references: { measuring_mass_id: 'measuring_masses' },
});
