import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { ListItemsResponse } from '../../../generated/zod/items/items.zod.ts';
import { ListStockLotsResponse } from '../../../generated/zod/stock-lots/stock-lots.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { ledgerMismatches, lotMismatches } from '../../ledger/ledger-fixture.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// The demo shop keeps its contact lenses and solutions by lot: some lots expire soon, one has expired on the shelf.

let api: TestApi;
let cashier: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
  cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await cashier.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  cashier.businessId = businesses[0]?.id ?? null;
});

afterAll(() => api.close());

describe('the demo lots', () => {
  it('mark contact lenses and solutions as lot-tracked', async () => {
    const items = expectContract(await cashier.get('/api/items?per_page=100&search=OASYS'), 200, ListItemsResponse);
    expect(items.data.find((item) => item.code === 'AC-O1D-30')?.is_lot_tracked).toBe(true);
    const lots = expectContract(await cashier.get('/api/stock-lots?per_page=100'), 200, ListStockLotsResponse);
    const names = new Set(lots.data.map((lot) => lot.item_name));
    expect([...names].some((name) => name.includes('ACUVUE OASYS'))).toBe(true);
    expect([...names].some((name) => name.includes('Air Optix'))).toBe(true);
    expect([...names].some((name) => name.includes('Opti-Free'))).toBe(true);
    expect([...names].some((name) => name.includes('ReNu'))).toBe(true);
  });

  it('show lots expiring within 90 days on the Overview, one of them already expired', async () => {
    const today = businessDate(new Date());
    // The admin works everywhere; the cashier's Overview shows her branch's lots only.
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    admin.businessId = cashier.businessId;
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.expiring_lots.filter((lot) => lot.expires_on < today)).toHaveLength(1);
    expect(overview.expiring_lots.filter((lot) => lot.expires_on >= today).length).toBeGreaterThanOrEqual(3);
    const within = expectContract(
      await admin.get('/api/stock-lots?expiring_within_days=90&per_page=100'),
      200,
      ListStockLotsResponse,
    );
    expect(within.data.map((lot) => lot.lot_number).sort()).toEqual(
      overview.expiring_lots.map((lot) => lot.lot_number).sort(),
    );
  });

  it('add up: movements per lot, and every stock row the sum of its lots', async () => {
    const business = await api.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    expect(await ledgerMismatches(api.db, business.id)).toEqual([]);
    expect(await lotMismatches(api.db, business.id)).toEqual([]);
  });
});
