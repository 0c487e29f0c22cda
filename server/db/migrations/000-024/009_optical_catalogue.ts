import { type Kysely, sql } from 'kysely';

// The optical catalogue (docs/domain/eye-care.md, Optical attributes of items): what kind of optical product an item
// type holds, the optical attributes of frames, ophthalmic lenses and contact lenses, and lens families whose variants
// are one item per power. Powers, base curves and diameters are integer hundredths (as on prescriptions), the lens
// index integer thousandths (1.523 is a real index), frame sizes whole millimetres. The add column is `add_power`: ADD
// is an SQL keyword, and the API calls it `add`.

const textColumns = [
  'frame_model',
  'frame_color',
  'frame_material',
  'frame_shape',
  'lens_design',
  'lens_material',
  'coatings',
  'modality',
] as const;

const integerColumns = [
  'eye_size',
  'bridge',
  'temple_length',
  'lens_index',
  'pack_size',
  'base_curve',
  'diameter',
  'sphere',
  'cylinder',
  'add_power',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_types').addColumn('optical_kind', 'text').execute();
  for (const [name, kind] of [
    ['Frame', 'frame'],
    ['Ophthalmic Lens', 'ophthalmic_lens'],
    ['Contact Lens', 'contact_lens'],
  ] as const) {
    await sql`UPDATE item_types SET optical_kind = ${kind} WHERE name = ${name}`.execute(db);
  }
  for (const column of textColumns) await db.schema.alterTable('items').addColumn(column, 'text').execute();
  for (const column of integerColumns) await db.schema.alterTable('items').addColumn(column, 'integer').execute();
  await db.schema
    .alterTable('items')
    .addColumn('variant_of_item_id', 'integer', (column) => column.references('items.id'))
    .execute();
  // The power grid and the variant-for-power lookup read a family's variants by power; the grid reads nothing else
  // of a variant's row (deleted_at, reorder_level), so the index covers it and the table is not visited.
  await db.schema
    .createIndex('items_variant_of_item_id_power_index')
    .on('items')
    .columns(['business_id', 'variant_of_item_id', 'sphere', 'cylinder', 'add_power', 'deleted_at', 'reorder_level'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_variant_of_item_id_power_index').execute();
  for (const column of ['variant_of_item_id', ...integerColumns, ...textColumns]) {
    await db.schema.alterTable('items').dropColumn(column).execute();
  }
  await db.schema.alterTable('item_types').dropColumn('optical_kind').execute();
}
