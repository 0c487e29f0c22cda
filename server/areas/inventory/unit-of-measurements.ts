import * as contract from '../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';

export const unitOfMeasurementsResource: Resource<'unit_of_measurements'> = {
  prefix: 'unit-of-measurements',
  singular: 'unit of measurement',
  table: 'unit_of_measurements',
  scope: 'business',
  schemas: contractSchemas(contract, 'UnitOfMeasurement', 'UnitOfMeasurements'),
  searchColumns: ['name', 'abbreviation'],
  unique: ['name'],
  references: { measuring_mass_id: 'measuring_masses' },
  async present(ctx, rows) {
    const masses = await namesById(
      ctx.db,
      'measuring_masses',
      rows.map((row) => row.measuring_mass_id),
    );
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'name', 'abbreviation', 'measuring_mass_id']),
      measuring_mass_name: nameOf(masses, row.measuring_mass_id),
    }));
  },
};
