import {
  CreateUnitOfMeasurementBody,
  ListUnitOfMeasurementsQueryParams,
  SearchUnitOfMeasurementsQueryParams,
  UpdateUnitOfMeasurementBody,
} from '../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';

export const unitOfMeasurementsResource: Resource<'unit_of_measurements'> = {
  prefix: 'unit-of-measurements',
  singular: 'unit of measurement',
  table: 'unit_of_measurements',
  scope: 'business',
  schemas: {
    list: ListUnitOfMeasurementsQueryParams,
    search: SearchUnitOfMeasurementsQueryParams,
    create: CreateUnitOfMeasurementBody,
    update: UpdateUnitOfMeasurementBody,
  },
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
      business_id: row.business_id,
      name: row.name,
      abbreviation: row.abbreviation,
      measuring_mass_id: row.measuring_mass_id,
      measuring_mass_name: nameOf(masses, row.measuring_mass_id),
    }));
  },
};
