import type { z } from 'zod';
import * as contract from '../../../generated/zod/warranty-terms/warranty-terms.zod.ts';
import type { WarrantyCover } from '../../db/migrations/025-049/046_warranties.ts';
import { unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { namesById } from '../../engine/lookups.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';

type Create = z.output<typeof contract.CreateWarrantyTermBody>;
type Update = z.output<typeof contract.UpdateWarrantyTermBody>;

export const idList = (stored: string): number[] => JSON.parse(stored) as number[];
export const coverList = (stored: string): WarrantyCover[] => JSON.parse(stored) as WarrantyCover[];

// The lists are kept as JSON arrays (migration 046); a term with no types or brands covers them all.
function termColumns(input: Create | Update): Record<string, unknown> {
  const { covers, item_type_ids, brand_ids, ...columns } = input;
  return {
    ...columns,
    ...(covers === undefined ? {} : { covers: JSON.stringify([...new Set(covers)]) }),
    ...(item_type_ids === undefined ? {} : { item_type_ids: JSON.stringify([...new Set(item_type_ids)]) }),
    ...(brand_ids === undefined ? {} : { brand_ids: JSON.stringify([...new Set(brand_ids)]) }),
  };
}

// Each id an active record of this business, or a 422 naming the list.
async function checkChoices(ctx: ResourceContext, input: Create | Update): Promise<void> {
  for (const [field, table] of [
    ['item_type_ids', 'item_types'],
    ['brand_ids', 'brands'],
  ] as const) {
    const wanted = [...new Set(input[field] ?? [])];
    if (wanted.length === 0) continue;
    const found = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('deleted_at', 'is', null)
      .where('id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) {
      throw unprocessable({ [field]: [`Choose the ${table === 'brands' ? 'brands' : 'item types'} from the list.`] });
    }
  }
}

// Warranty terms (docs/domain/eye-care.md, Warranties): how many months the shop warrants what it covers, for items of
// the named types and brands.
export const warrantyTermsResource: Resource<'warranty_terms', Create, Update> = {
  prefix: 'warranty-terms',
  singular: 'warranty term',
  table: 'warranty_terms',
  scope: 'business',
  schemas: contractSchemas(contract, 'WarrantyTerm', 'WarrantyTerms'),
  searchColumns: ['name', 'description'],
  unique: ['name'],
  toColumns: termColumns,
  async create(ctx, input) {
    await checkChoices(ctx, input);
    return insertRecord(ctx, warrantyTermsResource, {
      covers: '[]',
      item_type_ids: '[]',
      brand_ids: '[]',
      ...termColumns(input),
    });
  },
  async update(ctx, existing, input) {
    await checkChoices(ctx, input);
    await updateColumns(ctx, 'warranty_terms', existing.id, termColumns(input));
  },
  async present(ctx, rows) {
    const types = await namesById(
      ctx.db,
      'item_types',
      rows.flatMap((row) => idList(row.item_type_ids)),
    );
    const brands = await namesById(
      ctx.db,
      'brands',
      rows.flatMap((row) => idList(row.brand_ids)),
    );
    return rows.map((row) => {
      const typeIds = idList(row.item_type_ids);
      const brandIds = idList(row.brand_ids);
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        name: row.name,
        months: Number(row.months),
        covers: coverList(row.covers),
        item_type_ids: typeIds,
        item_type_names: typeIds.map((id) => types.get(id) ?? ''),
        brand_ids: brandIds,
        brand_names: brandIds.map((id) => brands.get(id) ?? ''),
        description: row.description,
      };
    });
  },
};
