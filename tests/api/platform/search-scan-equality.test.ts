import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListItemsResponse, SearchItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { resources } from '../../../server/areas/index.ts';
import { itemsResource } from '../../../server/areas/inventory/items.ts';
import { containsText, dialectOf } from '../../../server/db/dialect.ts';
import {
  ensureSearchIndexes,
  matchingIdsInOrder,
  searchIndexesOf,
} from '../../../server/engine/search/search-index.ts';
import { type LedgerFixture, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// Whatever the search index proposes (FTS5 on SQLite; on PostgreSQL the trigram postings read newest first from the
// sparsest trigram), a search answers exactly the rows a plain LIKE/ILIKE scan answers, in id order. Names are made
// of a few shared pieces, so that many trigrams have more postings than a search samples and the sparsest differs
// from text to text; the rows then change (renames, trash, restores, deletes) and the searches must follow.

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;
let theirs: LedgerFixture;

const columns = ['code', 'barcode', 'name', 'description'] as const;
const pieces = ['Club', 'master', ' 4', '40', 'Ñandú', 'ti', '100%', 'a_b', 'é', 'X', '  ', 'Oval', '\\', "'"];
const nameArbitrary = fc
  .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''));
// A text is a few pieces in any case, or a slice of one of the names.
const textArbitrary = fc.oneof(
  fc
    .tuple(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([parts, upper]) => (upper ? parts.join('').toUpperCase() : parts.join('').toLowerCase())),
  fc
    .tuple(nameArbitrary, fc.nat(), fc.integer({ min: 3, max: 8 }))
    .map(([name, start, length]) => name.slice(start % name.length, (start % name.length) + length)),
);

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, theirs, admin } = await twoBusinessesAndTheirOwner(api));
  admin.businessId = ours.businessId;
});

afterAll(() => api.close());

// Items written straight to the database, as an import or another process would: the triggers keep the index.
async function addItems(fixture: LedgerFixture, names: readonly string[]): Promise<void> {
  const { id: _id, ...model } = await api.db
    .selectFrom('items')
    .selectAll()
    .where('id', '=', fixture.itemIds[0])
    .executeTakeFirstOrThrow();
  const start = Date.now() % 1_000_000;
  await api.db
    .insertInto('items')
    .values(
      names.map((name, index) => ({
        ...model,
        code: `SQ-${start}-${index}`,
        barcode: null,
        name,
        description: index % 4 === 0 ? (names[index + 1] ?? null) : null,
      })),
    )
    .execute();
}

async function scanned(text: string, trashed: 'active' | 'all'): Promise<number[]> {
  const dialect = dialectOf(api.db);
  let query = api.db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', ours.businessId)
    .where((eb) => eb.or(columns.map((column) => containsText(dialect, column, text))));
  if (trashed === 'active') query = query.where('deleted_at', 'is', null);
  return (await query.orderBy('id', 'desc').execute()).map((row) => row.id);
}

async function searched(text: string, order: 'asc' | 'desc', trashed: 'active' | 'all'): Promise<number[]> {
  const extra = trashed === 'all' ? '&with_trashed=1' : '';
  const answer = await admin.get(
    `/api/items?per_page=100&order_by=${order}&search=${encodeURIComponent(text)}${extra}`,
  );
  return expectContract(answer, 200, ListItemsResponse).data.map((item) => item.id);
}

// The first `limit` matches straight from the engine: a small limit is where the walk of the postings stops early.
async function firstMatches(text: string, order: 'asc' | 'desc', trashed: 'active' | 'all', limit: number) {
  const place = { table: 'items', businessId: ours.businessId, trashed };
  return matchingIdsInOrder(api.db, { place, columns: itemsResource.searchColumns, text, order, limit });
}

async function expectScanEquality(runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      textArbitrary,
      fc.constantFrom('active' as const, 'all' as const),
      fc.integer({ min: 1, max: 40 }),
      async (text, trashed, limit) => {
        const expected = await scanned(text, trashed);
        for (const order of ['desc', 'asc'] as const) {
          const inOrder = order === 'desc' ? expected : [...expected].reverse();
          expect({ text, order, limit, ids: await firstMatches(text, order, trashed, limit) }).toEqual({
            text,
            order,
            limit,
            ids: inOrder.slice(0, limit),
          });
        }
        expect({ text, ids: await searched(text, 'desc', trashed) }).toEqual({ text, ids: expected.slice(0, 100) });
        expect({ text, ids: await searched(text, 'asc', trashed) }).toEqual({
          text,
          ids: [...expected].reverse().slice(0, 100),
        });
        if (trashed === 'active') {
          const typeAhead = await admin.get(`/api/items/search?limit=100&q=${encodeURIComponent(text)}`);
          const ids = expectContract(typeAhead, 200, SearchItemsResponse).map((item) => item.id);
          expect({ text, ids }).toEqual({ text, ids: expected.slice(0, 100) });
        }
      },
    ),
    { numRuns: runs },
  );
}

describe('a search against the plain scan', () => {
  it('finds exactly the scanned rows, in either order, as the rows are added, renamed, trashed and deleted', async () => {
    const names = fc.sample(nameArbitrary, { numRuns: 240, seed: 30 });
    await addItems(ours, names.slice(0, 200));
    await addItems(theirs, names.slice(100));
    await expectScanEquality(40);

    const rows = await api.db
      .selectFrom('items')
      .select('id')
      .where('business_id', '=', ours.businessId)
      .where('code', 'like', 'SQ-%')
      .orderBy('id')
      .execute();
    const ids = rows.map((row) => row.id);
    for (const [index, id] of ids.entries()) {
      if (index % 5 === 0) {
        await api.db
          .updateTable('items')
          .set({ name: names[(index * 7) % names.length] ?? 'Oval', description: 'Clubmaster 40' })
          .where('id', '=', id)
          .execute();
      }
      if (index % 7 === 1)
        await api.db.updateTable('items').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
      if (index % 11 === 2) await api.db.deleteFrom('items').where('id', '=', id).execute();
    }
    await expectScanEquality(40);
  });
});

describe('a PostgreSQL database indexed before the trigram postings', () => {
  it.skipIf(process.env.SPECTACLE_TEST_DATABASE !== 'postgres')(
    'gains them at the next start, keeps its GIN indexes, and searches as the scan does',
    async () => {
      await sql`DROP TABLE items_trigrams`.execute(api.db);
      await sql`DROP FUNCTION items_trigrams_keep() CASCADE`.execute(api.db);
      await api.db
        .updateTable('search_indexes')
        .set({ columns: itemsResource.searchColumns.join(',') })
        .where('table_name', '=', 'items')
        .execute();
      const gin = sql<{ oid: number }>`SELECT 'items_name_trgm'::regclass::oid AS oid`;
      const before = (await gin.execute(api.db)).rows[0]?.oid;
      await ensureSearchIndexes(api.db, searchIndexesOf(resources));
      expect((await gin.execute(api.db)).rows[0]?.oid).toBe(before);
      await expectScanEquality(20);
    },
  );
});

describe('a PostgreSQL database whose postings were built before the searched texts', () => {
  it.skipIf(process.env.SPECTACLE_TEST_DATABASE !== 'postgres')(
    'gains them at the next start and searches as the scan does',
    async () => {
      await sql`DROP TABLE items_search_texts`.execute(api.db);
      await api.db
        .updateTable('search_indexes')
        .set({ columns: `${itemsResource.searchColumns.join(',')};trigrams=business_id,trigram,id` })
        .where('table_name', '=', 'items')
        .execute();
      await ensureSearchIndexes(api.db, searchIndexesOf(resources));
      const texts = await sql<{ rows: number }>`SELECT COUNT(*)::int AS rows FROM items_search_texts`.execute(api.db);
      const items = await api.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .execute();
      expect(Number(texts.rows[0]?.rows)).toBe(Number(items[0]?.rows));
      await expectScanEquality(20);
    },
  );
});
