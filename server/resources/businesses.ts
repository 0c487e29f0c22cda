import {
  CreateBusinessBody,
  ListBusinessesQueryParams,
  SearchBusinessesQueryParams,
  UpdateBusinessBody,
} from '../../generated/zod/businesses/businesses.zod.ts';
import { normalizeTin } from '../domain/vat.ts';
import { fieldError } from '../http/errors.ts';
import { auditColumns } from './engine/dynamic.ts';
import { insertRecord } from './engine/mutations.ts';
import type { Resource, Row } from './engine/resource.ts';

type BusinessInput = Record<string, unknown>;

// A business's or a contact's TIN is stored with its dashes; anything but a TIN is a 422 on `tin`, an empty one none.
export function withTin<T extends Record<string, unknown>>(input: T): T {
  if (typeof input.tin !== 'string') return input;
  if (input.tin.trim() === '') return { ...input, tin: null };
  const tin = normalizeTin(input.tin);
  if (tin === null) {
    throw fieldError('tin', 'The TIN is nine digits and a branch code of three or five, as 123-456-789-000.');
  }
  return { ...input, tin };
}

// The flag is stored 0/1 like every flag; the TIN with its dashes.
function businessColumns(input: BusinessInput): Record<string, unknown> {
  const { is_vat_registered, ...columns } = withTin(input);
  return is_vat_registered === undefined ? columns : { ...columns, is_vat_registered: is_vat_registered ? 1 : 0 };
}

export async function presentBusinesses(rows: Row<'businesses'>[]) {
  return rows.map((row) => ({
    ...auditColumns(row),
    name: row.name,
    trade_name: row.trade_name,
    tin: row.tin,
    address: row.address,
    phone: row.phone,
    email: row.email,
    registered_name: row.registered_name,
    is_vat_registered: row.is_vat_registered === 1,
    invoice_footer: row.invoice_footer,
  }));
}

// Businesses are global: a user sees those it is a member of (full access sees all), and its creator joins it.
export const businessesResource: Resource<'businesses', BusinessInput, BusinessInput> = {
  prefix: 'businesses',
  singular: 'business',
  table: 'businesses',
  scope: 'global',
  schemas: {
    list: ListBusinessesQueryParams,
    search: SearchBusinessesQueryParams,
    create: CreateBusinessBody,
    update: UpdateBusinessBody,
  },
  searchColumns: ['name', 'trade_name', 'tin', 'email'],
  toColumns: businessColumns,
  // Read from the database, not the request's identity, so that a business created in this transaction shows.
  async visibleIds(ctx) {
    if (ctx.identity.fullAccess) return null;
    const rows = await ctx.db
      .selectFrom('business_user')
      .select('business_id')
      .where('user_id', '=', ctx.identity.userId)
      .execute();
    return rows.map((row) => row.business_id);
  },
  async create(ctx, input) {
    const id = await insertRecord(ctx, businessesResource, businessColumns(input));
    await ctx.db.insertInto('business_user').values({ business_id: id, user_id: ctx.identity.userId }).execute();
    return id;
  },
  async forceDelete(ctx, existing) {
    await ctx.db.deleteFrom('business_user').where('business_id', '=', existing.id).execute();
    await ctx.db.deleteFrom('businesses').where('id', '=', existing.id).execute();
  },
  present: (_ctx, rows) => presentBusinesses(rows),
};
