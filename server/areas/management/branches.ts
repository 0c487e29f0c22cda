import * as contract from '../../../generated/zod/branches/branches.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';
import { locationColumns } from './location-columns.ts';

export const branchesResource: Resource<'branches'> = {
  prefix: 'branches',
  singular: 'branch',
  table: 'branches',
  scope: 'business',
  schemas: contractSchemas(contract, 'Branch', 'Branches'),
  searchColumns: ['code', 'name', 'address', 'phone', 'email'],
  conditions: { usable: usableLocations('branch') },
  unique: ['code'],
  async present(_ctx, rows) {
    return rows.map((row) => ({ ...locationColumns(row), email: row.email }));
  },
};
