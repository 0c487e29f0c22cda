import {
  CreateMeasuringMassBody,
  ListMeasuringMassesQueryParams,
  SearchMeasuringMassesQueryParams,
  UpdateMeasuringMassBody,
} from '../../../generated/zod/measuring-masses/measuring-masses.zod.ts';
import { presentNamed } from '../../engine/named-records.ts';
import type { Resource } from '../../engine/resource.ts';

export const measuringMassesResource: Resource<'measuring_masses'> = {
  prefix: 'measuring-masses',
  singular: 'measuring mass',
  table: 'measuring_masses',
  scope: 'business',
  schemas: {
    list: ListMeasuringMassesQueryParams,
    search: SearchMeasuringMassesQueryParams,
    create: CreateMeasuringMassBody,
    update: UpdateMeasuringMassBody,
  },
  searchColumns: ['name', 'description'],
  unique: ['name'],
  present: (_ctx, rows) => presentNamed(rows),
};
