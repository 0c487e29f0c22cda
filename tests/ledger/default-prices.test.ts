import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestPurchaseCost, latestSalePrice } from '../../server/documents/default-prices.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createLedgerFixture, type LedgerFixture } from './ledger-fixture.ts';

let database: TestDatabase;
let fixture: LedgerFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await createLedgerFixture(database.db);
  const audit = {
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    updated_by: null,
    deleted_at: null,
  };
  const [frame] = fixture.itemIds;
  const tenant = { ...audit, business_id: fixture.businessId, item_id: frame };
  await database.db
    .insertInto('purchase_item_prices')
    .values([
      { ...tenant, contact_id: fixture.supplierId, unit_cost: 100_000, effective_date: '2026-01-01' },
      { ...tenant, contact_id: fixture.supplierId, unit_cost: 110_000, effective_date: '2026-06-01' },
      { ...tenant, contact_id: fixture.supplierId, unit_cost: 120_000, effective_date: '2026-12-01' },
    ])
    .execute();
  await database.db
    .insertInto('sale_item_prices')
    .values([
      { ...tenant, branch_id: null, unit_price: 250_000, effective_date: '2026-03-01' },
      { ...tenant, branch_id: fixture.branchIds[0], unit_price: 240_000, effective_date: '2026-03-01' },
      { ...tenant, branch_id: null, unit_price: 260_000, effective_date: '2026-09-01' },
    ])
    .execute();
});

afterAll(async () => {
  await database.destroy();
});

describe('default line prices', () => {
  it('takes the latest purchase cost effective on the document date, not a future one', async () => {
    const [frame] = fixture.itemIds;
    expect(await latestPurchaseCost(database.db, fixture.businessId, frame, fixture.supplierId, '2026-11-21')).toBe(
      110_000,
    );
    expect(
      await latestPurchaseCost(database.db, fixture.businessId, frame, fixture.supplierId, '2025-12-31'),
    ).toBeNull();
  });

  it("prefers the branch's own sale price on the same day, and a newer every-branch price after it", async () => {
    const [frame] = fixture.itemIds;
    expect(await latestSalePrice(database.db, fixture.businessId, frame, fixture.branchIds[0], '2026-05-01')).toBe(
      240_000,
    );
    expect(await latestSalePrice(database.db, fixture.businessId, frame, fixture.branchIds[1], '2026-05-01')).toBe(
      250_000,
    );
    expect(await latestSalePrice(database.db, fixture.businessId, frame, fixture.branchIds[0], '2026-11-21')).toBe(
      260_000,
    );
  });
});
