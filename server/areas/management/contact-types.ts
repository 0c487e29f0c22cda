import * as contract from '../../../generated/zod/contact-types/contact-types.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';

export const contactTypesResource: Resource<'contact_types'> = {
  prefix: 'contact-types',
  singular: 'contact type',
  table: 'contact_types',
  scope: 'business',
  schemas: contractSchemas(contract, 'ContactType', 'ContactTypes'),
  searchColumns: ['name'],
  unique: ['name'],
  async present(_ctx, rows) {
    return rows.map((row) => ({ ...auditColumns(row), business_id: row.business_id, name: row.name }));
  },
};
