import {
  CreateBranchBody,
  ListBranchesQueryParams,
  SearchBranchesQueryParams,
  UpdateBranchBody,
} from '../../../generated/zod/branches/branches.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';

export const branchesResource: Resource<'branches'> = {
  prefix: 'branches',
  singular: 'branch',
  table: 'branches',
  scope: 'business',
  schemas: {
    list: ListBranchesQueryParams,
    search: SearchBranchesQueryParams,
    create: CreateBranchBody,
    update: UpdateBranchBody,
  },
  searchColumns: ['code', 'name', 'address', 'phone', 'email'],
  conditions: { usable: usableLocations('branch') },
  unique: ['code'],
  async present(_ctx, rows) {
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      code: row.code,
      name: row.name,
      address: row.address,
      phone: row.phone,
      email: row.email,
    }));
  },
};
