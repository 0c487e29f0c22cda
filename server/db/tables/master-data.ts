import type { Generated } from 'kysely';
import type { RecordColumns, TenantColumns } from '../columns.ts';

// Interfaces, so that a later migration declares the columns it adds beside it (CONTRIBUTING.md).
export interface BusinessesTable extends RecordColumns {
  name: string;
  trade_name: string | null;
  tin: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  // Migration 024: no document dated on or before it is written (docs/domain/management.md, Closing the books).
  books_closed_through: string | null;
}

export type UsersTable = RecordColumns & {
  name: string;
  email: string;
  password_hash: string;
  security_pin_hash: string | null;
  must_change_password: number;
  userable_type: 'branch' | 'warehouse' | null;
  userable_id: number | null;
};

export type BusinessUserTable = { business_id: number; user_id: number };

export type RolesTable = RecordColumns & { name: string; description: string | null };

export type PermissionsTable = RecordColumns & { name: string; group: string; action: string };

export type RolePermissionTable = { role_id: number; permission_id: number };

export type RoleUserTable = { role_id: number; user_id: number };

export type SessionsTable = {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  ip_address: string | null;
  user_agent: string | null;
};

export type LoginFailuresTable = { id: Generated<number>; throttle_key: string; failed_at: string };

export type BranchesTable = TenantColumns & {
  code: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
};

export type WarehousesTable = TenantColumns & {
  code: string;
  name: string;
  address: string | null;
  phone: string | null;
};

export type ContactTypesTable = TenantColumns & { name: string };

export interface ContactsTable extends TenantColumns {
  contact_type_id: number;
  name: string;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  tin: string | null;
  notes: string | null;
}

export type NamedTable = TenantColumns & { name: string; description: string | null };

export type UnitOfMeasurementsTable = TenantColumns & { name: string; abbreviation: string; measuring_mass_id: number };

// factor_millionths: the conversion factor times 10^6, so that six decimals stay exact as an integer.
export type ConversionsTable = TenantColumns & {
  from_unit_of_measurement_id: number;
  to_unit_of_measurement_id: number;
  factor_millionths: number;
};

export type ItemsTable = TenantColumns & {
  code: string;
  barcode: string | null;
  name: string;
  description: string | null;
  brand_id: number | null;
  item_type_id: number;
  item_classification_id: number | null;
  unit_of_measurement_id: number;
  is_inventory_tracked: number;
  reorder_level: number | null;
};

export type ItemDiscountTiersTable = {
  id: Generated<number>;
  business_id: number;
  item_id: number;
  kind: 'purchase' | 'sale';
  quantity: number;
  discount_percent: number;
};

export type PurchaseItemPricesTable = TenantColumns & {
  item_id: number;
  contact_id: number;
  unit_cost: number;
  effective_date: string;
};

export type SaleItemPricesTable = TenantColumns & {
  item_id: number;
  branch_id: number | null;
  unit_price: number;
  effective_date: string;
};

export type IdempotencyKeysTable = {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
};

export type MasterDataTables = {
  businesses: BusinessesTable;
  users: UsersTable;
  business_user: BusinessUserTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permission: RolePermissionTable;
  role_user: RoleUserTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  branches: BranchesTable;
  warehouses: WarehousesTable;
  contact_types: ContactTypesTable;
  contacts: ContactsTable;
  measuring_masses: NamedTable;
  unit_of_measurements: UnitOfMeasurementsTable;
  conversions: ConversionsTable;
  brands: NamedTable;
  item_types: NamedTable;
  item_classifications: NamedTable;
  items: ItemsTable;
  item_discount_tiers: ItemDiscountTiersTable;
  purchase_item_prices: PurchaseItemPricesTable;
  sale_item_prices: SaleItemPricesTable;
  idempotency_keys: IdempotencyKeysTable;
};
