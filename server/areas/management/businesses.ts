import type { Kysely } from 'kysely';
import * as contract from '../../../generated/zod/businesses/businesses.zod.ts';
import type { Database } from '../../db/database.ts';
import type { OpticalKind } from '../../db/tables/optical-catalogue.ts';
import { fieldError } from '../../domain/refusal.ts';
import { normalizeTin } from '../../domain/vat.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { insertRecord } from '../../engine/mutations.ts';
import type { Resource, Row } from '../../engine/resource.ts';

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
  const { is_vat_registered, require_cash_session, philhealth_accredited, ...columns } = withTin(input);
  return {
    ...columns,
    ...(is_vat_registered === undefined ? {} : { is_vat_registered: is_vat_registered ? 1 : 0 }),
    ...(require_cash_session === undefined ? {} : { require_cash_session: require_cash_session ? 1 : 0 }),
    ...(philhealth_accredited === undefined ? {} : { philhealth_accredited: philhealth_accredited ? 1 : 0 }),
  };
}

// What every optical shop needs before its first item (docs/DECISIONS.md, "A new business's starting data"): its
// own rows, which it may rename or extend, so that an item CSV naming the usual types and units imports at once.
const startingItemTypes: readonly { name: string; optical_kind: OpticalKind | null; qualifies: boolean }[] = [
  { name: 'Frame', optical_kind: 'frame', qualifies: true },
  { name: 'Ophthalmic Lens', optical_kind: 'ophthalmic_lens', qualifies: true },
  { name: 'Contact Lens', optical_kind: 'contact_lens', qualifies: true },
  { name: 'Lens Solution', optical_kind: null, qualifies: false },
  { name: 'Accessory', optical_kind: null, qualifies: false },
  // The eye exam: the special discounts cover it with the eyewear.
  { name: 'Service', optical_kind: null, qualifies: true },
];
const startingUnits = [
  ['Piece', 'pc'],
  ['Pair', 'pr'],
  ['Box', 'bx'],
  ['Bottle', 'btl'],
] as const;
// Payer: an HMO or PhilHealth (docs/domain/sales.md, HMO and PhilHealth benefits).
const startingContactTypes = ['Customer', 'Supplier', 'Payer'];
// Senior Citizen and PWD: 20% off and no VAT on qualifying lines, as the law sets them today.
const startingDiscountPrograms = ['Senior Citizen', 'PWD'];

export async function seedStartingData(
  db: Kysely<Database>,
  businessId: number,
  audit: { at: string; userId: number | null },
): Promise<void> {
  const row = {
    business_id: businessId,
    created_at: audit.at,
    updated_at: audit.at,
    created_by: audit.userId,
    updated_by: audit.userId,
  };
  const itemTypes = await db
    .insertInto('item_types')
    .values(
      startingItemTypes.map((type) => ({
        ...row,
        name: type.name,
        description: null,
        optical_kind: type.optical_kind,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const count = await db
    .insertInto('measuring_masses')
    .values({ ...row, name: 'Count', description: 'Things counted one by one' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('unit_of_measurements')
    .values(startingUnits.map(([name, abbreviation]) => ({ ...row, name, abbreviation, measuring_mass_id: count.id })))
    .execute();
  await db
    .insertInto('contact_types')
    .values(startingContactTypes.map((name) => ({ ...row, name })))
    .execute();
  const qualifying = itemTypes.filter((type) => startingItemTypes.find((start) => start.name === type.name)?.qualifies);
  for (const name of startingDiscountPrograms) {
    const program = await db
      .insertInto('discount_programs')
      .values({ ...row, name, percent: 20, vat_exempt: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('discount_program_item_types')
      .values(
        qualifying.map((type) => ({ business_id: businessId, discount_program_id: program.id, item_type_id: type.id })),
      )
      .execute();
  }
}

export async function presentBusinesses(rows: Row<'businesses'>[]) {
  return rows.map((row) => ({
    ...auditColumns(row),
    ...storedFields(row, ['name', 'trade_name', 'tin', 'address', 'phone', 'email', 'registered_name']),
    is_vat_registered: row.is_vat_registered === 1,
    invoice_footer: row.invoice_footer,
    require_cash_session: row.require_cash_session === 1,
    philhealth_accredited: row.philhealth_accredited === 1,
    books_closed_through: row.books_closed_through,
    ready_text_delay_minutes: row.ready_text_delay_minutes,
    software_accreditation: row.software_accreditation,
    job_invoicing: row.job_invoicing,
    pickup_forfeit_days: Number(row.pickup_forfeit_days),
    remake_discount_percent: Number(row.remake_discount_percent),
  }));
}

// Businesses are global: a user sees those it is a member of (full access sees all), and its creator joins it.
export const businessesResource: Resource<'businesses', BusinessInput, BusinessInput> = {
  prefix: 'businesses',
  singular: 'business',
  table: 'businesses',
  scope: 'global',
  schemas: contractSchemas(contract, 'Business', 'Businesses'),
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
    await seedStartingData(ctx.db, id, { at: ctx.now, userId: ctx.identity.userId });
    return id;
  },
  // Its starting data goes with it; anything it recorded since (or a document naming a starting row) keeps it:
  // the database refuses the delete, and the answer is a conflict.
  async forceDelete(ctx, existing) {
    await ctx.db.deleteFrom('business_user').where('business_id', '=', existing.id).execute();
    await ctx.db.deleteFrom('discount_program_item_types').where('business_id', '=', existing.id).execute();
    for (const table of [
      'discount_programs',
      'contact_types',
      'unit_of_measurements',
      'measuring_masses',
      'item_types',
    ] as const) {
      await ctx.db.deleteFrom(table).where('business_id', '=', existing.id).execute();
    }
    await ctx.db.deleteFrom('businesses').where('id', '=', existing.id).execute();
  },
  present: (_ctx, rows) => presentBusinesses(rows),
};
