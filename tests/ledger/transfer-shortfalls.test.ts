import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetStockReceiveResponse } from '../../generated/zod/stock-receives/stock-receives.zod.ts';
import {
  GetStockTransferResponse,
  SettleStockTransferResponse,
} from '../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../support/test-api.ts';
import { balanceOf, createLedgerFixture, type LedgerFixture, ledgerMismatches } from './ledger-fixture.ts';

// A transfer that arrives short and damaged (docs/domain/logistics.md, Transfers that arrive short): the branch
// records what came in good order and what came broken, and the warehouse that sent it settles the rest.
let api: TestApi;
let fixture: LedgerFixture;
let admin: TestClient;
let cashier: TestClient;
let clerk: TestClient;
const today = '2026-11-21';

const every = (prefixes: string[]) =>
  prefixes.flatMap((prefix) => ['view', 'create', 'delete', 'restore'].map((action) => `${action}-${prefix}`));

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
  cashier = await userAt('cashier@example.test', [...every(['stock-receives']), 'view-stock-transfers'], makati);
  clerk = await userAt(
    'clerk@example.test',
    [...every(['stock-transfers', 'stock-returns', 'receive-orders']), 'view-branches', 'view-warehouses'],
    { type: 'warehouse', id: fixture.warehouseId },
  );
});

afterAll(() => api.close());

const errorsOf = (answer: { json: unknown }) => (answer.json as { errors: Record<string, string[]> }).errors;

describe('a transfer that arrives short and damaged', () => {
  it('writes off what came broken, and the sender settles what never came as lost or returned', async () => {
    const [frame] = fixture.itemIds;
    const makati = `B${fixture.branchIds[0]}`;
    const warehouse = `W${fixture.warehouseId}`;
    const received = await clerk.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ item_id: frame, quantity: 10, unit_cost: 1000 }],
    });
    expect(received.status, JSON.stringify(received.json)).toBe(201);
    const sent = await clerk.post('/api/stock-transfers', {
      from_warehouse_id: fixture.warehouseId,
      to_branch_id: fixture.branchIds[0],
      transfer_date: today,
      lines: [{ item_id: frame, quantity: 10 }],
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const transfer = expectContract(sent, 201, GetStockTransferResponse);
    const lineId = transfer.lines[0]?.id ?? 0;

    const arrival = (lines: Record<string, unknown>[]) =>
      cashier.post('/api/stock-receives', { stock_transfer_id: transfer.id, received_date: today, lines });
    const unexplained = await arrival([{ stock_transfer_line_id: lineId, quantity: 6, damaged_quantity: 1 }]);
    expect(unexplained.status).toBe(422);
    expect(errorsOf(unexplained)).toEqual({ 'lines.0.damage_reason': ['Say what is wrong with the damaged goods.'] });
    const nothing = await arrival([{ stock_transfer_line_id: lineId, quantity: 0 }]);
    expect(errorsOf(nothing)['lines.0.quantity']).toEqual(['Enter what arrived: in good order, damaged, or both.']);

    // A receive voided takes its write-off with it.
    const first = expectContract(
      await arrival([
        { stock_transfer_line_id: lineId, quantity: 3, damaged_quantity: 1, damage_reason: 'Cracked temple' },
      ]),
      201,
      GetStockReceiveResponse,
    );
    expect(first.damage_adjustment_id).not.toBeNull();
    expect((await admin.delete(`/api/stock-receives/${first.id}`)).status).toBe(200);
    const firstWriteOff = await admin.get(`/api/stock-adjustments/${first.damage_adjustment_id}`);
    expect((firstWriteOff.json as { deleted_at: string | null }).deleted_at).not.toBeNull();
    expect(await balanceOf(api.db, fixture.businessId, frame, makati)).toEqual({ on_hand: 0, in_transit: 10 });

    const receive = expectContract(
      await arrival([
        { stock_transfer_line_id: lineId, quantity: 6, damaged_quantity: 1, damage_reason: 'Cracked temple' },
      ]),
      201,
      GetStockReceiveResponse,
    );
    expect(receive.lines[0]).toMatchObject({ quantity: 6, damaged_quantity: 1, damage_reason: 'Cracked temple' });
    const writeOff = await admin.get(`/api/stock-adjustments/${receive.damage_adjustment_id}`);
    expect(writeOff.json).toMatchObject({
      reason: 'damaged',
      branch_id: fixture.branchIds[0],
      lines: [{ item_id: frame, quantity_delta: -1, unit_cost: 1000 }],
    });
    expect((writeOff.json as { notes: string }).notes).toContain(receive.number);
    expect(await balanceOf(api.db, fixture.businessId, frame, makati)).toEqual({ on_hand: 6, in_transit: 3 });

    // The branch cannot settle the sender's transfer; the sender cannot settle more than is still in transit.
    const settle = (client: TestClient, lines: Record<string, unknown>[]) =>
      client.post(`/api/stock-transfers/${transfer.id}/settle`, { lines });
    expect((await settle(cashier, [{ stock_transfer_line_id: lineId, quantity: 3, outcome: 'lost' }])).status).toBe(
      403,
    );
    const tooMany = await settle(clerk, [{ stock_transfer_line_id: lineId, quantity: 4, outcome: 'lost' }]);
    expect(tooMany.status).toBe(422);
    expect(errorsOf(tooMany)['lines.0.quantity']).toEqual([
      'The quantity is more than the transfer line still has in transit.',
    ]);

    const settled = expectContract(
      await settle(clerk, [
        { stock_transfer_line_id: lineId, quantity: 2, outcome: 'lost' },
        { stock_transfer_line_id: lineId, quantity: 1, outcome: 'returned' },
      ]),
      200,
      SettleStockTransferResponse,
    );
    expect(settled.status).toBe('completed');
    expect(settled.lines[0]).toMatchObject({ received_quantity: 7, returned_quantity: 1, lost_quantity: 2 });
    expect(await balanceOf(api.db, fixture.businessId, frame, makati)).toEqual({ on_hand: 6, in_transit: 0 });
    // Only the frame that came back is on the warehouse's shelf again; the two lost never are.
    expect(await balanceOf(api.db, fixture.businessId, frame, warehouse)).toEqual({ on_hand: 1, in_transit: 0 });
    const loss = await api.db
      .selectFrom('stock_movements')
      .select(['quantity_delta', 'unit_cost', 'balance'])
      .where('business_id', '=', fixture.businessId)
      .where('document_type', '=', 'stock-transfer-loss')
      .where('document_id', '=', transfer.id)
      .execute();
    expect(loss.map((row) => [Number(row.quantity_delta), Number(row.unit_cost), row.balance])).toEqual([
      [-2000, 100000, 'in_transit'],
    ]);
    const voided = await clerk.delete(`/api/stock-transfers/${transfer.id}`);
    expect(voided.status).toBe(422);
    expect(JSON.stringify(voided.json)).toContain('settled as lost; a settled transfer stays');
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});
