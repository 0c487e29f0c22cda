import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../server/areas/index.ts';
import { dashboardOverview } from '../../server/areas/reports/dashboard-overview.ts';
import { seedPermissions } from '../../server/auth/seed-permissions.ts';
import { seedDemoDocuments } from '../../server/demo/documents.ts';
import { seedDemoMasterData } from '../../server/demo/master-data.ts';
import { testPasswordCost } from '../support/test-api.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { ledgerMismatches } from './ledger-fixture.ts';

let database: TestDatabase;
let businessId: number;
const now = new Date('2026-11-21T02:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPermissions(database.db, now.toISOString(), permissions);
  await database.db.transaction().execute(async (trx) => {
    const master = await seedDemoMasterData(trx, { passwordCost: testPasswordCost, now });
    businessId = master.businessId;
    await seedDemoDocuments(trx, master, now);
  });
}, 60_000);

afterAll(async () => {
  await database.destroy();
});

describe('the demo documents', () => {
  it('leave a ledger whose movements add up, with no stock below zero', async () => {
    expect(await ledgerMismatches(database.db, businessId)).toEqual([]);
  });

  it('give the Overview weeks of sales, money owed both ways and stock at every location', async () => {
    const overview = await dashboardOverview(database.db, businessId, now, null, new Map());
    expect(overview.sales_by_day.filter((day) => day.total > 0).length).toBeGreaterThanOrEqual(25);
    expect(overview.purchases_by_day.some((day) => day.total > 0)).toBe(true);
    expect(overview.receivables).toBeGreaterThan(0);
    expect(overview.payables).toBeGreaterThan(0);
    expect(overview.stock_value_by_location).toHaveLength(3);
    expect(overview.top_items).toHaveLength(5);
  });

  it('number every document of a kind and location without a gap', async () => {
    const numbers = await database.db
      .selectFrom('invoices')
      .select('number')
      .where('business_id', '=', businessId)
      .execute();
    const perBranch = new Map<string, number[]>();
    for (const { number } of numbers) {
      const [, , place, sequence] = number.split('-');
      perBranch.set(place ?? '', [...(perBranch.get(place ?? '') ?? []), Number(sequence)]);
    }
    for (const sequences of perBranch.values()) {
      expect(sequences.sort((a, b) => a - b)).toEqual(sequences.map((_, index) => index + 1));
    }
  });
});
