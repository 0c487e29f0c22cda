import * as contract from '../../../generated/zod/branches/branches.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { insertRecord } from '../../engine/mutations.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableLocations } from '../../engine/work-location.ts';
import { addTerminal } from '../../ledger/terminals.ts';
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
  // A branch sells from its first day, so it comes with its first terminal (docs/domain/cash.md, Terminals).
  async create(ctx, input) {
    const id = await insertRecord(ctx, branchesResource, input as Record<string, unknown>);
    await addTerminal(ctx.db, {
      business_id: ctx.businessId ?? 0,
      branch_id: id,
      name: 'Terminal 1',
      at: ctx.now,
      by: ctx.identity.userId,
    });
    return id;
  },
  // A branch deleted for good takes its terminals with it; one whose terminal issued anything is still refused, by the
  // documents that name that terminal (a 409).
  async forceDelete(ctx, existing) {
    await ctx.db
      .deleteFrom('terminals')
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('branch_id', '=', existing.id)
      .execute();
    await ctx.db.deleteFrom('branches').where('id', '=', existing.id).execute();
  },
  async present(_ctx, rows) {
    return rows.map((row) => ({ ...locationColumns(row), email: row.email }));
  },
};
