import type { z } from 'zod';
import * as contract from '../../../generated/zod/conversions/conversions.zod.ts';
import { dialectOf } from '../../db/dialect.ts';
import { hasAtMostDecimals } from '../../domain/money.ts';
import { fieldError } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';
import { containsTextIndexed } from '../../engine/search/search-index.ts';

type ConversionInput = z.output<typeof contract.CreateConversionBody> | z.output<typeof contract.UpdateConversionBody>;

const millionths = 1_000_000;

// 1 from-unit = factor to-units, between two units of one measuring mass; the inverse is derived, not stored.
export const conversionsResource: Resource<'conversions', ConversionInput, ConversionInput> = {
  prefix: 'conversions',
  singular: 'conversion',
  table: 'conversions',
  scope: 'business',
  schemas: contractSchemas(contract, 'Conversion', 'Conversions'),
  searchColumns: [],
  references: {
    from_unit_of_measurement_id: 'unit_of_measurements',
    to_unit_of_measurement_id: 'unit_of_measurements',
  },
  filters: {
    async search(text, ctx) {
      const rows = await ctx.db
        .selectFrom('conversions')
        .innerJoin('unit_of_measurements as unit', (join) =>
          join.on((eb) =>
            eb.or([
              eb('unit.id', '=', eb.ref('conversions.from_unit_of_measurement_id')),
              eb('unit.id', '=', eb.ref('conversions.to_unit_of_measurement_id')),
            ]),
          ),
        )
        .select('conversions.id')
        .where('conversions.business_id', '=', ctx.businessId ?? 0)
        .where(
          containsTextIndexed(
            dialectOf(ctx.db),
            [{ table: 'unit_of_measurements', id: 'unit.id' }],
            ['unit.name', 'unit.abbreviation'],
            String(text),
          ),
        )
        .execute();
      return rows.map((row) => row.id);
    },
  },
  toColumns(input) {
    const { factor, ...rest } = input;
    if (factor === undefined) return rest;
    if (!hasAtMostDecimals(factor, 6)) throw fieldError('factor', 'The factor may have at most 6 decimals.');
    return { ...rest, factor_millionths: Math.round(factor * millionths) };
  },
  async check(ctx, merged, existing) {
    const from = Number(merged.from_unit_of_measurement_id);
    const to = Number(merged.to_unit_of_measurement_id);
    if (from === to) throw fieldError('to_unit_of_measurement_id', 'Choose a unit other than the from unit.');
    const units = await ctx.db
      .selectFrom('unit_of_measurements')
      .select('measuring_mass_id')
      .where('id', 'in', [from, to])
      .execute();
    if (new Set(units.map((unit) => unit.measuring_mass_id)).size !== 1) {
      throw fieldError('to_unit_of_measurement_id', 'Both units must measure the same measuring mass.');
    }
    let twin = ctx.db
      .selectFrom('conversions')
      .select('id')
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('from_unit_of_measurement_id', '=', from)
      .where('to_unit_of_measurement_id', '=', to);
    if (existing) twin = twin.where('id', '!=', existing.id);
    if (await twin.executeTakeFirst()) {
      throw fieldError('to_unit_of_measurement_id', 'A conversion between these units already exists.');
    }
  },
  async present(ctx, rows) {
    const units = await namesById(
      ctx.db,
      'unit_of_measurements',
      rows.flatMap((row) => [row.from_unit_of_measurement_id, row.to_unit_of_measurement_id]),
    );
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      from_unit_of_measurement_id: row.from_unit_of_measurement_id,
      to_unit_of_measurement_id: row.to_unit_of_measurement_id,
      factor: row.factor_millionths / millionths,
      from_unit_of_measurement_name: nameOf(units, row.from_unit_of_measurement_id),
      to_unit_of_measurement_name: nameOf(units, row.to_unit_of_measurement_id),
    }));
  },
};
