import * as contract from '../../../generated/zod/item-types/item-types.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { presentNamed } from '../../engine/named-records.ts';
import type { Resource } from '../../engine/resource.ts';

export const itemTypesResource: Resource<'item_types'> = {
  prefix: 'item-types',
  singular: 'item type',
  table: 'item_types',
  scope: 'business',
  schemas: contractSchemas(contract, 'ItemType', 'ItemTypes'),
  searchColumns: ['name', 'description'],
  unique: ['name'],
  present: async (_ctx, rows) => {
    const named = await presentNamed(rows);
    return named.map((record, index) => ({ ...record, optical_kind: rows[index]?.optical_kind ?? null }));
  },
};
