import type { z } from 'zod';
import * as branches from '../../../generated/zod/branches/branches.zod.ts';
import * as brands from '../../../generated/zod/brands/brands.zod.ts';
import * as businesses from '../../../generated/zod/businesses/businesses.zod.ts';
import * as contactTypes from '../../../generated/zod/contact-types/contact-types.zod.ts';
import * as contacts from '../../../generated/zod/contacts/contacts.zod.ts';
import * as conversions from '../../../generated/zod/conversions/conversions.zod.ts';
import * as itemClassifications from '../../../generated/zod/item-classifications/item-classifications.zod.ts';
import * as itemTypes from '../../../generated/zod/item-types/item-types.zod.ts';
import * as items from '../../../generated/zod/items/items.zod.ts';
import * as measuringMasses from '../../../generated/zod/measuring-masses/measuring-masses.zod.ts';
import * as purchaseItemPrices from '../../../generated/zod/purchase-item-prices/purchase-item-prices.zod.ts';
import * as roles from '../../../generated/zod/roles/roles.zod.ts';
import * as saleItemPrices from '../../../generated/zod/sale-item-prices/sale-item-prices.zod.ts';
import * as units from '../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts';
import * as users from '../../../generated/zod/users/users.zod.ts';
import * as warehouses from '../../../generated/zod/warehouses/warehouses.zod.ts';
import { expectContract, type TestClient } from '../../support/test-api.ts';

// The records other records point at, made through the API in one business.
export type References = {
  measuringMassId: number;
  itemTypeId: number;
  contactTypeId: number;
  contactId: number;
  itemId: number;
  branchId: number;
};

type Body = Record<string, unknown>;

export type ResourceCase = {
  prefix: string;
  scope: 'business' | 'global';
  schemas: {
    list: z.ZodType;
    get: z.ZodType;
    create: z.ZodType;
    update: z.ZodType;
    remove: z.ZodType;
    restore: z.ZodType;
    search: z.ZodType;
  };
  // A valid new record; `n` keeps unique fields unique.
  createBody: (client: TestClient, refs: References, n: number) => Promise<Body>;
  updateBody: (n: number) => Body;
  // Asserts that the update shows in the answer.
  updated: (record: Body) => unknown;
  searchText: (body: Body) => string;
};

let counter = 0;
const next = () => ++counter;

async function unitIn(client: TestClient, refs: References): Promise<number> {
  const n = next();
  const answer = await client.post('/api/unit-of-measurements', {
    name: `Unit ${n}`,
    abbreviation: `u${n}`,
    measuring_mass_id: refs.measuringMassId,
  });
  return expectContract(answer, 201, units.CreateUnitOfMeasurementResponse).id;
}

export async function createReferences(client: TestClient): Promise<References> {
  const n = next();
  const mass = expectContract(
    await client.post('/api/measuring-masses', { name: `Count ${n}` }),
    201,
    measuringMasses.CreateMeasuringMassResponse,
  );
  const itemType = expectContract(
    await client.post('/api/item-types', { name: `Frame ${n}` }),
    201,
    itemTypes.CreateItemTypeResponse,
  );
  const contactType = expectContract(
    await client.post('/api/contact-types', { name: `Supplier ${n}` }),
    201,
    contactTypes.CreateContactTypeResponse,
  );
  const contact = expectContract(
    await client.post('/api/contacts', { name: `Luxottica ${n}`, contact_type_id: contactType.id }),
    201,
    contacts.CreateContactResponse,
  );
  const unit = await unitIn(client, { measuringMassId: mass.id } as References);
  const item = expectContract(
    await client.post('/api/items', {
      code: `REF-${n}`,
      name: `Aviator ${n}`,
      item_type_id: itemType.id,
      unit_of_measurement_id: unit,
    }),
    201,
    items.CreateItemResponse,
  );
  const branch = expectContract(
    await client.post('/api/branches', { code: `BR-${n}`, name: `Makati ${n}` }),
    201,
    branches.CreateBranchResponse,
  );
  return {
    measuringMassId: mass.id,
    itemTypeId: itemType.id,
    contactTypeId: contactType.id,
    contactId: contact.id,
    itemId: item.id,
    branchId: branch.id,
  };
}

function schemasOf(module: Record<string, unknown>, singular: string, plural: string): ResourceCase['schemas'] {
  const pick = (name: string) => {
    const schema = module[name];
    if (schema === undefined) throw new Error(`No generated schema ${name}`);
    return schema as z.ZodType;
  };
  return {
    list: pick(`List${plural}Response`),
    get: pick(`Get${singular}Response`),
    create: pick(`Create${singular}Response`),
    update: pick(`Update${singular}Response`),
    remove: pick(`Delete${singular}Response`),
    restore: pick(`Restore${singular}Response`),
    search: pick(`Search${plural}Response`),
  };
}

const named = (
  prefix: string,
  module: Record<string, unknown>,
  singular: string,
  plural: string,
  word: string,
): ResourceCase => ({
  prefix,
  scope: 'business',
  schemas: schemasOf(module, singular, plural),
  createBody: async (_client, _refs, n) => ({ name: `${word} ${n}`, description: 'For the front display' }),
  updateBody: () => ({ description: 'Discontinued line' }),
  updated: (record) => record.description === 'Discontinued line',
  searchText: (body) => String(body.name),
});

export const resourceCases: ResourceCase[] = [
  named('brands', brands, 'Brand', 'Brands', 'Oakley'),
  named('item-types', itemTypes, 'ItemType', 'ItemTypes', 'Progressive Lens'),
  named('item-classifications', itemClassifications, 'ItemClassification', 'ItemClassifications', 'Premium'),
  named('measuring-masses', measuringMasses, 'MeasuringMass', 'MeasuringMasses', 'Volume'),
  {
    prefix: 'branches',
    scope: 'business',
    schemas: schemasOf(branches, 'Branch', 'Branches'),
    createBody: async (_client, _refs, n) => ({ code: `B${n}`, name: `Quezon City ${n}`, email: 'qc@example.test' }),
    updateBody: () => ({ phone: '+63 2 8123 4567' }),
    updated: (record) => record.phone === '+63 2 8123 4567',
    searchText: (body) => String(body.name),
  },
  {
    prefix: 'warehouses',
    scope: 'business',
    schemas: schemasOf(warehouses, 'Warehouse', 'Warehouses'),
    createBody: async (_client, _refs, n) => ({ code: `W${n}`, name: `Pasig Depot ${n}` }),
    updateBody: () => ({ address: 'Ortigas Avenue' }),
    updated: (record) => record.address === 'Ortigas Avenue',
    searchText: (body) => String(body.code),
  },
  {
    prefix: 'contact-types',
    scope: 'business',
    schemas: schemasOf(contactTypes, 'ContactType', 'ContactTypes'),
    createBody: async (_client, _refs, n) => ({ name: `Wholesaler ${n}` }),
    updateBody: (n) => ({ name: `Renamed type ${n}` }),
    updated: (record) => String(record.name).startsWith('Renamed type'),
    searchText: () => 'Renamed type',
  },
  {
    prefix: 'contacts',
    scope: 'business',
    schemas: schemasOf(contacts, 'Contact', 'Contacts'),
    createBody: async (_client, refs, n) => ({
      name: `Maria Santos ${n}`,
      contact_type_id: refs.contactTypeId,
      tin: '123-456-789-000',
    }),
    updateBody: () => ({ notes: 'Prefers SMS' }),
    updated: (record) => record.notes === 'Prefers SMS',
    searchText: (body) => String(body.name),
  },
  {
    prefix: 'unit-of-measurements',
    scope: 'business',
    schemas: schemasOf(units, 'UnitOfMeasurement', 'UnitOfMeasurements'),
    createBody: async (_client, refs, n) => ({
      name: `Box of ${n}`,
      abbreviation: `bx${n}`,
      measuring_mass_id: refs.measuringMassId,
    }),
    updateBody: () => ({ abbreviation: 'box' }),
    updated: (record) => record.abbreviation === 'box',
    searchText: (body) => String(body.name),
  },
  {
    prefix: 'conversions',
    scope: 'business',
    schemas: schemasOf(conversions, 'Conversion', 'Conversions'),
    createBody: async (client, refs) => ({
      from_unit_of_measurement_id: await unitIn(client, refs),
      to_unit_of_measurement_id: await unitIn(client, refs),
      factor: 12,
    }),
    updateBody: () => ({ factor: 2.5 }),
    updated: (record) => record.factor === 2.5,
    searchText: () => 'Unit',
  },
  {
    prefix: 'items',
    scope: 'business',
    schemas: schemasOf(items, 'Item', 'Items'),
    createBody: async (client, refs, n) => ({
      code: `RB-${n}`,
      name: `Wayfarer ${n}`,
      item_type_id: refs.itemTypeId,
      unit_of_measurement_id: await unitIn(client, refs),
      reorder_level: 2.5,
      sale_discounts: [{ quantity: 2, discount_percent: 5 }],
    }),
    updateBody: () => ({ purchase_discounts: [{ quantity: 10, discount_percent: 7 }] }),
    updated: (record) =>
      JSON.stringify(record.purchase_discounts) === JSON.stringify([{ quantity: 10, discount_percent: 7 }]) &&
      JSON.stringify(record.sale_discounts) === JSON.stringify([{ quantity: 2, discount_percent: 5 }]) &&
      record.is_inventory_tracked === true,
    searchText: (body) => String(body.code),
  },
  {
    prefix: 'purchase-item-prices',
    scope: 'business',
    schemas: schemasOf(purchaseItemPrices, 'PurchaseItemPrice', 'PurchaseItemPrices'),
    createBody: async (_client, refs) => ({
      item_id: refs.itemId,
      contact_id: refs.contactId,
      unit_cost: 1250.75,
      effective_date: '2026-11-01',
    }),
    updateBody: () => ({ unit_cost: 1300.1 }),
    updated: (record) => record.unit_cost === 1300.1,
    searchText: () => 'Aviator',
  },
  {
    prefix: 'sale-item-prices',
    scope: 'business',
    schemas: schemasOf(saleItemPrices, 'SaleItemPrice', 'SaleItemPrices'),
    createBody: async (_client, refs) => ({
      item_id: refs.itemId,
      branch_id: refs.branchId,
      unit_price: 4990,
      effective_date: '2026-11-01',
    }),
    updateBody: () => ({ branch_id: null }),
    updated: (record) => record.branch_id === null && record.branch_name === null,
    searchText: () => 'Aviator',
  },
  {
    prefix: 'businesses',
    scope: 'global',
    schemas: schemasOf(businesses, 'Business', 'Businesses'),
    createBody: async (_client, _refs, n) => ({ name: `Vision Express ${n}`, tin: '000-111-222-000' }),
    updateBody: () => ({ trade_name: 'VisionX' }),
    updated: (record) => record.trade_name === 'VisionX',
    searchText: (body) => String(body.name),
  },
  {
    prefix: 'users',
    scope: 'global',
    schemas: schemasOf(users, 'User', 'Users'),
    createBody: async (_client, _refs, n) => ({
      name: `Juan Dela Cruz ${n}`,
      email: `juan${n}@example.test`,
      password: 'long enough secret',
    }),
    updateBody: () => ({ name: 'Juan D. Cruz' }),
    updated: (record) => record.name === 'Juan D. Cruz',
    searchText: (body) => String(body.email),
  },
  {
    prefix: 'roles',
    scope: 'global',
    schemas: schemasOf(roles, 'Role', 'Roles'),
    createBody: async (_client, _refs, n) => ({ name: `Optometrist ${n}`, description: 'Runs eye exams' }),
    updateBody: () => ({ description: 'Senior optometrist' }),
    updated: (record) => record.description === 'Senior optometrist',
    searchText: (body) => String(body.name),
  },
];
