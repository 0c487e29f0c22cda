import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetStockValuationReportResponse } from '../../../generated/zod/reports/reports.zod.ts';
import {
  CreateStockAdjustmentResponse,
  DeleteStockAdjustmentResponse,
  GetStockAdjustmentResponse,
  ListStockAdjustmentsResponse,
  RestoreStockAdjustmentResponse,
} from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import { ListStockMovementsResponse, ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// Stock adjustments (docs/domain/logistics.md, Stock adjustments): signed lines at a location, increases at their
// cost, decreases at the average and never below zero, lot-aware, voided by a soft delete that reverses them.

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => businessDate(new Date(Date.now() + days * day));
const today = inDays(0);

let api: TestApi;
let admin: TestClient;
let counter: TestClient;
let fixture: LedgerFixture;
let frameId: number;
let lensId: number;
let branchA: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA] = fixture.branchIds;
  [frameId, lensId] = fixture.itemIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'counter@example.test',
    permissions: ['view-stock-adjustments', 'create-stock-adjustments', 'work-at-any-location'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  counter = await api.signIn('counter@example.test');
  counter.businessId = fixture.businessId;
  expect((await admin.patch(`/api/items/${lensId}`, { is_lot_tracked: true })).status).toBe(200);
  const receipt = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    received_date: today,
    lines: [
      { item_id: frameId, quantity: 4, unit_cost: 1000 },
      { item_id: frameId, quantity: 4, unit_cost: 2000 },
      { item_id: lensId, quantity: 5, unit_cost: 100, lot_number: 'NEW', expires_on: inDays(200) },
    ],
  });
  expect(receipt.status).toBe(201);
  // Received while still good; it has expired on the shelf since.
  const older = await admin.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchA,
    received_date: inDays(-10),
    lines: [{ item_id: lensId, quantity: 3, unit_cost: 100, lot_number: 'OLD', expires_on: inDays(-5) }],
  });
  expect(older.status).toBe(201);
});

afterAll(() => api.close());

function adjust(body: Record<string, unknown>, client = admin) {
  return client.post('/api/stock-adjustments', {
    branch_id: branchA,
    adjustment_date: today,
    reason: 'lost',
    ...body,
  });
}

async function onHand(itemId: number) {
  const answer = await admin.get(`/api/stocks?item_id=${itemId}&branch_id=${branchA}`);
  return expectContract(answer, 200, ListStocksResponse).data[0]?.quantity_on_hand ?? 0;
}

async function lotsOf(itemId: number) {
  const rows = await api.db
    .selectFrom('stock_lots')
    .select(['lot_number', 'quantity_on_hand'])
    .where('item_id', '=', itemId)
    .orderBy('lot_number')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.lot_number, Number(row.quantity_on_hand) / 1000]));
}

describe('POST /api/stock-adjustments', () => {
  it('takes a loss off at the average cost, numbered ADJ, with a negative value', async () => {
    const answer = await adjust({ lines: [{ item_id: frameId, quantity_delta: -1 }], notes: 'Walked away' });
    const adjustment = expectContract(answer, 201, CreateStockAdjustmentResponse);
    expect(adjustment.number).toMatch(/^ADJ-\d{8}-B\d{5}-00000001$/);
    expect(adjustment.lines[0]).toMatchObject({ quantity_delta: -1, unit_cost: 1500, value: -1500 });
    expect(adjustment.total_value).toBe(-1500);
    expect(await onHand(frameId)).toBe(7);
  });

  it('brings found stock in at the given cost, or the average by default', async () => {
    const answer = await adjust({
      reason: 'found',
      lines: [
        { item_id: frameId, quantity_delta: 1, unit_cost: 3000 },
        { item_id: frameId, quantity_delta: 2 },
      ],
    });
    const adjustment = expectContract(answer, 201, CreateStockAdjustmentResponse);
    expect(adjustment.lines.map((line) => [line.quantity_delta, line.unit_cost, line.value])).toEqual([
      [1, 3000, 3000],
      [2, 1500, 3000],
    ]);
    expect(adjustment.total_value).toBe(6000);
    expect(await onHand(frameId)).toBe(10);
  });

  it('never takes stock below zero: a 422 naming the line', async () => {
    const answer = await adjust({
      lines: [
        { item_id: frameId, quantity_delta: -1 },
        { item_id: frameId, quantity_delta: -50 },
      ],
    });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toEqual(['lines.1.quantity_delta']);
    expect(await onHand(frameId)).toBe(10);
  });

  it('refuses a zero change, a date after today and a missing location', async () => {
    const zero = await adjust({ lines: [{ item_id: frameId, quantity_delta: 0 }] });
    expect(Object.keys((zero.json as { errors: object }).errors)).toEqual(['lines.0.quantity_delta']);
    const tomorrow = await adjust({ adjustment_date: inDays(1), lines: [{ item_id: frameId, quantity_delta: 1 }] });
    expect(Object.keys((tomorrow.json as { errors: object }).errors)).toEqual(['adjustment_date']);
    const nowhere = await adjust({ branch_id: null, lines: [{ item_id: frameId, quantity_delta: 1 }] });
    expect(nowhere.status).toBe(422);
    expect(Object.keys((nowhere.json as { errors: object }).errors)).toContain('branch_id');
  });

  it('writes off an expired lot by name, and takes the earliest expiry first otherwise', async () => {
    const expired = await adjust({
      reason: 'expired',
      lines: [{ item_id: lensId, quantity_delta: -3, lot_number: 'OLD' }],
    });
    expect(expectContract(expired, 201, CreateStockAdjustmentResponse).lines[0]?.lots).toEqual([
      { lot_number: 'OLD', expires_on: inDays(-5), quantity: 3 },
    ]);
    const lost = await adjust({ lines: [{ item_id: lensId, quantity_delta: -1 }] });
    expect(lost.status).toBe(201);
    expect(await lotsOf(lensId)).toEqual({ NEW: 4, OLD: 0 });
  });

  it('needs the lot and expiry of a lot-tracked increase', async () => {
    const answer = await adjust({ reason: 'found', lines: [{ item_id: lensId, quantity_delta: 2 }] });
    expect(Object.keys((answer.json as { errors: object }).errors).sort()).toEqual([
      'lines.0.expires_on',
      'lines.0.lot_number',
    ]);
    const found = await adjust({
      reason: 'found',
      lines: [{ item_id: lensId, quantity_delta: 2, lot_number: 'FOUND', expires_on: inDays(90) }],
    });
    expect(found.status).toBe(201);
    expect(await lotsOf(lensId)).toEqual({ FOUND: 2, NEW: 4, OLD: 0 });
  });

  it('needs create-stock-adjustments', async () => {
    await api.createUser({
      email: 'viewer@example.test',
      permissions: ['view-stock-adjustments'],
      businessIds: [fixture.businessId],
    });
    const viewer = await api.signIn('viewer@example.test');
    viewer.businessId = fixture.businessId;
    expect((await adjust({ lines: [{ item_id: frameId, quantity_delta: 1 }] }, viewer)).status).toBe(403);
    expect((await adjust({ lines: [{ item_id: frameId, quantity_delta: 1 }] }, counter)).status).toBe(201);
  });
});

describe('voiding and restoring', () => {
  it('reverses a loss, and restoring posts it again', async () => {
    const before = await onHand(frameId);
    const created = expectContract(
      await adjust({ lines: [{ item_id: frameId, quantity_delta: -2 }] }),
      201,
      CreateStockAdjustmentResponse,
    );
    expect(await onHand(frameId)).toBe(before - 2);
    expectContract(await admin.delete(`/api/stock-adjustments/${created.id}`), 200, DeleteStockAdjustmentResponse);
    expect(await onHand(frameId)).toBe(before);
    expectContract(
      await admin.patch(`/api/stock-adjustments/${created.id}/restore`),
      200,
      RestoreStockAdjustmentResponse,
    );
    expect(await onHand(frameId)).toBe(before - 2);
  });

  it('is refused with a 409 and the reason when the found goods were since sold', async () => {
    const found = expectContract(
      await adjust({
        branch_id: fixture.branchIds[1],
        reason: 'found',
        lines: [{ item_id: frameId, quantity_delta: 1, unit_cost: 1000 }],
      }),
      201,
      CreateStockAdjustmentResponse,
    );
    const sale = await admin.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: fixture.branchIds[1],
      invoice_date: today,
      lines: [{ item_id: frameId, quantity: 1, unit_price: 2500 }],
    });
    expect(sale.status).toBe(201);
    const answer = await admin.delete(`/api/stock-adjustments/${found.id}`);
    expect(answer.status).toBe(409);
    expect((answer.json as { message: string }).message).toContain('Wayfarer frame');
    const still = expectContract(
      await admin.get(`/api/stock-adjustments/${found.id}`),
      200,
      GetStockAdjustmentResponse,
    );
    expect(still.deleted_at).toBeNull();
  });

  it('keeps the ledger equal to the stock rows', async () => {
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});

describe('the stock valuation', () => {
  it('counts an adjustment by its adjustment date, not the day it was keyed in', async () => {
    const yesterday = inDays(-1);
    const valuation = async () => {
      const answer = await admin.get(
        `/api/reports/stock-valuation?as_of=${yesterday}&branch_id=${fixture.branchIds[1]}&group_by=item`,
      );
      return expectContract(answer, 200, GetStockValuationReportResponse).totals;
    };
    const before = await valuation();
    const answer = await adjust({
      branch_id: fixture.branchIds[1],
      adjustment_date: yesterday,
      reason: 'opening',
      lines: [{ item_id: fixture.itemIds[2], quantity_delta: 4, unit_cost: 125 }],
    });
    expect(answer.status).toBe(201);
    expect(await valuation()).toEqual({ quantity: before.quantity + 4, value: before.value + 500 });
  });
});

describe('reading adjustments', () => {
  it('lists them with their value, filtered by reason and item', async () => {
    const page = expectContract(
      await admin.get('/api/stock-adjustments?reason=found&per_page=100'),
      200,
      ListStockAdjustmentsResponse,
    );
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((adjustment) => adjustment.reason === 'found')).toBe(true);
    expect(page.data.every((adjustment) => typeof adjustment.total_value === 'number')).toBe(true);
    const ofLens = expectContract(
      await admin.get(`/api/stock-adjustments?item_id=${lensId}&per_page=100`),
      200,
      ListStockAdjustmentsResponse,
    );
    expect(ofLens.data.every((adjustment) => adjustment.lines.some((line) => line.item_id === lensId))).toBe(true);
  });

  it('hide costs and values from a user without view-costs', async () => {
    const page = expectContract(await counter.get('/api/stock-adjustments'), 200, ListStockAdjustmentsResponse);
    expect(page.data[0]?.total_value).toBeNull();
    expect(page.data[0]?.lines[0]?.value).toBeNull();
  });

  it('show in the stock movement history with their reason', async () => {
    const stock = expectContract(
      await admin.get(`/api/stocks?item_id=${frameId}&branch_id=${branchA}`),
      200,
      ListStocksResponse,
    ).data[0];
    const movements = expectContract(
      await admin.get(`/api/stocks/${stock?.id}/movements?per_page=100`),
      200,
      ListStockMovementsResponse,
    ).data;
    const adjusted = movements.filter((movement) => movement.document_type === 'stock-adjustment');
    expect(adjusted.map((movement) => movement.reason)).toContain('lost');
    expect(adjusted.map((movement) => movement.reason)).toContain('found');
    expect(movements.filter((movement) => movement.document_type !== 'stock-adjustment')[0]?.reason).toBeNull();
  });
});
