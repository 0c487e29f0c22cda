import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { ListJobOrdersResponse } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { ListPrescriptionsResponse } from '../../../generated/zod/prescriptions/prescriptions.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

let api: TestApi;

async function demoUser(email: string): Promise<TestClient> {
  const client = await api.signIn(email, 'spectacle-demo');
  const { businesses } = expectContract(
    await client.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  client.businessId = businesses[0]?.id ?? null;
  return client;
}

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
});

afterAll(() => api.close());

describe('the demo optical shop', () => {
  it('has patients with years of prescriptions, the older ones expired', async () => {
    const cashier = await demoUser('cashier@spectacle.test');
    const all = expectContract(await cashier.get('/api/prescriptions?per_page=100'), 200, ListPrescriptionsResponse);
    expect(all.meta.total).toBeGreaterThanOrEqual(15);
    expect(all.data.some((rx) => rx.status === 'expired')).toBe(true);
    expect(all.data.some((rx) => rx.status === 'valid' && rx.is_used)).toBe(true);
    expect(all.data.some((rx) => rx.kind === 'contact_lenses')).toBe(true);
  });

  it('has job orders in every status, late ones on the Overview and deposits on their invoices', async () => {
    const cashier = await demoUser('cashier@spectacle.test');
    const orders = expectContract(await cashier.get('/api/job-orders?per_page=100'), 200, ListJobOrdersResponse);
    expect(new Set(orders.data.map((order) => order.status))).toEqual(
      new Set(['open', 'in_lab', 'ready', 'claimed', 'cancelled', 'forfeited', 'remade']),
    );
    expect(orders.data.some((order) => (order.invoice_balance ?? 0) > 0)).toBe(true);
    expect(orders.data.some((order) => order.lab === 'outside')).toBe(true);
    const overview = expectContract(await cashier.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.job_orders_due.some((order) => order.late)).toBe(true);
    expect(overview.job_orders_due.some((order) => !order.late)).toBe(true);
  });

  it('lets the cashier record prescriptions and job orders, and keeps the warehouse clerk out', async () => {
    const cashier = await demoUser('cashier@spectacle.test');
    const user = (await cashier.get('/api/auth/user')).json as { user: { permission_names: string[] } };
    expect(user.user.permission_names).toEqual(
      expect.arrayContaining([
        'create-prescriptions',
        'update-prescriptions',
        'create-job-orders',
        'update-job-orders',
      ]),
    );
    const clerk = await demoUser('clerk@spectacle.test');
    expect((await clerk.get('/api/job-orders')).status).toBe(403);
    expect((await clerk.get('/api/prescriptions')).status).toBe(403);
  });
});
