import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAcknowledgmentReceiptsResponse } from '../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { ListJobOrdersResponse } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// The demo business invoices at release (docs/domain/sales.md, Deposits): its orders stand at every step of the road
// with their deposits, one refunded before the lab and one forfeited.

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
  expect(businesses[0]?.job_invoicing).toBe('at_release');
});

afterAll(() => api.close());

describe('the demo’s deposits', () => {
  it('has deposits in cash and e-wallet, one refunded, one applied and one forfeited', async () => {
    const receipts = expectContract(
      await cashier.get('/api/acknowledgment-receipts?per_page=100'),
      200,
      ListAcknowledgmentReceiptsResponse,
    );
    const methods = new Set(receipts.data.map((receipt) => receipt.payment_method));
    expect([...methods].sort()).toEqual(['cash', 'e_wallet']);
    expect(receipts.data.some((receipt) => receipt.refunded_amount > 0 && receipt.balance === 0)).toBe(true);
    expect(receipts.data.some((receipt) => receipt.applied_amount > 0 && receipt.balance === 0)).toBe(true);
    expect(receipts.data.some((receipt) => receipt.forfeited_amount > 0)).toBe(true);
    const orders = expectContract(await cashier.get('/api/job-orders?per_page=100'), 200, ListJobOrdersResponse);
    const statuses = new Set(orders.data.map((order) => order.status));
    for (const status of ['open', 'in_lab', 'ready', 'claimed', 'cancelled', 'forfeited']) {
      expect(statuses.has(status as never), status).toBe(true);
    }
    const claimedAtRelease = orders.data.find(
      (order) => order.status === 'claimed' && order.acknowledgment_receipts.length > 0,
    );
    expect(claimedAtRelease?.invoice_balance).toBe(0);
  });
});
