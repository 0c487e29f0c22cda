import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { mergeWrittenSearchIndexes } from '../../../server/engine/search/search-index-merging.ts';
import { type LedgerFixture, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// SQLite's FTS5 index gains a segment with each writing transaction; a process merges those written since it last
// looked, a few pages a step (server/engine/search/search-index-merging.ts), so that searches seek few segments again.

const onSqlite = process.env.SPECTACLE_TEST_DATABASE !== 'postgres';

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, admin } = await twoBusinessesAndTheirOwner(api));
  admin.businessId = ours.businessId;
});

afterAll(() => api.close());

async function segments(): Promise<number> {
  const found = await sql<{ segments: number }>`
    SELECT COUNT(DISTINCT segid) AS segments FROM items_fts_idx`.execute(api.db);
  return Number(found.rows[0]?.segments ?? 0);
}

async function searched(text: string): Promise<number[]> {
  const answer = await admin.get(`/api/items?per_page=100&search=${encodeURIComponent(text)}`);
  return expectContract(answer, 200, ListItemsResponse).data.map((item) => item.id);
}

describe.skipIf(!onSqlite)('the search index between starts', () => {
  it('merges the segments its writes added, answers the same searches, and leaves a merged index alone', async () => {
    const model = await api.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', ours.itemIds[0])
      .executeTakeFirstOrThrow();
    const { id: _id, ...columns } = model;
    // FTS5 folds a level's segments into the next in the writing transaction once it holds four (its `automerge`):
    // a small index stays at one or two. Turned off here, each write leaves its segment, as a large index's do
    // between such folds.
    await sql`INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 0)`.execute(api.db);
    // Each insert its own transaction, as items added one by one at a counter are.
    for (let index = 0; index < 120; index += 1) {
      await api.db
        .insertInto('items')
        .values({ ...columns, code: `MRG-${index}`, barcode: null, name: `Merged frame ${index % 7}` })
        .execute();
    }
    const written = await segments();
    expect(written).toBeGreaterThan(4);
    const before = await searched('frame 3');
    expect(before.length).toBeGreaterThan(10);

    const merged = new Map<string, number>();
    let looks = 0;
    while (!(await mergeWrittenSearchIndexes(api.db, ['items'], merged, 200))) looks += 1;
    expect(looks).toBeLessThan(50);
    const after = await segments();
    expect(after).toBeLessThan(written);
    expect(after).toBeLessThanOrEqual(2);
    expect(await searched('frame 3')).toEqual(before);

    const structure = sql<{ block: Uint8Array }>`SELECT block FROM items_fts_data WHERE id = 10`;
    const settled = (await structure.execute(api.db)).rows[0]?.block;
    expect(await mergeWrittenSearchIndexes(api.db, ['items'], merged, 200)).toBe(true);
    expect((await structure.execute(api.db)).rows[0]?.block).toEqual(settled);

    // A write moves the table's epoch: the next look merges again.
    await api.db.updateTable('items').set({ name: 'Merged frame 3 renamed' }).where('code', '=', 'MRG-0').execute();
    await mergeWrittenSearchIndexes(api.db, ['items'], merged, 200);
    expect(await segments()).toBeLessThanOrEqual(after + 1);
    expect(await searched('frame 3 renamed')).toHaveLength(1);
  });
});
