import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OpticalItemColumns, OpticalKind } from '../../db/tables/optical-catalogue.ts';
import { fromHundredths, isPowerStep, toHundredths } from '../../domain/lens-power.ts';
import { hasAtMostDecimals } from '../../domain/money.ts';
import { type FieldErrors, unprocessable } from '../../domain/refusal.ts';

// The optical fields of an item (docs/domain/eye-care.md, Optical attributes of items) between the API and the columns:
// the frame's, the ophthalmic lens's and the contact lens's attributes, and a lens variant's family and power. All
// optional; the item type's `optical_kind` decides which the form offers, the server keeps whatever is sent.

const textFields = [
  'frame_model',
  'frame_color',
  'frame_material',
  'frame_shape',
  'lens_design',
  'lens_material',
  'coatings',
  'modality',
] as const;
const millimetreFields = ['eye_size', 'bridge', 'frame_b', 'frame_ed', 'temple_length', 'pack_size'] as const;
const tenthMillimetreFields = ['base_curve', 'diameter'] as const;
const powerFields = ['sphere', 'cylinder', 'add'] as const;

export type OpticalInput = {
  [K in (typeof textFields)[number]]?: string | null;
} & {
  [K in
    | (typeof millimetreFields)[number]
    | (typeof tenthMillimetreFields)[number]
    | (typeof powerFields)[number]
    | 'lens_index'
    | 'variant_of_item_id']?: number | null;
};

const columnOfPower = { sphere: 'sphere', cylinder: 'cylinder', add: 'add_power' } as const;

function checkSteps(input: OpticalInput): void {
  const errors: FieldErrors = {};
  if (input.lens_index != null && !hasAtMostDecimals(input.lens_index, 3)) {
    errors.lens_index = ['The lens index may have at most 3 decimals.'];
  }
  for (const field of tenthMillimetreFields) {
    const value = input[field];
    if (value != null && !hasAtMostDecimals(value, 1))
      errors[field] = [`The ${field.replace('_', ' ')} must be in steps of 0.1 mm.`];
  }
  for (const field of powerFields) {
    const value = input[field];
    if (value != null && !isPowerStep(value)) errors[field] = [`The ${field} must be in steps of 0.25.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const orNull = <T>(value: T | null, convert: (value: T) => number) => (value === null ? null : convert(value));

// The columns of the fields sent (a field not sent stays as it is).
export function opticalColumns(input: OpticalInput): Partial<OpticalItemColumns> {
  checkSteps(input);
  const columns: Record<string, unknown> = {};
  for (const field of [...textFields, ...millimetreFields, 'variant_of_item_id'] as const) {
    if (input[field] !== undefined) columns[field] = input[field];
  }
  if (input.lens_index !== undefined)
    columns.lens_index = orNull(input.lens_index, (value) => Math.round(value * 1000));
  for (const field of tenthMillimetreFields) {
    const value = input[field];
    if (value !== undefined) columns[field] = orNull(value, (given) => toHundredths(given) ?? 0);
  }
  for (const field of powerFields) {
    const value = input[field];
    if (value !== undefined) columns[columnOfPower[field]] = orNull(value, (given) => toHundredths(given) ?? 0);
  }
  return columns as Partial<OpticalItemColumns>;
}

export function withoutOpticalFields<T extends OpticalInput>(input: T): Omit<T, keyof OpticalInput> {
  const rest: Record<string, unknown> = { ...input };
  for (const field of [
    ...textFields,
    ...millimetreFields,
    ...tenthMillimetreFields,
    ...powerFields,
    'lens_index',
    'variant_of_item_id',
  ]) {
    delete rest[field];
  }
  return rest as Omit<T, keyof OpticalInput>;
}

// A stored hundredth (a power, a base curve, a diameter) as the API answers it.
export const presentedHundredths = (value: number | null) => (value === null ? null : fromHundredths(Number(value)));

// A stored lens index (thousandths) as the API answers it.
export const presentedLensIndex = (value: number | null) => (value === null ? null : Number(value) / 1000);

const opticalKinds: readonly OpticalKind[] = ['frame', 'ophthalmic_lens', 'contact_lens'];

// An item type's optical kind as a lookup of its column reads it (engine/lookups.ts): text or null.
export function opticalKind(stored: string | null): OpticalKind | null {
  return opticalKinds.find((kind) => kind === stored) ?? null;
}

type VariantColumns = Pick<OpticalItemColumns, 'variant_of_item_id' | 'sphere' | 'cylinder' | 'add_power'>;

// A variant belongs to a family that is not itself a variant, has a sphere, and is the family's only active item
// of its power.
export async function checkVariant(
  db: Kysely<Database>,
  businessId: number,
  merged: VariantColumns & { id?: number },
): Promise<void> {
  const familyId = merged.variant_of_item_id;
  if (familyId === null || familyId === undefined) return;
  if (familyId === merged.id) throw unprocessable({ variant_of_item_id: ['An item cannot be a variant of itself.'] });
  const family = await db
    .selectFrom('items')
    .select(['variant_of_item_id'])
    .where('id', '=', familyId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (family?.variant_of_item_id != null) {
    throw unprocessable({ variant_of_item_id: ['That item is itself a variant; choose its lens family.'] });
  }
  if (merged.sphere === null || merged.sphere === undefined) {
    throw unprocessable({ sphere: ['A variant of a lens family needs its sphere.'] });
  }
  let twin = db
    .selectFrom('items')
    .select('code')
    .where('business_id', '=', businessId)
    .where('variant_of_item_id', '=', familyId)
    .where('sphere', '=', merged.sphere)
    .where(sql<number>`coalesce(cylinder, 0)`, '=', merged.cylinder ?? 0)
    .where('deleted_at', 'is', null);
  twin =
    merged.add_power === null || merged.add_power === undefined
      ? twin.where('add_power', 'is', null)
      : twin.where('add_power', '=', merged.add_power);
  if (merged.id !== undefined) twin = twin.where('id', '!=', merged.id);
  const existing = await twin.executeTakeFirst();
  if (existing) throw unprocessable({ sphere: [`The family already has this power: ${existing.code}.`] });
}
