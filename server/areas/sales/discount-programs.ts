import type { z } from 'zod';
import * as contract from '../../../generated/zod/discount-programs/discount-programs.zod.ts';
import { unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';

type Create = z.output<typeof contract.CreateDiscountProgramBody>;
type Update = z.output<typeof contract.UpdateDiscountProgramBody>;

function programColumns(input: Create | Update): Record<string, unknown> {
  const { item_type_ids: _itemTypes, vat_exempt, ...columns } = input;
  return vat_exempt === undefined ? columns : { ...columns, vat_exempt: vat_exempt ? 1 : 0 };
}

// The qualifying item types, each an active item type of this business, replace the program's list.
async function replaceItemTypes(ctx: ResourceContext, programId: number, itemTypeIds: readonly number[] | undefined) {
  if (itemTypeIds === undefined) return;
  const wanted = [...new Set(itemTypeIds)];
  const found = await ctx.db
    .selectFrom('item_types')
    .select('id')
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...wanted, 0])
    .execute();
  if (found.length !== wanted.length) throw unprocessable({ item_type_ids: ['Choose the item types from the list.'] });
  await ctx.db.deleteFrom('discount_program_item_types').where('discount_program_id', '=', programId).execute();
  if (wanted.length === 0) return;
  await ctx.db
    .insertInto('discount_program_item_types')
    .values(
      wanted.map((itemTypeId) => ({
        business_id: ctx.businessId ?? 0,
        discount_program_id: programId,
        item_type_id: itemTypeId,
      })),
    )
    .execute();
}

// Senior citizen and PWD discounts (docs/domain/sales.md, Senior citizen and PWD discounts): the percent, whether
// qualifying lines lose their VAT, and which item types qualify.
export const discountProgramsResource: Resource<'discount_programs', Create, Update> = {
  prefix: 'discount-programs',
  singular: 'discount program',
  table: 'discount_programs',
  scope: 'business',
  schemas: contractSchemas(contract, 'DiscountProgram', 'DiscountPrograms'),
  searchColumns: ['name'],
  unique: ['name'],
  toColumns: programColumns,
  async create(ctx, input) {
    const id = await insertRecord(ctx, discountProgramsResource, programColumns(input));
    await replaceItemTypes(ctx, id, input.item_type_ids);
    return id;
  },
  async update(ctx, existing, input) {
    await updateColumns(ctx, 'discount_programs', existing.id, programColumns(input));
    await replaceItemTypes(ctx, existing.id, input.item_type_ids);
  },
  async present(ctx, rows) {
    const links =
      rows.length === 0
        ? []
        : await ctx.db
            .selectFrom('discount_program_item_types')
            .innerJoin('item_types', 'item_types.id', 'discount_program_item_types.item_type_id')
            .select(['discount_program_item_types.discount_program_id', 'item_types.id', 'item_types.name'])
            .where(
              'discount_program_item_types.discount_program_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('item_types.name')
            .execute();
    return rows.map((row) => {
      const types = links.filter((link) => link.discount_program_id === row.id);
      return {
        ...auditColumns(row),
        business_id: row.business_id,
        name: row.name,
        percent: row.percent,
        vat_exempt: row.vat_exempt === 1,
        item_type_ids: types.map((type) => type.id),
        item_type_names: types.map((type) => type.name),
      };
    });
  },
};
