import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import { dialectOf } from '../../../server/db/dialect.ts';
import { retryTransaction } from '../../../server/db/transaction-retry.ts';
import type { Location } from '../../../server/domain/location.ts';
import { foldCountChanges } from '../../../server/engine/maintained-total.ts';
import { applyStockChanges, type StockChange } from '../../../server/ledger/stock/stock-ledger.ts';
import { type LedgerFixture, posting, twoBusinessesAndTheirOwner } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// The stocks list answers its total without counting its rows: on SQLite from `record_counts`, on PostgreSQL
// from `record_counts` plus the change rows that postings append (a posting never locks a counter row). These
// tests hold that total to the rows, through concurrent postings that create stock rows and through a fold.

let api: TestApi;
let admin: TestClient;
let ours: LedgerFixture;
let theirs: LedgerFixture;

beforeAll(async () => {
  api = await createTestApi();
  ({ ours, theirs, admin } = await twoBusinessesAndTheirOwner(api));
});

afterAll(() => api.close());

function receipt(itemId: number, location: Location): StockChange {
  return {
    itemId,
    location,
    balance: 'on_hand',
    delta: 1_000,
    unitCost: 10_000,
    costEffect: 'receipt',
    field: 'quantity',
    documentLineId: null,
  };
}

// Receives every item at every location of the fixture, in the given order of items.
function receiveAll(fixture: LedgerFixture, itemIds: readonly number[], documentId: number) {
  const locations: Location[] = [
    { branch_id: fixture.branchIds[0], warehouse_id: null },
    { branch_id: fixture.branchIds[1], warehouse_id: null },
    { branch_id: null, warehouse_id: fixture.warehouseId },
  ];
  const changes = itemIds.flatMap((itemId) => locations.map((location) => receipt(itemId, location)));
  return retryTransaction(() =>
    posting(api.db, fixture.businessId, (context) =>
      applyStockChanges(context, { type: 'test', id: documentId, number: null }, changes),
    ),
  );
}

async function listedTotal(fixture: LedgerFixture, query = ''): Promise<number> {
  admin.businessId = fixture.businessId;
  const answer = await admin.get(`/api/stocks?per_page=15${query}`);
  return expectContract(answer, 200, ListStocksResponse).meta.total;
}

async function rowsOf(fixture: LedgerFixture): Promise<number> {
  const counted = await api.db
    .selectFrom('stocks')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', fixture.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

describe('the stocks list total', () => {
  it('counts the stock rows that concurrent postings create, per business, without counting them', async () => {
    expect(await listedTotal(ours)).toBe(0);
    const items = [...ours.itemIds];
    const reversed = [...items].reverse();
    // Postings that create the same and different rows at once, in opposite orders of their lines.
    await Promise.all([
      receiveAll(ours, items, 1),
      receiveAll(ours, reversed, 2),
      receiveAll(ours, items.slice(1), 3),
      receiveAll(theirs, [theirs.itemIds[0]], 4),
      receiveAll(ours, reversed.slice(1), 5),
    ]);
    expect(await rowsOf(ours)).toBe(9);
    expect(await listedTotal(ours)).toBe(9);
    expect(await listedTotal(ours, '&with_trashed=1')).toBe(9);
    expect(await listedTotal(ours, '&only_trashed=1')).toBe(0);
    expect(await listedTotal(ours, `&item_id=${ours.itemIds[0]}`)).toBe(3);
    expect(await listedTotal(theirs)).toBe(3);
  });

  it('stays exact when the changes are folded into the counter row, and after more postings', async () => {
    await foldCountChanges(api.db, ours.businessId, 'stocks');
    if (dialectOf(api.db) === 'postgres') {
      const left = await api.db
        .selectFrom('record_count_changes')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('business_id', '=', ours.businessId)
        .executeTakeFirstOrThrow();
      expect(Number(left.total)).toBe(0);
    }
    expect(await listedTotal(ours)).toBe(9);
    await receiveAll(ours, [ours.serviceItemId], 6);
    expect(await listedTotal(ours)).toBe(12);
    expect(await listedTotal(ours)).toBe(await rowsOf(ours));
    expect(await listedTotal(theirs)).toBe(3);
  });
});
