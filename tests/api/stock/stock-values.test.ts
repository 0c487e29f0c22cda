import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { GetStockValuationReportResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// docs/domain/logistics.md, Stock and the ledger: an average is the value on hand over the quantity on hand, both
// kept exactly; the Overview's stock value and Stock Valuation agree to the centavo, goods in transit included.

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
const today = '2026-11-21';

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date('2026-11-21T08:00:00Z') });
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function stockOf(itemId: number) {
  const page = expectContract(
    await admin.get(`/api/stocks?item_id=${itemId}&warehouse_id=${fixture.warehouseId}`),
    200,
    ListStocksResponse,
  );
  return page.data[0];
}

describe('stock values', () => {
  it('averages 9 at ₱1,200 and 10 at ₱1,250 to ₱1,226.32, and keeps the value as the movements sum it', async () => {
    const [frame] = fixture.itemIds;
    for (const [quantity, unit_cost] of [
      [9, 1200],
      [10, 1250],
    ] as const) {
      expectContract(
        await admin.post('/api/receive-orders', {
          contact_id: fixture.supplierId,
          warehouse_id: fixture.warehouseId,
          received_date: today,
          lines: [{ item_id: frame, quantity, unit_cost }],
        }),
        201,
        CreateReceiveOrderResponse,
      );
    }
    expect(await stockOf(frame)).toMatchObject({ quantity_on_hand: 19, average_unit_cost: 1226.32, value: 23_300 });

    // Three leave at the rounded average; the value left is the value received less what they took.
    const branchReceipt = await admin.post('/api/stock-transfers', {
      from_warehouse_id: fixture.warehouseId,
      to_branch_id: fixture.branchIds[0],
      transfer_date: today,
      lines: [{ item_id: frame, quantity: 3 }],
    });
    expect(branchReceipt.status).toBe(201);
    expect(await stockOf(frame)).toMatchObject({ quantity_on_hand: 16, average_unit_cost: 1226.32, value: 19_621.04 });
  });

  it('shows the stock adjusted this month as gains and losses apart', async () => {
    const [, , solution] = fixture.itemIds;
    const thisDay = businessDate(new Date());
    expectContract(
      await admin.post('/api/receive-orders', {
        contact_id: fixture.supplierId,
        branch_id: fixture.branchIds[1],
        received_date: thisDay,
        lines: [{ item_id: solution, quantity: 10, unit_cost: 1000 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    const adjust = (reason: string, quantity: number, unitCost?: number) =>
      admin.post('/api/stock-adjustments', {
        branch_id: fixture.branchIds[1],
        adjustment_date: thisDay,
        reason,
        lines: [
          { item_id: solution, quantity_delta: quantity, ...(unitCost === undefined ? {} : { unit_cost: unitCost }) },
        ],
      });
    expect((await adjust('found', 3, 1495)).status).toBe(201);
    expect((await adjust('lost', -1)).status).toBe(201);
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview).toMatchObject({
      adjusted_gains_this_month: 4485,
      // The one lost left at the average the found ones moved: (₱10,000 + ₱4,485) / 13.
      adjusted_losses_this_month: 1114.23,
      adjusted_this_month: 3370.77,
    });
  });

  it('shows on the Overview the value Stock Valuation shows, per location, goods in transit included', async () => {
    const owner = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await owner.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    owner.businessId = businesses[0]?.id ?? null;
    const overview = expectContract(await owner.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    const valuation = expectContract(
      await owner.get('/api/reports/stock-valuation?group_by=location'),
      200,
      GetStockValuationReportResponse,
    );
    const shown = Object.fromEntries(
      (overview.stock_value_by_location ?? []).map((entry) => [entry.location_name, entry.value]),
    );
    const valued = Object.fromEntries(valuation.rows.map((row) => [row.label, row.value]));
    expect(Object.keys(shown).length).toBeGreaterThan(1);
    expect(shown).toEqual(valued);
  });
});
