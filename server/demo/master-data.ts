import type { Kysely } from 'kysely';
import { seedStartingData } from '../areas/management/businesses.ts';
import { fullAccessPermission, viewCostsPermission, workAtAnyLocationPermission } from '../auth/identity.ts';
import { hashPassword, type ScryptCost } from '../auth/password.ts';
import { administratorNamedPermissions, permissionGroups } from '../auth/permission-catalogue.ts';
import type { Database } from '../db/database.ts';
import { pesosToCentavos } from '../domain/money.ts';
import { toThousandths } from '../domain/quantity.ts';
import { demoCustomers, demoItems, demoSuppliers } from './demo-catalogue.ts';

export const demoPassword = 'spectacle-demo';
const demoEmails = ['admin@spectacle.test', 'cashier@spectacle.test', 'clerk@spectacle.test'] as const;

// What `npm start` tells whoever starts a demo database, to sign in with.
export const demoSignIn = { emails: demoEmails, password: demoPassword };

// What later seed steps (the demo documents) build on.
export type DemoMasterData = {
  businessId: number;
  adminUserId: number;
  branchIds: number[];
  warehouseId: number;
  supplierIds: Map<string, number>;
  customerIds: number[];
  itemIds: Map<string, number>;
};

const actions = (prefixes: readonly string[], verbs: readonly string[]) =>
  prefixes.flatMap((prefix) => verbs.map((verb) => `${verb}-${prefix}`));

const inventoryPrefixes = permissionGroups.inventory ?? [];

// One business with two branches and a warehouse, suppliers and customers, sixty optical items with prices,
// and the three demo users of docs/domain/README.md, Demo data and starting data.
export async function seedDemoMasterData(
  db: Kysely<Database>,
  options: { passwordCost: ScryptCost; now: Date },
): Promise<DemoMasterData> {
  const at = options.now.toISOString();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null };

  const insertId = async <T extends keyof Database & string>(table: T, values: Record<string, unknown>) => {
    const row = await db
      .insertInto(table)
      .values({ ...audit, ...values } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    return Number((row as { id: number }).id);
  };

  const businessId = await insertId('businesses', {
    name: 'Spectacle Optical Co.',
    trade_name: 'Spectacle Eyewear',
    tin: '009-876-543-000',
    address: '2/F Greenbelt 5, Ayala Center, Makati City',
    phone: '+63 2 8812 3456',
    email: 'hello@spectacle.test',
  });
  const tenant = { business_id: businessId };
  // The demo builds on the starting data every new business gets, as a shop would.
  await seedStartingData(db, businessId, { at, userId: null });
  const startingIds = async (table: 'contact_types' | 'measuring_masses' | 'unit_of_measurements' | 'item_types') =>
    new Map(
      (await db.selectFrom(table).select(['id', 'name']).where('business_id', '=', businessId).execute()).map(
        (row) => [row.name, row.id] as const,
      ),
    );
  const idOrInsert = async (
    known: Map<string, number>,
    table: 'contact_types' | 'measuring_masses' | 'unit_of_measurements' | 'item_types',
    values: { name: string } & Record<string, unknown>,
  ) => {
    const id = known.get(values.name) ?? (await insertId(table, { ...tenant, ...values }));
    known.set(values.name, id);
    return id;
  };
  const makati = await insertId('branches', {
    ...tenant,
    code: 'MKT',
    name: 'Makati Branch',
    address: 'Greenbelt 5, Ayala Center, Makati City',
    phone: '+63 2 8812 3456',
    email: 'makati@spectacle.test',
  });
  const quezonCity = await insertId('branches', {
    ...tenant,
    code: 'QC',
    name: 'Quezon City Branch',
    address: 'Trinoma Mall, North Avenue, Quezon City',
    phone: '+63 2 8921 7788',
    email: 'qc@spectacle.test',
  });
  const warehouseId = await insertId('warehouses', {
    ...tenant,
    code: 'CWH',
    name: 'Central Warehouse',
    address: 'Km. 18 West Service Road, Paranaque City',
    phone: '+63 2 8541 2200',
  });

  const contactTypes = await startingIds('contact_types');
  const supplierType = await idOrInsert(contactTypes, 'contact_types', { name: 'Supplier' });
  const customerType = await idOrInsert(contactTypes, 'contact_types', { name: 'Customer' });
  const supplierIds = new Map<string, number>();
  for (const [index, name] of demoSuppliers.entries()) {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
    supplierIds.set(
      name,
      await insertId('contacts', {
        ...tenant,
        contact_type_id: supplierType,
        name,
        company_name: name,
        email: `orders@${slug.replace(/^\.|\.$/g, '')}.test`,
        phone: `+63 2 8700 ${String(1000 + index * 37).padStart(4, '0')}`,
        tin: `00${index + 1}-234-567-000`,
      }),
    );
  }
  const customerIds: number[] = [];
  for (const [index, name] of demoCustomers.entries()) {
    customerIds.push(
      await insertId('contacts', {
        ...tenant,
        contact_type_id: customerType,
        name,
        phone: name === 'Walk-in Customer' ? null : `+63 917 555 ${String(1200 + index * 83).slice(0, 4)}`,
        notes: name === 'Walk-in Customer' ? 'For counter sales without a customer record.' : null,
      }),
    );
  }

  const masses = await startingIds('measuring_masses');
  for (const [name, description] of [
    ['Count', 'Things counted one by one'],
    ['Weight', 'Mass in grams and kilograms'],
    ['Volume', 'Liquids such as lens solutions'],
    ['Length', 'Frame and lens measurements'],
  ] as const) {
    await idOrInsert(masses, 'measuring_masses', { name, description });
  }
  const units = await startingIds('unit_of_measurements');
  for (const [name, abbreviation, mass] of [
    ['Piece', 'pc', 'Count'],
    ['Pair', 'pr', 'Count'],
    ['Box', 'bx', 'Count'],
    ['Bottle', 'btl', 'Count'],
    ['Dozen', 'dz', 'Count'],
    ['Milliliter', 'mL', 'Volume'],
    ['Liter', 'L', 'Volume'],
    ['Gram', 'g', 'Weight'],
    ['Millimeter', 'mm', 'Length'],
  ] as const) {
    await idOrInsert(units, 'unit_of_measurements', { name, abbreviation, measuring_mass_id: masses.get(mass) });
  }
  for (const [from, to, factor] of [
    ['Dozen', 'Piece', 12],
    ['Pair', 'Piece', 2],
    ['Liter', 'Milliliter', 1000],
  ] as const) {
    await insertId('conversions', {
      ...tenant,
      from_unit_of_measurement_id: units.get(from),
      to_unit_of_measurement_id: units.get(to),
      factor_millionths: factor * 1_000_000,
    });
  }

  const brands = new Map<string, number>();
  for (const name of new Set(demoItems.map((item) => item.brand))) {
    brands.set(name, await insertId('brands', { ...tenant, name, description: null }));
  }
  const types = await startingIds('item_types');
  const classifications = new Map<string, number>();
  for (const [name, description] of [
    ['Premium', 'Designer and top-tier lens technology'],
    ['Standard', 'The everyday range'],
    ['Value', 'Budget-friendly and add-on items'],
  ] as const) {
    classifications.set(name, await insertId('item_classifications', { ...tenant, name, description }));
  }

  const itemIds = new Map<string, number>();
  for (const [index, item] of demoItems.entries()) {
    const id = await insertId('items', {
      ...tenant,
      code: item.code,
      barcode: item.tracked === false ? null : `48${String(10000000000 + index * 7919).slice(0, 11)}`,
      name: item.name,
      description: null,
      brand_id: brands.get(item.brand),
      item_type_id: types.get(item.type),
      item_classification_id: classifications.get(item.classification),
      unit_of_measurement_id: units.get(item.unit),
      is_inventory_tracked: item.tracked === false ? 0 : 1,
      reorder_level: item.reorderLevel === undefined ? null : toThousandths(item.reorderLevel),
    });
    itemIds.set(item.code, id);
    if (item.type === 'Contact Lens' || item.type === 'Lens Solution') {
      await db
        .insertInto('item_discount_tiers')
        .values([
          { business_id: businessId, item_id: id, kind: 'sale', quantity: toThousandths(3), discount_percent: 5 },
          { business_id: businessId, item_id: id, kind: 'sale', quantity: toThousandths(6), discount_percent: 10 },
          { business_id: businessId, item_id: id, kind: 'purchase', quantity: toThousandths(50), discount_percent: 8 },
        ])
        .execute();
    }
    if (item.tracked !== false) {
      await insertId('purchase_item_prices', {
        ...tenant,
        item_id: id,
        contact_id: supplierIds.get(item.supplier),
        unit_cost: pesosToCentavos(item.cost),
        effective_date: '2026-01-01',
      });
    }
    await insertId('sale_item_prices', {
      ...tenant,
      item_id: id,
      branch_id: null,
      unit_price: pesosToCentavos(item.price),
      effective_date: '2026-01-01',
    });
    if (item.type === 'Frame' && item.price >= 15000) {
      await insertId('sale_item_prices', {
        ...tenant,
        item_id: id,
        branch_id: makati,
        unit_price: pesosToCentavos(item.price + 1000),
        effective_date: '2026-06-01',
      });
    }
  }

  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
  );
  const role = async (name: string, description: string, permissions: string[]) => {
    const id = await insertId('roles', { name, description });
    const links = permissions.flatMap((permission) => {
      const permissionId = permissionIds.get(permission);
      return permissionId === undefined ? [] : [{ role_id: id, permission_id: permissionId }];
    });
    if (links.length > 0) await db.insertInto('role_permission').values(links).execute();
    return id;
  };
  const administrator = await role('Administrator', 'Everything, in every business', [
    fullAccessPermission,
    workAtAnyLocationPermission,
    viewCostsPermission,
    ...administratorNamedPermissions,
  ]);
  const cashier = await role('Cashier', 'Branch sales and payments; inventory read-only', [
    ...actions(['invoices', 'invoice-payments', 'quotations', 'contacts'], ['view', 'create', 'update']),
    // Returns happen at the counter (docs/domain/sales.md, Credit memos).
    ...actions(['credit-memos'], ['view', 'create']),
    ...actions(['prescriptions', 'job-orders'], ['view', 'create', 'update']),
    // Deposits at the counter, refunded there before the job goes to the lab (docs/domain/sales.md, Deposits).
    ...actions(['acknowledgment-receipts'], ['view', 'create']),
    ...actions([...inventoryPrefixes, 'sale-item-prices', 'contact-types', 'branches', 'warehouses'], ['view']),
    'view-discount-programs',
    'view-daily-sales',
    // The branch asks for stock and takes in what arrives (docs/DECISIONS.md, "A new shop's first week").
    ...actions(['stock-requests'], ['view', 'create', 'update']),
    ...actions(['stock-transfers'], ['view']),
    ...actions(['stock-receives'], ['view', 'create']),
    // The cashier's own drawer and their branch's Z-reading (docs/domain/cash.md, Permissions).
    ...actions(['cash-sessions', 'z-readings'], ['view', 'create']),
    // At a branch with several terminals the drawer and each paper name theirs, picked from the branch's list.
    'view-terminals',
    // The texts the counter's orders sent (docs/domain/management.md, Texts to customers).
    'view-messages',
    // The member's benefit and LOA are taken at the counter with the sale (docs/domain/sales.md, HMO and PhilHealth
    // benefits); claims to the payers are the office's.
    ...actions(['benefits', 'loas'], ['view', 'create', 'update']),
  ]);
  const clerk = await role('Warehouse Clerk', 'Receiving purchases and moving stock; inventory read-only', [
    ...actions(['receive-orders'], ['view', 'create', 'delete', 'restore']),
    ...actions(
      ['stock-requests', 'stock-transfers', 'stock-receives', 'stock-returns'],
      ['view', 'create', 'update', 'delete', 'restore'],
    ),
    ...actions(['stock-adjustments'], ['view', 'create', 'delete', 'restore']),
    ...actions(['stock-counts'], ['view', 'create', 'update', 'delete']),
    ...actions(
      [...inventoryPrefixes, 'purchase-orders', 'purchase-item-prices', 'contacts', 'warehouses', 'branches'],
      ['view'],
    ),
    viewCostsPermission,
  ]);

  const passwordHash = await hashPassword(demoPassword, options.passwordCost);
  const user = async (
    name: string,
    email: string,
    roleId: number,
    home: { userable_type: 'branch' | 'warehouse'; userable_id: number } | null,
  ) => {
    const id = await insertId('users', {
      name,
      email,
      password_hash: passwordHash,
      security_pin_hash: null,
      must_change_password: 0,
      userable_type: home?.userable_type ?? null,
      userable_id: home?.userable_id ?? null,
    });
    await db.insertInto('business_user').values({ business_id: businessId, user_id: id }).execute();
    await db.insertInto('role_user').values({ role_id: roleId, user_id: id }).execute();
    return id;
  };
  const adminUserId = await user('Ana Administrator', demoEmails[0], administrator, null);
  await user('Carla Cashier', demoEmails[1], cashier, { userable_type: 'branch', userable_id: makati });
  await user('Clemente Clerk', demoEmails[2], clerk, { userable_type: 'warehouse', userable_id: warehouseId });

  return {
    businessId,
    adminUserId,
    branchIds: [makati, quezonCity],
    warehouseId,
    supplierIds,
    customerIds,
    itemIds,
  };
}
