import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillPaymentResponse } from '../../../generated/zod/bill-payments/bill-payments.zod.ts';
import { CreateBillResponse, GetBillHistoryResponse } from '../../../generated/zod/bills/bills.zod.ts';
import { CreateBrandResponse, GetBrandHistoryResponse } from '../../../generated/zod/brands/brands.zod.ts';
import {
  CreatePurchaseOrderResponse,
  GetPurchaseOrderHistoryResponse,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  CreateReceiveOrderResponse,
  GetReceiveOrderHistoryResponse,
} from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { CreateRoleResponse, GetRoleHistoryResponse } from '../../../generated/zod/roles/roles.zod.ts';
import { GetUserHistoryResponse } from '../../../generated/zod/users/users.zod.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

let api: TestApi;
let admin: TestClient;
let adminId: number;
let fixture: LedgerFixture;
const today = '2026-11-21';

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  adminId = await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function historyRows(): Promise<number> {
  const counted = await api.db
    .selectFrom('record_history')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

describe('record history', () => {
  it('shows a brand created, updated, deleted and restored, newest first, with who did it', async () => {
    const brand = expectContract(
      await admin.post('/api/brands', { name: 'Ray-Ban', description: 'Frames' }),
      201,
      CreateBrandResponse,
    );
    expect((await admin.patch(`/api/brands/${brand.id}`, { name: 'Ray-Ban Optics' })).status).toBe(200);
    expect((await admin.delete(`/api/brands/${brand.id}`)).status).toBe(200);
    expect((await admin.patch(`/api/brands/${brand.id}/restore`)).status).toBe(200);

    const history = expectContract(await admin.get(`/api/brands/${brand.id}/history`), 200, GetBrandHistoryResponse);
    expect(history.map((entry) => entry.action)).toEqual(['restored', 'deleted', 'updated', 'created']);
    expect(history.map((entry) => entry.changes)).toEqual([
      {},
      {},
      { name: ['Ray-Ban', 'Ray-Ban Optics'] },
      { name: [null, 'Ray-Ban'], description: [null, 'Frames'] },
    ]);
    for (const entry of history) expect(entry).toMatchObject({ user_id: adminId, user_name: 'owner' });
  });

  it('writes nothing for a refused change or an edit that changes nothing', async () => {
    const first = expectContract(await admin.post('/api/brands', { name: 'Oakley' }), 201, CreateBrandResponse);
    const second = expectContract(await admin.post('/api/brands', { name: 'Silhouette' }), 201, CreateBrandResponse);
    const before = await historyRows();
    expect((await admin.patch(`/api/brands/${second.id}`, { name: 'Oakley' })).status).toBe(422);
    expect((await admin.post('/api/brands', { name: 'Oakley' })).status).toBe(422);
    expect((await admin.patch(`/api/brands/${first.id}`, { name: 'Oakley' })).status).toBe(200);
    expect(await historyRows()).toBe(before);
  });

  it('records a purchase order edited, voided and re-posted, and the status a receipt moved', async () => {
    const [frame, lens] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: today,
        lines: [{ item_id: frame, quantity: 5, unit_cost: 1000 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    const edited = await admin.patch(`/api/purchase-orders/${order.id}`, {
      notes: 'Rush',
      lines: [
        { item_id: frame, quantity: 4, unit_cost: 1000 },
        { item_id: lens, quantity: 10, unit_cost: 50 },
      ],
    });
    expect(edited.status).toBe(200);
    expect((await admin.delete(`/api/purchase-orders/${order.id}`)).status).toBe(200);
    expect((await admin.patch(`/api/purchase-orders/${order.id}/restore`)).status).toBe(200);

    const orderLines = (edited.json as { lines: { id: number; item_id: number }[] }).lines;
    const frameLine = orderLines.find((line) => line.item_id === frame);
    const before = await historyRows();
    const receive = (quantity: number) =>
      admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: today,
        lines: [{ purchase_order_line_id: frameLine?.id, item_id: frame, quantity, unit_cost: 1000 }],
      });
    expect((await receive(9)).status).toBe(422);
    expect(await historyRows()).toBe(before);
    const receipt = expectContract(await receive(2), 201, CreateReceiveOrderResponse);

    const history = expectContract(
      await admin.get(`/api/purchase-orders/${order.id}/history`),
      200,
      GetPurchaseOrderHistoryResponse,
    );
    expect(history.map((entry) => entry.action)).toEqual(['status', 'restored', 'deleted', 'updated', 'created']);
    expect(history[0]).toMatchObject({
      user_id: adminId,
      changes: { status: ['open', 'partially_received'] },
    });
    const update = history[3]?.changes ?? {};
    expect(update.notes).toEqual([null, 'Rush']);
    expect(update.total).toEqual([5000, 4500]);
    const [oldLines, newLines] = update.lines ?? [];
    expect(oldLines).toHaveLength(1);
    expect(newLines).toHaveLength(2);
    expect(history[4]?.changes.number?.[1]).toBe(order.number);

    expect((await admin.delete(`/api/receive-orders/${receipt.id}`)).status).toBe(200);
    const afterVoid = expectContract(
      await admin.get(`/api/purchase-orders/${order.id}/history`),
      200,
      GetPurchaseOrderHistoryResponse,
    );
    expect(afterVoid[0]?.changes).toEqual({ status: ['partially_received', 'open'] });
    const receiptHistory = expectContract(
      await admin.get(`/api/receive-orders/${receipt.id}/history`),
      200,
      GetReceiveOrderHistoryResponse,
    );
    expect(receiptHistory.map((entry) => entry.action)).toEqual(['deleted', 'created']);
  });

  it('records the status a payment moves on its bill', async () => {
    const [frame] = fixture.itemIds;
    const bill = expectContract(
      await admin.post('/api/bills', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: today,
        lines: [{ item_id: frame, quantity: 1, unit_cost: 1000 }],
      }),
      201,
      CreateBillResponse,
    );
    expectContract(
      await admin.post('/api/bill-payments', {
        bill_id: bill.id,
        payment_date: today,
        amount: 400,
        payment_method: 'cash',
      }),
      201,
      CreateBillPaymentResponse,
    );
    const history = expectContract(await admin.get(`/api/bills/${bill.id}/history`), 200, GetBillHistoryResponse);
    expect(history.map((entry) => [entry.action, entry.changes.status])).toEqual([
      ['status', ['unpaid', 'partially_paid']],
      ['created', [null, 'unpaid']],
    ]);
  });

  it('records role permissions and user roles as changes of those global records', async () => {
    const role = expectContract(await admin.post('/api/roles', { name: 'Optometrist' }), 201, CreateRoleResponse);
    const permissions = await api.db
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', ['view-brands', 'view-items'])
      .orderBy('id')
      .execute();
    const permissionIds = permissions.map((permission) => permission.id);
    expect((await admin.put(`/api/roles/${role.id}/permissions`, { permission_ids: permissionIds })).status).toBe(200);
    const roleHistory = expectContract(await admin.get(`/api/roles/${role.id}/history`), 200, GetRoleHistoryResponse);
    expect(roleHistory[0]).toMatchObject({ action: 'updated', user_id: adminId });
    expect(roleHistory[0]?.changes.permission_ids).toEqual([[], permissionIds]);

    const userId = await api.createUser({ email: 'optometrist@example.test', permissions: [], businessIds: [] });
    await api.db.insertInto('business_user').values({ business_id: fixture.businessId, user_id: userId }).execute();
    expect((await admin.put(`/api/users/${userId}/roles`, { role_ids: [role.id] })).status).toBe(200);
    const userHistory = expectContract(await admin.get(`/api/users/${userId}/history`), 200, GetUserHistoryResponse);
    expect(userHistory).toHaveLength(1);
    expect(userHistory[0]?.changes.role_ids).toEqual([[], [role.id]]);
  });

  it('answers 404 for another business record and 403 without the view permission', async () => {
    const brand = expectContract(await admin.post('/api/brands', { name: 'Prada' }), 201, CreateBrandResponse);
    const otherBusiness = await api.createBusiness('Other Optical');
    await api.createUser({
      email: 'other@example.test',
      permissions: ['view-brands', 'create-brands'],
      businessIds: [otherBusiness],
    });
    const other = await api.signIn('other@example.test');
    other.businessId = otherBusiness;
    expect((await other.get(`/api/brands/${brand.id}/history`)).status).toBe(404);

    await api.createUser({
      email: 'blind@example.test',
      permissions: ['create-brands'],
      businessIds: [fixture.businessId],
    });
    const blind = await api.signIn('blind@example.test');
    blind.businessId = fixture.businessId;
    expect((await blind.get(`/api/brands/${brand.id}/history`)).status).toBe(403);
  });

  it('takes the history away with a permanently deleted record', async () => {
    const brand = expectContract(await admin.post('/api/brands', { name: 'Gucci' }), 201, CreateBrandResponse);
    expect((await admin.delete(`/api/brands/${brand.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/brands/${brand.id}/force-delete`)).status).toBe(204);
    const left = await api.db
      .selectFrom('record_history')
      .select('id')
      .where('resource', '=', 'brands')
      .where('record_id', '=', brand.id)
      .execute();
    expect(left).toEqual([]);
    expect((await admin.get(`/api/brands/${brand.id}/history`)).status).toBe(404);
  });
});
