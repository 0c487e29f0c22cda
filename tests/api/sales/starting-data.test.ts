import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBusinessResponse, GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { ListContactTypesResponse } from '../../../generated/zod/contact-types/contact-types.zod.ts';
import { ListDiscountProgramsResponse } from '../../../generated/zod/discount-programs/discount-programs.zod.ts';
import { ListItemTypesResponse, UpdateItemTypeResponse } from '../../../generated/zod/item-types/item-types.zod.ts';
import { ImportItemsResponse, ListItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { ListUnitOfMeasurementsResponse } from '../../../generated/zod/unit-of-measurements/unit-of-measurements.zod.ts';
import { createFirstAdministrator } from '../../../server/areas/management/first-administrator.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPassword,
  testPasswordCost,
} from '../../support/test-api.ts';

// A new business starts with the reference data every optical shop needs, in its own editable rows: a database
// started without demo data (its first business made by `npm run create-admin`), and a business made later.
let api: TestApi;
let admin: TestClient;

const itemTypes = ['Frame', 'Ophthalmic Lens', 'Contact Lens', 'Lens Solution', 'Accessory', 'Service'];

beforeAll(async () => {
  api = await createTestApi();
  await createFirstAdministrator(api.db, {
    email: 'owner@shop.test',
    name: 'Shop Owner',
    passwordHash: await hashPassword(testPassword, testPasswordCost),
    businessName: 'Linaw Optical',
    now: new Date().toISOString(),
  });
  admin = await api.signIn('owner@shop.test');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  expect(businesses.map((business) => business.name)).toEqual(['Linaw Optical']);
  admin.businessId = businesses[0]?.id ?? null;
});

afterAll(() => api.close());

async function startingData(client: TestClient) {
  const types = expectContract(await client.get('/api/item-types?per_page=100'), 200, ListItemTypesResponse);
  const units = expectContract(
    await client.get('/api/unit-of-measurements?per_page=100'),
    200,
    ListUnitOfMeasurementsResponse,
  );
  const contactTypes = expectContract(
    await client.get('/api/contact-types?per_page=100'),
    200,
    ListContactTypesResponse,
  );
  const programs = expectContract(
    await client.get('/api/discount-programs?per_page=100'),
    200,
    ListDiscountProgramsResponse,
  );
  return { types: types.data, units: units.data, contactTypes: contactTypes.data, programs: programs.data };
}

function importItems(client: TestClient, rows: Record<string, string>[]) {
  const csv = Papa.unparse(rows, { columns: [...new Set(rows.flatMap((row) => Object.keys(row)))] });
  return client.request('POST', '/api/items/import', csv, { headers: { 'content-type': 'text/csv' } });
}

const catalogue = (prefix: string): Record<string, string>[] => [
  { code: `${prefix}-FR`, name: 'Acetate frame', item_type: 'Frame', unit_of_measurement: 'Piece' },
  { code: `${prefix}-SV`, name: 'CR-39 single vision lens', item_type: 'Ophthalmic Lens', unit_of_measurement: 'Pair' },
  { code: `${prefix}-CL`, name: 'Monthly contact lens 6s', item_type: 'Contact Lens', unit_of_measurement: 'Box' },
  { code: `${prefix}-SOL`, name: 'Multipurpose solution', item_type: 'Lens Solution', unit_of_measurement: 'Bottle' },
  { code: `${prefix}-CASE`, name: 'Hard case', item_type: 'Accessory', unit_of_measurement: 'pc' },
  {
    code: `${prefix}-EXAM`,
    name: 'Eye examination',
    item_type: 'Service',
    unit_of_measurement: 'Piece',
    is_inventory_tracked: '0',
  },
];

describe("a new business's starting data", () => {
  it('gives the first business of an empty database its item types, units, contact types and SC/PWD programs', async () => {
    const { types, units, contactTypes, programs } = await startingData(admin);
    expect(types.map((type) => type.name).sort()).toEqual([...itemTypes].sort());
    expect(Object.fromEntries(types.map((type) => [type.name, type.optical_kind]))).toEqual({
      Frame: 'frame',
      'Ophthalmic Lens': 'ophthalmic_lens',
      'Contact Lens': 'contact_lens',
      'Lens Solution': null,
      Accessory: null,
      Service: null,
    });
    expect(units.map((unit) => [unit.name, unit.abbreviation]).sort()).toEqual(
      [
        ['Piece', 'pc'],
        ['Pair', 'pr'],
        ['Box', 'bx'],
        ['Bottle', 'btl'],
      ].sort(),
    );
    expect(contactTypes.map((type) => type.name).sort()).toEqual(['Customer', 'Payer', 'Supplier']);
    expect(
      programs
        .map((program) => ({
          name: program.name,
          percent: program.percent,
          vat_exempt: program.vat_exempt,
          item_types: [...program.item_type_names].sort(),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(
      ['PWD', 'Senior Citizen'].map((name) => ({
        name,
        percent: 20,
        vat_exempt: true,
        item_types: ['Contact Lens', 'Frame', 'Ophthalmic Lens', 'Service'],
      })),
    );
  });

  it('imports a correct item CSV naming those types and units at once', async () => {
    const answer = await importItems(admin, catalogue('LIN'));
    expect(expectContract(answer, 201, ImportItemsResponse)).toEqual({ rows: 6, created: 6, dry_run: false });
    const items = expectContract(await admin.get('/api/items?search=LIN-'), 200, ListItemsResponse);
    expect(items.data.map((item) => item.item_type_name).sort()).toEqual([...itemTypes].sort());
  });

  it('gives a business created later rows of its own, which it may edit without touching another business', async () => {
    const created = expectContract(
      await admin.post('/api/businesses', { name: 'Second Sight Optical' }),
      201,
      CreateBusinessResponse,
    );
    const second = await api.signIn('owner@shop.test');
    second.businessId = created.id;
    const theirs = await startingData(second);
    const first = await startingData(admin);
    expect(theirs.types.map((type) => type.name).sort()).toEqual([...itemTypes].sort());
    expect(theirs.units).toHaveLength(4);
    expect(theirs.contactTypes).toHaveLength(3);
    expect(theirs.programs).toHaveLength(2);
    const firstIds = new Set(first.types.map((type) => type.id));
    expect(theirs.types.some((type) => firstIds.has(type.id))).toBe(false);
    // Each program qualifies the business's own item types.
    const theirTypeIds = new Set(theirs.types.map((type) => type.id));
    for (const program of theirs.programs) expect(program.item_type_ids.every((id) => theirTypeIds.has(id))).toBe(true);

    const solution = theirs.types.find((type) => type.name === 'Lens Solution');
    const renamed = expectContract(
      await second.patch(`/api/item-types/${solution?.id}`, { name: 'Solution' }),
      200,
      UpdateItemTypeResponse,
    );
    expect(renamed.name).toBe('Solution');
    expect((await startingData(admin)).types.map((type) => type.name)).toContain('Lens Solution');

    const answer = await importItems(
      second,
      catalogue('SEC').map((row) => (row.item_type === 'Lens Solution' ? { ...row, item_type: 'Solution' } : row)),
    );
    expect(expectContract(answer, 201, ImportItemsResponse).created).toBe(6);
  });
});

describe('the demo data on top of the starting data', () => {
  let demo: TestApi;

  beforeAll(async () => {
    demo = await createTestApi();
    await seedDatabase(demo.db, { demo: true, passwordCost: testPasswordCost, now: new Date('2026-11-21T08:00:00Z') });
  });

  afterAll(() => demo.close());

  it('uses the starting rows instead of adding a second of any', async () => {
    const client = await demo.signIn('admin@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await client.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    client.businessId = businesses[0]?.id ?? null;
    const { types, units, contactTypes, programs } = await startingData(client);
    const names = (rows: { name: string }[]) => rows.map((row) => row.name);
    for (const list of [types, units, contactTypes, programs]) {
      expect(new Set(names(list)).size).toBe(list.length);
    }
    expect(names(types).sort()).toEqual([...itemTypes].sort());
    expect(names(units)).toEqual(expect.arrayContaining(['Piece', 'Pair', 'Box', 'Bottle', 'Dozen', 'Milliliter']));
    expect(names(contactTypes).sort()).toEqual(['Customer', 'Payer', 'Supplier']);
    expect(names(programs).sort()).toEqual(['PWD', 'Senior Citizen']);
    expect(types.find((type) => type.name === 'Contact Lens')?.optical_kind).toBe('contact_lens');
  });
});
