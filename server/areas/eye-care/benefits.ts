import type { z } from 'zod';
import * as contract from '../../../generated/zod/benefits/benefits.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos, pesosToCentavos } from '../../domain/money.ts';
import { unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';
import { usedThisPlanYear } from './benefit-use.ts';

type Create = z.output<typeof contract.CreateBenefitBody>;
type Update = z.output<typeof contract.UpdateBenefitBody>;

function benefitColumns(input: Create | Update): Record<string, unknown> {
  const { annual_cap, item_type_ids, ...columns } = input;
  return {
    ...columns,
    ...(annual_cap === undefined ? {} : { annual_cap: pesosToCentavos(annual_cap) }),
    ...(item_type_ids === undefined ? {} : { item_type_ids: JSON.stringify([...new Set(item_type_ids)]) }),
  };
}

export function coveredItemTypes(stored: string): number[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
}

// The payer is a contact of the type Payer with its kind; the covered item types are this business's.
async function checkBenefit(ctx: ResourceContext, merged: Record<string, unknown>): Promise<void> {
  const businessId = ctx.businessId ?? 0;
  const payer = await ctx.db
    .selectFrom('contacts')
    .select('payer_kind')
    .where('business_id', '=', businessId)
    .where('id', '=', Number(merged.payer_id))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!payer?.payer_kind) {
    throw unprocessable({ payer_id: ['Choose a payer: a contact of the type Payer that is an HMO or PhilHealth.'] });
  }
  const wanted = coveredItemTypes(String(merged.item_type_ids ?? '[]'));
  if (wanted.length === 0) return;
  const found = await ctx.db
    .selectFrom('item_types')
    .select('id')
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', wanted)
    .execute();
  if (found.length !== wanted.length) throw unprocessable({ item_type_ids: ['Choose the item types from the list.'] });
}

// A member's benefit with a payer (docs/domain/eye-care.md, Benefits): its cap per plan year, covered item types and
// copay; read with what its payer took this plan year and what is left.
export const benefitsResource: Resource<'benefits', Create, Update> = {
  prefix: 'benefits',
  singular: 'benefit',
  table: 'benefits',
  scope: 'business',
  schemas: contractSchemas(contract, 'Benefit', 'Benefits'),
  searchColumns: ['member_number', 'plan_name'],
  references: { contact_id: 'contacts', payer_id: 'contacts' },
  toColumns: benefitColumns,
  check: checkBenefit,
  async present(ctx, rows) {
    const contacts =
      rows.length === 0
        ? []
        : await ctx.db
            .selectFrom('contacts')
            .select(['id', 'name', 'payer_kind'])
            .where('id', 'in', [...new Set(rows.flatMap((row) => [row.contact_id, row.payer_id]))])
            .execute();
    const contactOf = (id: number) => contacts.find((contact) => contact.id === id);
    const used = await usedThisPlanYear(ctx.db, ctx.businessId ?? 0, rows, businessDate(new Date(ctx.now)));
    return rows.map((row) => {
      const taken = used.get(row.id) ?? 0;
      return {
        ...auditColumns(row),
        ...storedFields(row, [
          'business_id',
          'contact_id',
          'payer_id',
          'member_number',
          'plan_name',
          'plan_year_start',
          'valid_until',
        ]),
        contact_name: contactOf(row.contact_id)?.name ?? null,
        payer_name: contactOf(row.payer_id)?.name ?? null,
        payer_kind: contactOf(row.payer_id)?.payer_kind ?? null,
        annual_cap: centavosToPesos(Number(row.annual_cap)),
        item_type_ids: coveredItemTypes(row.item_type_ids),
        copay_percent: row.copay_percent === null ? null : Number(row.copay_percent),
        used: centavosToPesos(taken),
        remaining: centavosToPesos(Math.max(0, Number(row.annual_cap) - taken)),
      };
    });
  },
};
