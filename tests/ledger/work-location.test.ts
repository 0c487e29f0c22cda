import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListBranchesResponse, SearchBranchesResponse } from '../../generated/zod/branches/branches.zod.ts';
import { SearchPurchaseOrdersResponse } from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { SearchStockRequestsResponse } from '../../generated/zod/stock-requests/stock-requests.zod.ts';
import { SearchStockTransfersResponse } from '../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { ListWarehousesResponse, SearchWarehousesResponse } from '../../generated/zod/warehouses/warehouses.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture } from './ledger-fixture.ts';

let api: TestApi;
let fixture: LedgerFixture;
let admin: TestClient;
let cashier: TestClient;
let roaming: TestClient;
let clerk: TestClient;
const today = '2026-11-21';

const every = (prefixes: string[]) =>
  prefixes.flatMap((prefix) =>
    ['view', 'create', 'update', 'delete', 'restore'].map((action) => `${action}-${prefix}`),
  );
const sales = [
  ...every(['invoices', 'invoice-payments', 'quotations', 'stock-requests', 'stock-receives']),
  'view-branches',
  'view-warehouses',
];
const logistics = [
  ...every(['purchase-orders', 'receive-orders', 'bills', 'bill-payments', 'stock-transfers', 'stock-returns']),
  ...every(['stock-receives', 'stock-requests']),
  'view-branches',
  'view-warehouses',
];

async function userAt(email: string, permissions: string[], home: { type: 'branch' | 'warehouse'; id: number }) {
  const id = await api.createUser({ email, permissions, businessIds: [fixture.businessId] });
  await api.db
    .updateTable('users')
    .set({ userable_type: home.type, userable_id: home.id })
    .where('id', '=', id)
    .execute();
  const client = await api.signIn(email);
  client.businessId = fixture.businessId;
  return client;
}

beforeAll(async () => {
  // Its sales are dated `today`, which the server's clock must read as today (a cashier cannot backdate).
  api = await createTestApi({ now: () => new Date(`${today}T06:00:00Z`) });
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  const makati = { type: 'branch' as const, id: fixture.branchIds[0] };
  cashier = await userAt('cashier@example.test', sales, makati);
  roaming = await userAt('relief@example.test', [...sales, 'work-at-any-location'], makati);
  clerk = await userAt('clerk@example.test', logistics, { type: 'warehouse', id: fixture.warehouseId });
});

afterAll(() => api.close());

type Created = { id: number; lines: { id: number }[] };

async function created(client: TestClient, path: string, body: unknown): Promise<Created> {
  const answer = await client.post(path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json as Created;
}

function expectRefusalOn(answer: { status: number; json: unknown }, field: string, home: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(422);
  expect((answer.json as { errors: Record<string, string[]> }).errors).toEqual({
    [field]: [`You may only work at ${home}.`],
  });
}

const [makatiId, quezonCityId] = [() => fixture.branchIds[0], () => fixture.branchIds[1]];
const invoiceAt = (branchId: number) => ({
  contact_id: fixture.customerId,
  branch_id: branchId,
  invoice_date: today,
  lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 }],
});

describe('a user with a home location works only there', () => {
  it('sells and quotes at the home branch only, unless a role grants work-at-any-location', async () => {
    expectRefusalOn(await cashier.post('/api/invoices', invoiceAt(quezonCityId())), 'branch_id', 'Makati');
    await created(cashier, '/api/invoices', invoiceAt(makatiId()));
    const quotation = {
      contact_id: fixture.customerId,
      branch_id: quezonCityId(),
      quotation_date: today,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 }],
    };
    expectRefusalOn(await cashier.post('/api/quotations', quotation), 'branch_id', 'Makati');
    await created(roaming, '/api/quotations', quotation);
    await created(roaming, '/api/invoices', invoiceAt(quezonCityId()));
  });

  it('edits, voids and takes payments only for documents at the home branch', async () => {
    const own = await created(cashier, '/api/invoices', invoiceAt(makatiId()));
    expectRefusalOn(
      await cashier.patch(`/api/invoices/${own.id}`, { branch_id: quezonCityId() }),
      'branch_id',
      'Makati',
    );
    const elsewhere = await created(admin, '/api/invoices', invoiceAt(quezonCityId()));
    expectRefusalOn(await cashier.delete(`/api/invoices/${elsewhere.id}`), 'branch_id', 'Makati');
    const payment = (invoiceId: number) => ({
      invoice_id: invoiceId,
      payment_date: today,
      amount: 100,
      payment_method: 'cash',
    });
    expectRefusalOn(await cashier.post('/api/invoice-payments', payment(elsewhere.id)), 'invoice_id', 'Makati');
    await created(cashier, '/api/invoice-payments', payment(own.id));
    expect((await admin.get(`/api/invoices/${elsewhere.id}`)).json).toMatchObject({ deleted_at: null, balance: 500 });
  });

  it('keeps a warehouse clerk to the warehouse for purchasing and for what leaves it', async () => {
    const [frame] = fixture.itemIds;
    const order = (location: object) => ({
      contact_id: fixture.supplierId,
      ...location,
      order_date: today,
      lines: [{ item_id: frame, quantity: 10, unit_cost: 100 }],
    });
    expectRefusalOn(
      await clerk.post('/api/purchase-orders', order({ branch_id: makatiId() })),
      'branch_id',
      'Pasig Warehouse',
    );
    await created(clerk, '/api/purchase-orders', order({ warehouse_id: fixture.warehouseId }));
    const receipt = (location: object) => ({
      contact_id: fixture.supplierId,
      ...location,
      received_date: today,
      lines: [{ item_id: frame, quantity: 10, unit_cost: 100 }],
    });
    expectRefusalOn(
      await clerk.post('/api/receive-orders', receipt({ branch_id: makatiId() })),
      'branch_id',
      'Pasig Warehouse',
    );
    await created(clerk, '/api/receive-orders', receipt({ warehouse_id: fixture.warehouseId }));
    await created(admin, '/api/receive-orders', receipt({ branch_id: makatiId() }));
    const bill = (location: object) => ({
      contact_id: fixture.supplierId,
      ...location,
      bill_date: today,
      lines: [{ item_id: frame, quantity: 1, unit_cost: 100 }],
    });
    expectRefusalOn(await clerk.post('/api/bills', bill({ branch_id: makatiId() })), 'branch_id', 'Pasig Warehouse');
    const branchBill = await created(admin, '/api/bills', bill({ branch_id: makatiId() }));
    expectRefusalOn(
      await clerk.post('/api/bill-payments', {
        bill_id: branchBill.id,
        payment_date: today,
        amount: 50,
        payment_method: 'cash',
      }),
      'bill_id',
      'Pasig Warehouse',
    );

    const transfer = (from: object, to: object) => ({
      ...from,
      ...to,
      transfer_date: today,
      lines: [{ item_id: frame, quantity: 2 }],
    });
    expectRefusalOn(
      await clerk.post(
        '/api/stock-transfers',
        transfer({ from_branch_id: makatiId() }, { to_warehouse_id: fixture.warehouseId }),
      ),
      'from_branch_id',
      'Pasig Warehouse',
    );
    const outbound = await created(
      clerk,
      '/api/stock-transfers',
      transfer({ from_warehouse_id: fixture.warehouseId }, { to_branch_id: makatiId() }),
    );
    const arrival = {
      stock_transfer_id: outbound.id,
      received_date: today,
      lines: [{ stock_transfer_line_id: outbound.lines[0]?.id, quantity: 2 }],
    };
    // The transfer arrives at Makati: the branch receives it, not the warehouse that sent it.
    expectRefusalOn(await clerk.post('/api/stock-receives', arrival), 'stock_transfer_id', 'Pasig Warehouse');
    await created(cashier, '/api/stock-receives', arrival);
  });

  it('lets a branch request stock for itself, at either end of the request', async () => {
    const request = (to: object) => ({
      from_warehouse_id: fixture.warehouseId,
      ...to,
      request_date: today,
      lines: [{ item_id: fixture.itemIds[1], quantity: 3 }],
    });
    await created(cashier, '/api/stock-requests', request({ to_branch_id: makatiId() }));
    expectRefusalOn(
      await cashier.post('/api/stock-requests', request({ to_branch_id: quezonCityId() })),
      'to_branch_id',
      'Makati',
    );
    await created(clerk, '/api/stock-requests', request({ to_branch_id: quezonCityId() }));
  });

  it('offers only the usable locations to the pickers of a document’s own location', async () => {
    const names = (records: readonly { name: string }[]) => records.map((record) => record.name).sort();
    const usableBranches = expectContract(await cashier.get('/api/branches?usable=1'), 200, ListBranchesResponse);
    expect(names(usableBranches.data)).toEqual(['Makati']);
    expect(expectContract(await cashier.get('/api/warehouses/search?usable=1'), 200, SearchWarehousesResponse)).toEqual(
      [],
    );
    const everyBranch = expectContract(await cashier.get('/api/branches/search'), 200, SearchBranchesResponse);
    expect(names(everyBranch)).toEqual(['Makati', 'Quezon City']);
    const roamingBranches = expectContract(
      await roaming.get('/api/branches/search?usable=1'),
      200,
      SearchBranchesResponse,
    );
    expect(names(roamingBranches)).toEqual(['Makati', 'Quezon City']);
    const clerkWarehouses = expectContract(await clerk.get('/api/warehouses?usable=1'), 200, ListWarehousesResponse);
    expect(names(clerkWarehouses.data)).toEqual(['Pasig Warehouse']);
    expect(expectContract(await clerk.get('/api/branches?usable=1'), 200, ListBranchesResponse).meta.total).toBe(0);
  });

  it('offers and accepts a follow-up only of a source at a usable location', async () => {
    const [frame] = fixture.itemIds;
    const order = (location: object) => ({
      contact_id: fixture.supplierId,
      ...location,
      order_date: today,
      lines: [{ item_id: frame, quantity: 4, unit_cost: 100 }],
    });
    const branchOrder = await created(admin, '/api/purchase-orders', order({ branch_id: makatiId() }));
    const warehouseOrder = await created(admin, '/api/purchase-orders', order({ warehouse_id: fixture.warehouseId }));
    const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);
    const clerkOrders = expectContract(
      await clerk.get('/api/purchase-orders/search?has_unreceived=1&usable=1&limit=100'),
      200,
      SearchPurchaseOrdersResponse,
    );
    expect(ids(clerkOrders)).toContain(warehouseOrder.id);
    expect(ids(clerkOrders)).not.toContain(branchOrder.id);
    const adminOrders = expectContract(
      await admin.get('/api/purchase-orders/search?has_unreceived=1&usable=1&limit=100'),
      200,
      SearchPurchaseOrdersResponse,
    );
    expect(ids(adminOrders)).toEqual(expect.arrayContaining([branchOrder.id, warehouseOrder.id]));
    // Received into the clerk's own warehouse, a branch's order is still not the clerk's to receive.
    const receipt = (orderId: number, lineId: number | undefined) => ({
      purchase_order_id: orderId,
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ purchase_order_line_id: lineId, item_id: frame, quantity: 1, unit_cost: 100 }],
    });
    expectRefusalOn(
      await clerk.post('/api/receive-orders', receipt(branchOrder.id, branchOrder.lines[0]?.id)),
      'purchase_order_id',
      'Pasig Warehouse',
    );
    await created(clerk, '/api/receive-orders', receipt(warehouseOrder.id, warehouseOrder.lines[0]?.id));

    const request = (from: object) => ({
      ...from,
      to_branch_id: makatiId(),
      request_date: today,
      lines: [{ item_id: frame, quantity: 2 }],
    });
    const fromWarehouse = await created(
      admin,
      '/api/stock-requests',
      request({ from_warehouse_id: fixture.warehouseId }),
    );
    const fromBranch = await created(admin, '/api/stock-requests', request({ from_branch_id: quezonCityId() }));
    const clerkRequests = expectContract(
      await clerk.get('/api/stock-requests/search?has_untransferred=1&usable=1&limit=100'),
      200,
      SearchStockRequestsResponse,
    );
    expect(ids(clerkRequests)).toContain(fromWarehouse.id);
    expect(ids(clerkRequests)).not.toContain(fromBranch.id);
    expectRefusalOn(
      await clerk.post('/api/stock-transfers', {
        stock_request_id: fromBranch.id,
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: makatiId(),
        transfer_date: today,
        lines: [{ stock_request_line_id: fromBranch.lines[0]?.id, item_id: frame, quantity: 1 }],
      }),
      'stock_request_id',
      'Pasig Warehouse',
    );

    const toMakati = await created(admin, '/api/stock-transfers', {
      from_warehouse_id: fixture.warehouseId,
      to_branch_id: makatiId(),
      transfer_date: today,
      lines: [{ item_id: frame, quantity: 1 }],
    });
    const arriving = async (client: TestClient) =>
      ids(
        expectContract(
          await client.get('/api/stock-transfers/search?has_in_transit=1&usable=1&limit=100'),
          200,
          SearchStockTransfersResponse,
        ),
      );
    const toWarehouse = await created(admin, '/api/stock-transfers', {
      from_branch_id: makatiId(),
      to_warehouse_id: fixture.warehouseId,
      transfer_date: today,
      lines: [{ item_id: frame, quantity: 1 }],
    });
    expect(await arriving(clerk)).toContain(toWarehouse.id);
    expect(await arriving(clerk)).not.toContain(toMakati.id);
    expect(await arriving(admin)).toEqual(expect.arrayContaining([toMakati.id, toWarehouse.id]));
  });
});
