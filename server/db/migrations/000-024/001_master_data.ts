import type { Kysely } from 'kysely';
import { dialectOf, plainIdColumn, recordTable } from '../../dialect.ts';
import { tenantIndexes, uniquePerBusiness } from '../../table-builders.ts';

// Management and inventory master data, sessions and sign-in throttling. Every index on a tenant table leads
// with business_id, so that the schema can later be distributed by business.
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  const plainId = plainIdColumn(db);

  await recordTable(db, 'businesses', { tenant: false })
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('trade_name', 'text')
    .addColumn('tin', 'text')
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .execute();

  await recordTable(db, 'users', { tenant: false })
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('security_pin_hash', 'text')
    .addColumn('must_change_password', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('userable_type', 'text')
    .addColumn('userable_id', 'integer')
    .execute();

  await db.schema
    .createTable('business_user')
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addPrimaryKeyConstraint('business_user_pk', ['business_id', 'user_id'])
    .execute();
  await db.schema.createIndex('business_user_user_id_index').on('business_user').column('user_id').execute();

  await recordTable(db, 'roles', { tenant: false })
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('description', 'text')
    .execute();

  await recordTable(db, 'permissions', { tenant: false })
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('group', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (column) => column.notNull().references('roles.id'))
    .addColumn('permission_id', 'integer', (column) => column.notNull().references('permissions.id'))
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('role_user')
    .addColumn('role_id', 'integer', (column) => column.notNull().references('roles.id'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addPrimaryKeyConstraint('role_user_pk', ['role_id', 'user_id'])
    .execute();
  await db.schema.createIndex('role_user_user_id_index').on('role_user').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', plainId.type, plainId.build)
    .addColumn('throttle_key', 'text', (column) => column.notNull())
    .addColumn('failed_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_index')
    .on('login_failures')
    .columns(['throttle_key', 'failed_at'])
    .execute();

  await recordTable(db, 'branches', { tenant: true })
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .execute();
  await uniquePerBusiness(db, 'branches', 'code');

  await recordTable(db, 'warehouses', { tenant: true })
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .execute();
  await uniquePerBusiness(db, 'warehouses', 'code');

  await recordTable(db, 'contact_types', { tenant: true })
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();
  await uniquePerBusiness(db, 'contact_types', 'name');

  await recordTable(db, 'contacts', { tenant: true })
    .addColumn('contact_type_id', 'integer', (column) => column.notNull().references('contact_types.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('company_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('tin', 'text')
    .addColumn('notes', 'text')
    .execute();
  await tenantIndexes(db, 'contacts', [['contact_type_id']]);

  for (const table of ['measuring_masses', 'brands', 'item_types', 'item_classifications']) {
    await recordTable(db, table, { tenant: true })
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text')
      .execute();
    await uniquePerBusiness(db, table, 'name');
  }

  await recordTable(db, 'unit_of_measurements', { tenant: true })
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('abbreviation', 'text', (column) => column.notNull())
    .addColumn('measuring_mass_id', 'integer', (column) => column.notNull().references('measuring_masses.id'))
    .execute();
  await uniquePerBusiness(db, 'unit_of_measurements', 'name');
  await tenantIndexes(db, 'unit_of_measurements', [['measuring_mass_id']]);

  await recordTable(db, 'conversions', { tenant: true })
    .addColumn('from_unit_of_measurement_id', 'integer', (column) =>
      column.notNull().references('unit_of_measurements.id'),
    )
    .addColumn('to_unit_of_measurement_id', 'integer', (column) =>
      column.notNull().references('unit_of_measurements.id'),
    )
    .addColumn('factor_millionths', money, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('conversions_pair_unique')
    .on('conversions')
    .columns(['business_id', 'from_unit_of_measurement_id', 'to_unit_of_measurement_id'])
    .unique()
    .execute();
  await tenantIndexes(db, 'conversions', [['to_unit_of_measurement_id']]);

  await recordTable(db, 'items', { tenant: true })
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('barcode', 'text')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('brand_id', 'integer', (column) => column.references('brands.id'))
    .addColumn('item_type_id', 'integer', (column) => column.notNull().references('item_types.id'))
    .addColumn('item_classification_id', 'integer', (column) => column.references('item_classifications.id'))
    .addColumn('unit_of_measurement_id', 'integer', (column) => column.notNull().references('unit_of_measurements.id'))
    .addColumn('is_inventory_tracked', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('reorder_level', money)
    .execute();
  await uniquePerBusiness(db, 'items', 'code');
  await uniquePerBusiness(db, 'items', 'barcode');
  for (const column of ['brand_id', 'item_type_id', 'item_classification_id', 'unit_of_measurement_id']) {
    await tenantIndexes(db, 'items', [[column]]);
  }

  await db.schema
    .createTable('item_discount_tiers')
    .addColumn('id', plainId.type, plainId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull().references('businesses.id'))
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('quantity', money, (column) => column.notNull())
    .addColumn('discount_percent', 'integer', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'item_discount_tiers', [['item_id']]);

  await recordTable(db, 'purchase_item_prices', { tenant: true })
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('unit_cost', money, (column) => column.notNull())
    .addColumn('effective_date', 'text', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'purchase_item_prices', [['item_id'], ['contact_id']]);

  await recordTable(db, 'sale_item_prices', { tenant: true })
    .addColumn('item_id', 'integer', (column) => column.notNull().references('items.id'))
    .addColumn('branch_id', 'integer', (column) => column.references('branches.id'))
    .addColumn('unit_price', money, (column) => column.notNull())
    .addColumn('effective_date', 'text', (column) => column.notNull())
    .execute();
  await tenantIndexes(db, 'sale_item_prices', [['item_id'], ['branch_id']]);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', plainId.type, plainId.build)
    .addColumn('business_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('request_hash', 'text', (column) => column.notNull())
    .addColumn('status_code', 'integer', (column) => column.notNull())
    .addColumn('response_body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_unique')
    .on('idempotency_keys')
    .columns(['business_id', 'user_id', 'idempotency_key'])
    .unique()
    .execute();
}
