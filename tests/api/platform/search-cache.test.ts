import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListItemsResponse, SearchItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { buildApp } from '../../../server/app.ts';
import { containsText, dialectOf } from '../../../server/db/dialect.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, TestClient, testPasswordCost } from '../../support/test-api.ts';

// A process keeps what a search found until a write could change it (server/engine/search/search-cache.ts).
// Two apps on two connections to one database stand for two server processes: each search runs once through
// `here` to be kept, then something changes through `there` or straight in the database, and the same search
// through `here` must answer what the database holds now, as a fresh LIKE scan does.

let api: TestApi;
let there: TestClient;
let here: TestClient;
let fixture: LedgerFixture;
let model: { item_type_id: number; unit_of_measurement_id: number };
let serial = 0;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  here = await api.signIn('owner@example.test');
  here.businessId = fixture.businessId;
  const otherProcess = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
  there = new TestClient(otherProcess);
  for (const [name, value] of here.cookies) there.cookies.set(name, value);
  there.businessId = fixture.businessId;
  model = await api.db
    .selectFrom('items')
    .select(['item_type_id', 'unit_of_measurement_id'])
    .where('id', '=', fixture.itemIds[0])
    .executeTakeFirstOrThrow();
  for (const name of ['Aviator Gold', 'Aviator Silver', 'Round Aviator']) await createItem(name);
});

afterAll(async () => {
  await there.app.close();
  await api.close();
});

async function createItem(name: string): Promise<number> {
  serial += 1;
  const created = await there.post('/api/items', { ...model, code: `AV-${serial}`, name });
  expect(created.status).toBe(201);
  return (created.json as { id: number }).id;
}

// What an unindexed, unkept scan finds: items of the business whose name holds the text, newest first.
async function scanned(text: string, trashed: 'active' | 'trashed' | 'all' = 'active'): Promise<number[]> {
  let query = api.db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', fixture.businessId)
    .where(containsText(dialectOf(api.db), 'name', text));
  if (trashed === 'active') query = query.where('deleted_at', 'is', null);
  if (trashed === 'trashed') query = query.where('deleted_at', 'is not', null);
  return (await query.orderBy('id', 'desc').execute()).map((row) => row.id);
}

async function listed(text: string, extra = ''): Promise<{ ids: number[]; total: number }> {
  const answer = await here.get(`/api/items?per_page=15&search=${encodeURIComponent(text)}${extra}`);
  const page = expectContract(answer, 200, ListItemsResponse);
  return { ids: page.data.map((item) => item.id), total: page.meta.total };
}

async function typeAhead(text: string): Promise<number[]> {
  const answer = await here.get(`/api/items/search?limit=10&q=${encodeURIComponent(text)}`);
  return expectContract(answer, 200, SearchItemsResponse).map((item) => item.id);
}

// The first page and the total, as the list should answer them now.
async function expected(text: string, trashed: 'active' | 'trashed' | 'all' = 'active') {
  const ids = await scanned(text, trashed);
  return { ids: ids.slice(0, 15), total: ids.length };
}

describe('a search kept by one process, after a change made elsewhere', () => {
  it('finds a record another process created, in the list, its total and the type-ahead', async () => {
    const before = await listed('aviator');
    expect(before.total).toBe(3);
    const typedBefore = await typeAhead('aviator');
    const created = await createItem('Aviator Titanium');
    expect(await listed('aviator')).toEqual({ ids: [created, ...before.ids], total: 4 });
    expect(await typeAhead('aviator')).toEqual([created, ...typedBefore]);
  });

  it('follows a rename made by another process, from the old text to the new', async () => {
    const [renamed] = await scanned('Round Aviator');
    expect(await listed('Round')).toEqual({ ids: [renamed], total: 1 });
    expect(await listed('Pilot')).toEqual({ ids: [], total: 0 });
    const answer = await there.patch(`/api/items/${renamed}`, { name: 'Round Pilot' });
    expect(answer.status).toBe(200);
    expect(await listed('Pilot')).toEqual({ ids: [renamed], total: 1 });
    expect(await listed('aviator')).toEqual(await expected('aviator'));
    expect(await typeAhead('aviator')).not.toContain(renamed);
  });

  it('follows soft deletes and restores in the active, trashed and all lists', async () => {
    const [trashed] = await scanned('Aviator Silver');
    const views = ['', '&only_trashed=1', '&with_trashed=1'] as const;
    for (const view of views) await listed('aviator', view);
    expect((await there.delete(`/api/items/${trashed}`)).status).toBe(200);
    expect(await listed('aviator')).toEqual(await expected('aviator'));
    expect((await listed('aviator', '&only_trashed=1')).ids).toEqual([trashed]);
    expect(await listed('aviator', '&with_trashed=1')).toEqual(await expected('aviator', 'all'));
    expect(await typeAhead('aviator')).not.toContain(trashed);

    expect((await there.patch(`/api/items/${trashed}/restore`)).status).toBe(200);
    expect((await listed('aviator')).total).toBe((await scanned('aviator')).length);
    expect(await listed('aviator', '&only_trashed=1')).toEqual({ ids: [], total: 0 });
    expect(await typeAhead('aviator')).toContain(trashed);
  });

  it('follows a change made straight in the database, by no server at all', async () => {
    const [gold = 0] = await scanned('Aviator Gold');
    expect(await listed('Gold')).toEqual({ ids: [gold], total: 1 });
    await api.db.updateTable('items').set({ name: 'Aviator Rose' }).where('id', '=', gold).execute();
    expect(await listed('Gold')).toEqual({ ids: [], total: 0 });
    expect(await listed('Rose')).toEqual({ ids: [gold], total: 1 });
    await api.db.deleteFrom('item_discount_tiers').where('item_id', '=', gold).execute();
    await api.db.deleteFrom('items').where('id', '=', gold).execute();
    expect(await listed('Rose', '&with_trashed=1')).toEqual({ ids: [], total: 0 });
  });

  it('keeps following changes after hundreds of writes (PostgreSQL folds what it counted)', async () => {
    const renamed = await createItem('Aviator Folding');
    expect(await listed('Folding')).toEqual({ ids: [renamed], total: 1 });
    for (let write = 0; write < 520; write += 1) {
      await api.db
        .updateTable('items')
        .set({ name: `Aviator Folding ${write % 2}` })
        .where('id', '=', renamed)
        .execute();
    }
    expect(await listed('Folding 1')).toEqual({ ids: [renamed], total: 1 });
    expect(await listed('Folding 0')).toEqual({ ids: [], total: 0 });
    await api.db.updateTable('items').set({ name: 'Aviator Folded' }).where('id', '=', renamed).execute();
    expect(await listed('Folding')).toEqual({ ids: [], total: 0 });
    expect(await listed('Folded')).toEqual({ ids: [renamed], total: 1 });
  });

  it('pages a kept search: each page the next slice of the same matches, in either order', async () => {
    await listed('aviator');
    for (let made = 0; made < 15; made += 1) await createItem(`Aviator No. ${made}`);
    const all = await scanned('aviator');
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 15); page += 1) {
      const answer = await here.get(`/api/items?per_page=15&page=${page}&search=aviator`);
      pages.push(...expectContract(answer, 200, ListItemsResponse).data.map((item) => item.id));
    }
    expect(pages).toEqual(all);
    expect(pages.length).toBeGreaterThan(15);
    const oldest = await here.get('/api/items?per_page=15&order_by=asc&search=aviator');
    expect(expectContract(oldest, 200, ListItemsResponse).data.map((item) => item.id)).toEqual(
      all.toReversed().slice(0, 15),
    );
  });
});
