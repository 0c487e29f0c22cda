import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../support/test-api.ts';

// The read of one item answers in one statement what the list answers in three (the row, the names it refers to,
// its discount tiers), and on SQLite reads past Kysely when no transaction is open (docs/DECISIONS.md, Speed).

let api: TestApi;
let client: TestClient;
let business: number;
let otherBusiness: number;

beforeAll(async () => {
  api = await createTestApi();
  business = await api.createBusiness('Clear Sight Optical');
  otherBusiness = await api.createBusiness('Far Sight Optical');
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [business, otherBusiness],
  });
  client = await api.signIn('owner@example.test');
  client.businessId = business;
});

afterAll(() => api.close());

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await client.post(path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return (answer.json as { id: number }).id;
}

type References = {
  brand_id: number;
  item_type_id: number;
  item_classification_id: number;
  unit_of_measurement_id: number;
};

let references: References;

async function referencesOfLenses(): Promise<References> {
  const mass = await created('/api/measuring-masses', { name: 'Count' });
  return {
    brand_id: await created('/api/brands', { name: 'Hoya' }),
    item_type_id: await created('/api/item-types', { name: 'Lens', optical_kind: 'ophthalmic_lens' }),
    item_classification_id: await created('/api/item-classifications', { name: 'Single vision' }),
    unit_of_measurement_id: await created('/api/unit-of-measurements', {
      name: 'Pair',
      abbreviation: 'pr',
      measuring_mass_id: mass,
    }),
  };
}

// A lens of a family, with sale tiers sent out of order.
async function lensVariant(code: string): Promise<number> {
  references ??= await referencesOfLenses();
  const family = await created('/api/items', { code, name: `Single Vision ${code}`, ...references });
  return created('/api/items', {
    code: `${code}-125`,
    name: `Single Vision ${code} -1.25`,
    ...references,
    variant_of_item_id: family,
    sphere: -1.25,
    sale_discounts: [
      { quantity: 6, discount_percent: 10 },
      { quantity: 3, discount_percent: 5 },
    ],
    purchase_discounts: [{ quantity: 50, discount_percent: 8 }],
  });
}

describe('the read of one item', () => {
  it('answers the item as the list shows it: its names, optical kind, family and tiers in order', async () => {
    const id = await lensVariant('SV-156');
    const read = await client.get(`/api/items/${id}`);
    const listed = await client.get('/api/items?search=SV-156-125');
    expect(read.status).toBe(200);
    expect(read.json).toEqual((listed.json as { data: unknown[] }).data[0]);
    expect(read.json).toMatchObject({
      brand_name: 'Hoya',
      item_type_name: 'Lens',
      optical_kind: 'ophthalmic_lens',
      item_classification_name: 'Single vision',
      unit_of_measurement_name: 'Pair',
      variant_of_item_name: 'Single Vision SV-156',
      sphere: -1.25,
      sale_discounts: [
        { quantity: 3, discount_percent: 5 },
        { quantity: 6, discount_percent: 10 },
      ],
      purchase_discounts: [{ quantity: 50, discount_percent: 8 }],
    });
  });

  it("answers 404 for another business's item, as for a missing one", async () => {
    const id = await lensVariant('SV-160');
    const elsewhere = await client.get(`/api/items/${id}`, { headers: { 'business-id': String(otherBusiness) } });
    expect(elsewhere.status).toBe(404);
    expect((await client.get('/api/items/2147483647')).status).toBe(404);
  });

  it('never shows what a transaction still open has written, nor what it rolls back', async () => {
    const id = await lensVariant('SV-167');
    let reading: Promise<{ status: number; json: unknown }> | undefined;
    await api.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('items').set({ name: 'Never committed' }).where('id', '=', id).execute();
        reading = client.get(`/api/items/${id}`);
        // Give the request every chance to answer while the transaction is open.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    if (!reading) throw new Error('The read was never sent.');
    const answer = await reading;
    expect(answer.status).toBe(200);
    expect((answer.json as { name: string }).name).toBe('Single Vision SV-167 -1.25');
  });
});
