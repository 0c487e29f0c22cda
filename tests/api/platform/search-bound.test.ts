import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListItemsResponse, SearchItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { containsText, dialectOf } from '../../../server/db/dialect.ts';
import { searchCountBound } from '../../../server/engine/list.ts';
import { type LedgerFixture, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// A quick search counts its matches up to a bound (docs/DECISIONS.md, "Speed"): past it the list says "more than"
// and still shows the right rows, newest first or oldest first, on every page.

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;
let theirs: LedgerFixture;

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, theirs, admin } = await twoBusinessesAndTheirOwner(api));
  const at = new Date().toISOString();
  for (const fixture of [ours, theirs]) {
    const model = await api.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', fixture.itemIds[0])
      .executeTakeFirstOrThrow();
    const { id: _id, ...columns } = model;
    // Every 7th is another frame, and every 5th is trashed: about 1,100 active Boundless frames, which the bound
    // counts only up to 1,000.
    const rows = Array.from({ length: 1_600 }, (_, index) => ({
      ...columns,
      code: `BOUND-${fixture.businessId}-${index}`,
      barcode: null,
      name: index % 7 === 3 ? `Aviator ${index}` : `Boundless Frame ${index}`,
      deleted_at: index % 5 === 4 ? at : null,
      created_at: at,
      updated_at: at,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await api.db
        .insertInto('items')
        .values(rows.slice(start, start + 200))
        .execute();
    }
  }
  admin.businessId = ours.businessId;
});

afterAll(() => api.close());

// What a plain scan finds: our business's active items matching the text, newest first.
async function scanned(text: string): Promise<number[]> {
  const dialect = dialectOf(api.db);
  const rows = await api.db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', ours.businessId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or(['code', 'barcode', 'name', 'description'].map((column) => containsText(dialect, column, text))),
    )
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function listed(query: string) {
  return expectContract(await admin.get(`/api/items?${query}`), 200, ListItemsResponse);
}

describe('a quick search with more matches than the bound', () => {
  it('answers the bounded total, "more than" flagged, and the newest matches first', async () => {
    const expected = await scanned('boundless');
    expect(expected.length).toBeGreaterThan(searchCountBound);
    const first = await listed('search=boundless&per_page=15');
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: Math.floor(searchCountBound / 15) + 1,
      per_page: 15,
      total: searchCountBound,
      total_is_lower_bound: true,
    });
    expect(first.data.map((item) => item.id)).toEqual(expected.slice(0, 15));
    expect(first.links.next).toContain('page=2');
  });

  it('pages past the bound: each page the next slice, the last one exact', async () => {
    const expected = await scanned('BOUNDLESS');
    const lastBounded = Math.floor(searchCountBound / 15) + 1;
    const atBound = await listed(`search=BOUNDLESS&per_page=15&page=${lastBounded}`);
    expect(atBound.data.map((item) => item.id)).toEqual(expected.slice((lastBounded - 1) * 15, lastBounded * 15));
    expect(atBound.meta.total_is_lower_bound).toBe(true);
    expect(atBound.links.next).not.toBeNull();
    const lastPage = Math.ceil(expected.length / 15);
    const last = await listed(`search=BOUNDLESS&per_page=15&page=${lastPage}`);
    expect(last.data.map((item) => item.id)).toEqual(expected.slice((lastPage - 1) * 15));
    expect(last.meta).toMatchObject({ total: expected.length, total_is_lower_bound: false, last_page: lastPage });
    expect(last.links.next).toBeNull();
  });

  it('answers the oldest matches first in ascending order', async () => {
    const expected = (await scanned('Boundless')).toReversed();
    const first = await listed('search=Boundless&per_page=25&order_by=asc');
    expect(first.data.map((item) => item.id)).toEqual(expected.slice(0, 25));
    expect(first.meta).toMatchObject({ total: searchCountBound, total_is_lower_bound: true });
  });

  it('answers the same again once the search is kept, and the type-ahead its newest', async () => {
    const expected = await scanned('oundless fr');
    for (let round = 0; round < 2; round += 1) {
      const page = await listed('search=oundless%20fr&per_page=50&page=3');
      expect(page.data.map((item) => item.id)).toEqual(expected.slice(100, 150));
      expect(page.meta).toMatchObject({ total: searchCountBound, total_is_lower_bound: true });
    }
    const typeAhead = expectContract(
      await admin.get('/api/items/search?limit=10&q=oundless%20fr'),
      200,
      SearchItemsResponse,
    );
    expect(typeAhead.map((item) => item.id)).toEqual(expected.slice(0, 10));
  });

  it('counts exactly below the bound', async () => {
    const expected = await scanned('Aviator');
    expect(expected.length).toBeLessThan(searchCountBound);
    const page = await listed('search=Aviator&per_page=100');
    expect(page.meta).toMatchObject({ total: expected.length, total_is_lower_bound: false });
    expect(page.data.map((item) => item.id)).toEqual(expected.slice(0, 100));
  });

  it('finds what a plain scan finds for random pieces of the names, in random case', async () => {
    const pieces = ['Boundless Frame 1', 'Aviator 3', 'ator', 'rame 10', 'ss F', 'BOUND-', 'x', 'Fr', '99'];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let round = 0; round < 12; round += 1) {
      const piece = pieces[Math.floor(random() * pieces.length)] ?? '';
      const start = Math.floor(random() * piece.length);
      const text = [...piece.slice(start, start + 1 + Math.floor(random() * 6))]
        .map((character) => (random() < 0.5 ? character.toUpperCase() : character.toLowerCase()))
        .join('');
      const expected = await scanned(text);
      const page = await listed(`search=${encodeURIComponent(text)}&per_page=100`);
      expect({ text, ids: page.data.map((item) => item.id) }).toEqual({ text, ids: expected.slice(0, 100) });
      expect({ text, total: page.meta.total, bounded: page.meta.total_is_lower_bound }).toEqual({
        text,
        total: Math.min(expected.length, searchCountBound),
        bounded: expected.length > searchCountBound,
      });
    }
  });
});

describe('an unsearched list past its first thousand rows', () => {
  // A deep page finds its ids first and reads only its own rows (engine/list.ts): the same rows, whole.
  it('shows the rows a plain walk shows, newest and oldest first, with the trash or without', async () => {
    for (const [trashed, order] of [
      ['', 'desc'],
      ['', 'asc'],
      ['&with_trashed=1', 'desc'],
    ] as const) {
      let rows = api.db.selectFrom('items').selectAll().where('business_id', '=', ours.businessId);
      if (trashed === '') rows = rows.where('deleted_at', 'is', null);
      const all = await rows.orderBy('id', order).execute();
      const perPage = order === 'asc' ? 15 : 100;
      const page = Math.floor(1_000 / perPage) + 2;
      const expected = all.slice((page - 1) * perPage, page * perPage);
      expect(expected.length).toBeGreaterThan(0);
      const listedPage = await listed(`per_page=${perPage}&page=${page}&order_by=${order}${trashed}`);
      expect(listedPage.data.map((item) => item.id)).toEqual(expected.map((item) => item.id));
      expect(listedPage.data[0]).toMatchObject({ code: expected[0]?.code, name: expected[0]?.name });
      expect(listedPage.meta).toMatchObject({ total: all.length, current_page: page });
    }
  });
});
