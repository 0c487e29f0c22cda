import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetStockAdjustmentResponse } from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import {
  AddStockCountLineResponse,
  CreateStockCountResponse,
  GetStockCountResponse,
  GetStockCountVarianceResponse,
  PostStockCountResponse,
  UpdateStockCountLineResponse,
} from '../../../generated/zod/stock-counts/stock-counts.zod.ts';
import { ListStockLotsResponse } from '../../../generated/zod/stock-lots/stock-lots.zod.ts';
import {
  GetStockBalanceAtResponse,
  GetStockResponse,
  ListStocksResponse,
} from '../../../generated/zod/stocks/stocks.zod.ts';
import { buildApp } from '../../../server/app.ts';
import { insertStockAdjustment } from '../../../server/areas/logistics/stock-adjustments-posting.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches, posting } from '../../ledger/ledger-fixture.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  TestClient,
  testPassword,
  testPasswordCost,
} from '../../support/test-api.ts';

// Stock counts while the shop keeps selling (docs/domain/logistics.md, Stock counts): a line's difference is taken
// against the ledger at the moment it was counted, so sales after that are not losses; posting makes one adjustment
// and leaves the ledger at what was counted plus what moved since.

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => businessDate(new Date(Date.now() + days * day));
const today = inDays(0);
const pause = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

let api: TestApi;
let admin: TestClient;
let clerk: TestClient;
let fixture: LedgerFixture;
let frameId: number;
let lensId: number;
let solutionId: number;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA, branchB] = fixture.branchIds;
  [frameId, lensId, solutionId] = fixture.itemIds;
  await api.db.updateTable('items').set({ barcode: '4800000000017' }).where('id', '=', solutionId).execute();
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'clerk@example.test',
    permissions: ['view-stock-counts', 'create-stock-counts', 'update-stock-counts', 'view-costs'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
  expect((await admin.patch(`/api/items/${lensId}`, { is_lot_tracked: true })).status).toBe(200);
  for (const branchId of [branchA, branchB]) {
    const receipt = await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branchId,
      received_date: today,
      lines: [
        { item_id: frameId, quantity: 10, unit_cost: 1000 },
        { item_id: solutionId, quantity: 6, unit_cost: 250 },
        { item_id: lensId, quantity: 3, unit_cost: 100, lot_number: 'A', expires_on: inDays(60) },
        { item_id: lensId, quantity: 5, unit_cost: 100, lot_number: 'B', expires_on: inDays(120) },
      ],
    });
    expect(receipt.status).toBe(201);
  }
});

afterAll(() => api.close());

function sell(itemId: number, quantity: number, branchId = branchA) {
  return admin.post('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branchId,
    invoice_date: today,
    lines: [{ item_id: itemId, quantity, unit_price: 3000 }],
  });
}

async function startCount(body: Record<string, unknown>, client = clerk) {
  const answer = await client.post('/api/stock-counts', { branch_id: branchA, ...body });
  return expectContract(answer, 201, CreateStockCountResponse);
}

function count(id: number, body: Record<string, unknown>, client = clerk) {
  return client.post(`/api/stock-counts/${id}/lines`, body);
}

async function variance(id: number, client = admin) {
  return expectContract(await client.get(`/api/stock-counts/${id}/variance`), 200, GetStockCountVarianceResponse);
}

async function onHand(itemId: number, branchId = branchA) {
  const answer = await admin.get(`/api/stocks?item_id=${itemId}&branch_id=${branchId}`);
  return expectContract(answer, 200, ListStocksResponse).data[0]?.quantity_on_hand ?? 0;
}

async function lotOnHand(lot: string, branchId = branchA) {
  const row = await api.db
    .selectFrom('stock_lots')
    .select('quantity_on_hand')
    .where('item_id', '=', lensId)
    .where('branch_id', '=', branchId)
    .where('lot_number', '=', lot)
    .executeTakeFirst();
  return Number(row?.quantity_on_hand ?? 0) / 1000;
}

describe('GET /api/stocks/balance-at', () => {
  it('answers what the ledger held at a past instant, per lot too', async () => {
    const before = new Date().toISOString();
    await pause();
    expect((await sell(solutionId, 1, branchB)).status).toBe(201);
    await pause();
    const after = new Date().toISOString();
    const at = (instant: string, lot = '', itemId = solutionId) =>
      admin.get(
        `/api/stocks/balance-at?item_id=${itemId}&branch_id=${branchB}&at=${encodeURIComponent(instant)}${lot}`,
      );
    expect(expectContract(await at(before), 200, GetStockBalanceAtResponse).quantity_on_hand).toBe(6);
    expect(expectContract(await at(after), 200, GetStockBalanceAtResponse).quantity_on_hand).toBe(5);
    const lotB = await at(after, '&lot_number=B', lensId);
    expect(expectContract(lotB, 200, GetStockBalanceAtResponse).quantity_on_hand).toBe(5);
    const yesterday = await at(new Date(Date.now() - day).toISOString());
    expect(expectContract(yesterday, 200, GetStockBalanceAtResponse).quantity_on_hand).toBe(0);
  });

  it('needs a location and view-stocks', async () => {
    const nowhere = await admin.get(`/api/stocks/balance-at?item_id=${frameId}&at=${new Date().toISOString()}`);
    expect(nowhere.status).toBe(422);
    expect(
      (await clerk.get(`/api/stocks/balance-at?item_id=${frameId}&branch_id=${branchA}&at=2026-01-01T00:00:00Z`))
        .status,
    ).toBe(403);
  });
});

describe('a count while the shop keeps selling', () => {
  let countId: number;

  it('starts counting with a number CNT and its scope', async () => {
    const started = await startCount({ scope: { item_ids: [frameId, solutionId] }, notes: 'Monthly frames' });
    expect(started.number).toMatch(/^CNT-\d{8}-B\d{5}-00000001$/);
    expect(started.status).toBe('counting');
    expect(started.scope.item_ids).toEqual([frameId, solutionId]);
    countId = started.id;
  });

  it('adds up the same item counted twice, by code or barcode', async () => {
    expectContract(await count(countId, { code: 'RB-2140', counted_quantity: 4 }), 201, AddStockCountLineResponse);
    const again = expectContract(
      await count(countId, { code: 'rb-2140', counted_quantity: 5 }),
      201,
      AddStockCountLineResponse,
    );
    expect(again.counted_quantity).toBe(9);
    const byBarcode = await count(countId, { code: '4800000000017', counted_quantity: 6 });
    expect(expectContract(byBarcode, 201, AddStockCountLineResponse).item_id).toBe(solutionId);
    const read = expectContract(await clerk.get(`/api/stock-counts/${countId}`), 200, GetStockCountResponse);
    expect(read.lines.map((line) => [line.item_code, line.counted_quantity])).toEqual([
      ['RB-2140', 9],
      ['SOL-360', 6],
    ]);
  });

  it('refuses an unknown code and an item outside the scope, naming the field', async () => {
    const unknown = await count(countId, { code: 'NOPE', counted_quantity: 1 });
    expect(Object.keys((unknown.json as { errors: object }).errors)).toEqual(['code']);
    const outside = await count(countId, { item_id: lensId, lot_number: 'A', counted_quantity: 1 });
    expect(Object.keys((outside.json as { errors: object }).errors)).toEqual(['item_id']);
  });

  it('does not count a sale after the shelf was counted as a loss', async () => {
    await pause();
    expect((await sell(frameId, 2)).status).toBe(201);
    const report = await variance(countId);
    expect(
      report.lines.map((line) => [line.item_code, line.expected, line.counted, line.difference, line.value]),
    ).toEqual([
      ['RB-2140', 10, 9, -1, -1000],
      ['SOL-360', 6, 6, 0, 0],
    ]);
    expect(report.totals).toEqual({ gained_value: 0, lost_value: 1000 });
    expect(report.uncounted).toEqual([]);
  });

  it('is posted only by a holder of post-stock-counts', async () => {
    expect((await clerk.post(`/api/stock-counts/${countId}/post`, { uncounted: 'leave' })).status).toBe(403);
  });

  it('posts one adjustment: the ledger holds what was counted plus what moved since', async () => {
    const posted = expectContract(
      await admin.post(`/api/stock-counts/${countId}/post`, { uncounted: 'leave' }),
      200,
      PostStockCountResponse,
    );
    expect(posted.status).toBe('posted');
    expect(posted.stock_adjustment_number).toMatch(/^ADJ-/);
    const adjustment = expectContract(
      await admin.get(`/api/stock-adjustments/${posted.stock_adjustment_id}`),
      200,
      GetStockAdjustmentResponse,
    );
    expect(adjustment.reason).toBe('count');
    expect(adjustment.stock_count_number).toBe(posted.number);
    expect(adjustment.lines.map((line) => [line.item_id, line.quantity_delta])).toEqual([[frameId, -1]]);
    expect(await onHand(frameId)).toBe(9 - 2);
    expect(await onHand(solutionId)).toBe(6);
  });

  it('is read-only once posted', async () => {
    const late = await count(countId, { code: 'RB-2140', counted_quantity: 1 });
    expect(late.status).toBe(409);
    expect((await admin.delete(`/api/stock-counts/${countId}`)).status).toBe(409);
    expect((await admin.post(`/api/stock-counts/${countId}/post`, { uncounted: 'leave' })).status).toBe(409);
  });
});

describe('counting lots', () => {
  it('counts per lot, finds a new lot, zeroes the uncounted and follows the sales after counting', async () => {
    const started = await startCount({ scope: { item_ids: [lensId] } });
    const lotA = await count(started.id, { item_id: lensId, counted_quantity: 3 });
    expect(Object.keys((lotA.json as { errors: object }).errors)).toEqual(['lot_number']);
    expect((await count(started.id, { item_id: lensId, lot_number: 'A', counted_quantity: 2 })).status).toBe(201);
    const fresh = await count(started.id, { code: 'OA-1DAY', lot_number: 'C', counted_quantity: 4 });
    expect(Object.keys((fresh.json as { errors: object }).errors)).toEqual(['expires_on']);
    const found = await count(started.id, {
      code: 'OA-1DAY',
      lot_number: 'C',
      expires_on: inDays(300),
      counted_quantity: 4,
    });
    expect(found.status).toBe(201);
    await pause();
    // Sold after lot A was counted: the earliest expiry, lot A, gives one more.
    expect((await sell(lensId, 1)).status).toBe(201);
    const report = await variance(started.id);
    expect(report.lines.map((line) => [line.lot_number, line.expected, line.counted, line.difference])).toEqual([
      ['A', 3, 2, -1],
      ['C', 0, 4, 4],
    ]);
    expect(report.uncounted.map((line) => [line.lot_number, line.expected])).toEqual([['B', 5]]);
    const posted = await admin.post(`/api/stock-counts/${started.id}/post`, { uncounted: 'zero' });
    expect(expectContract(posted, 200, PostStockCountResponse).uncounted).toBe('zero');
    expect(await lotOnHand('A')).toBe(2 - 1);
    expect(await lotOnHand('B')).toBe(0);
    expect(await lotOnHand('C')).toBe(4);
    expect(await onHand(lensId)).toBe(5);
  });
});

describe('a blind count', () => {
  it('hides the expected figures from a counter without post-stock-counts, in the API answer itself', async () => {
    const started = await startCount({ blind: true, scope: { item_ids: [solutionId] } });
    expect(started.blind).toBe(true);
    expect((await count(started.id, { item_id: solutionId, counted_quantity: 5 })).status).toBe(201);
    const seen = await variance(started.id, clerk);
    expect(seen.lines).toEqual([
      expect.objectContaining({ counted: 5, expected: null, difference: null, value: null }),
    ]);
    expect(seen.totals).toEqual({ gained_value: null, lost_value: null });
    const poster = await variance(started.id, admin);
    expect(poster.lines).toEqual([expect.objectContaining({ counted: 5, expected: 6, difference: -1, value: -250 })]);
  });

  it('lets a line be corrected instead of added to', async () => {
    const started = await startCount({ blind: true, scope: { item_ids: [solutionId] } });
    const line = expectContract(
      await count(started.id, { item_id: solutionId, counted_quantity: 50 }),
      201,
      AddStockCountLineResponse,
    );
    const fixed = await clerk.patch(`/api/stock-counts/${started.id}/lines/${line.id}`, { counted_quantity: 6 });
    expect(expectContract(fixed, 200, UpdateStockCountLineResponse).counted_quantity).toBe(6);
    expect((await clerk.delete(`/api/stock-counts/${started.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/stock-counts/${started.id}`)).status).toBe(200);
    const cancelled = expectContract(await admin.get(`/api/stock-counts/${started.id}`), 200, GetStockCountResponse);
    expect(cancelled.status).toBe('cancelled');
  });
});

describe('counting while invoices post at the same location', () => {
  it('ends with the ledger at what was counted plus what moved after each line was counted', async () => {
    const branch = fixture.branchIds[1];
    const receipt = await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branch,
      received_date: today,
      lines: [{ item_id: frameId, quantity: 30, unit_cost: 1000 }],
    });
    expect(receipt.status).toBe(201);
    const started = await startCount({ branch_id: branch, scope: { item_ids: [frameId, solutionId] } }, admin);
    const instant = () => new Date().toISOString();
    const balanceAtNow = async (itemId: number, at: string) =>
      expectContract(
        await admin.get(`/api/stocks/balance-at?item_id=${itemId}&branch_id=${branch}&at=${encodeURIComponent(at)}`),
        200,
        GetStockBalanceAtResponse,
      ).quantity_on_hand;
    // Sales keep posting while two shelves are counted, some of them at the very same time as a scan.
    const [, frameScan] = await Promise.all([
      sell(frameId, 1, branch),
      count(started.id, { code: 'RB-2140', counted_quantity: 12 }, admin),
      sell(solutionId, 1, branch),
    ]);
    expect(frameScan.status).toBe(201);
    await pause();
    const [solutionScan] = await Promise.all([
      count(started.id, { code: 'SOL-360', counted_quantity: 3 }, admin),
      sell(frameId, 2, branch),
    ]);
    expect(solutionScan.status).toBe(201);
    await pause();
    await Promise.all([sell(solutionId, 1, branch), sell(frameId, 1, branch)]);
    const lines = expectContract(await admin.get(`/api/stock-counts/${started.id}`), 200, GetStockCountResponse).lines;
    const beforePost = { frame: await onHand(frameId, branch), solution: await onHand(solutionId, branch) };
    const since = async (itemId: number, current: number) => {
      const line = lines.find((candidate) => candidate.item_id === itemId);
      return {
        counted: line?.counted_quantity ?? 0,
        moved: current - (await balanceAtNow(itemId, line?.counted_at ?? instant())),
      };
    };
    const frame = await since(frameId, beforePost.frame);
    const solution = await since(solutionId, beforePost.solution);
    const [posted] = await Promise.all([
      admin.post(`/api/stock-counts/${started.id}/post`, { uncounted: 'leave' }),
      sell(frameId, 1, branch),
    ]);
    expect(posted.status).toBe(200);
    // The sale racing the posting moved after both counts, so it is "moved since" whichever went first.
    expect(await onHand(frameId, branch)).toBe(frame.counted + frame.moved - 1);
    expect(await onHand(solutionId, branch)).toBe(solution.counted + solution.moved);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});

describe('several counters at once', () => {
  it('loses no line when two connections add the same and different items together', async () => {
    const otherApp = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
    try {
      const other = new TestClient(otherApp);
      await other.get('/api/csrf-cookie');
      expect((await other.post('/login', { email: 'clerk@example.test', password: testPassword })).status).toBe(200);
      other.businessId = fixture.businessId;
      const started = await startCount({ scope: {} }, clerk);
      const scans = Array.from({ length: 10 }, (_, index) => [
        count(started.id, { code: 'RB-2140', counted_quantity: 1 }, clerk),
        count(started.id, { code: 'RB-2140', counted_quantity: 1 }, other),
        count(started.id, { code: index % 2 === 0 ? 'SOL-360' : '4800000000017', counted_quantity: 1 }, other),
      ]).flat();
      const answers = await Promise.all(scans);
      expect(answers.map((answer) => answer.status)).toEqual(scans.map(() => 201));
      const read = expectContract(await admin.get(`/api/stock-counts/${started.id}`), 200, GetStockCountResponse);
      expect(read.lines.map((line) => [line.item_code, line.counted_quantity])).toEqual([
        ['RB-2140', 20],
        ['SOL-360', 10],
      ]);
    } finally {
      await otherApp.close();
    }
  });
});

describe('a count of 5,000 lines', () => {
  it('posts in one transaction, as one adjustment of 5,000 lines', { timeout: 240_000 }, async () => {
    const audit = { created_at: new Date().toISOString(), updated_at: new Date().toISOString() };
    const model = await api.db
      .selectFrom('items')
      .select(['unit_of_measurement_id'])
      .where('id', '=', frameId)
      .executeTakeFirstOrThrow();
    const bulkType = await api.db
      .insertInto('item_types')
      .values({ business_id: fixture.businessId, name: 'Bulk frames', ...audit, created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const size = 5000;
    const itemIds: number[] = [];
    for (let start = 0; start < size; start += 250) {
      const rows = await api.db
        .insertInto('items')
        .values(
          Array.from({ length: Math.min(250, size - start) }, (_, offset) => ({
            business_id: fixture.businessId,
            code: `BULK-${start + offset}`,
            name: `Bulk frame ${start + offset}`,
            item_type_id: bulkType.id,
            unit_of_measurement_id: model.unit_of_measurement_id,
            is_inventory_tracked: 1,
            ...audit,
            created_by: null,
            updated_by: null,
          })),
        )
        .returning('id')
        .execute();
      itemIds.push(...rows.map((row) => row.id));
    }
    await posting(api.db, fixture.businessId, (context) =>
      insertStockAdjustment(context, {
        location: { branch_id: branchB, warehouse_id: null },
        adjustment_date: today,
        reason: 'opening',
        notes: null,
        lines: itemIds.map((itemId) => ({
          item_id: itemId,
          quantity_delta: 5000,
          unit_cost: 10_000,
          lot_number: null,
          expires_on: null,
        })),
      }),
    );
    const started = await startCount({ branch_id: branchB, scope: { item_type_ids: [bulkType.id] } }, admin);
    const countedAt = new Date().toISOString();
    for (let start = 0; start < size; start += 250) {
      await api.db
        .insertInto('stock_count_lines')
        .values(
          itemIds.slice(start, start + 250).map((itemId, offset) => ({
            business_id: fixture.businessId,
            stock_count_id: started.id,
            item_id: itemId,
            lot_number: null,
            lot_key: '',
            expires_on: null,
            counted_quantity: (start + offset) % 2 === 0 ? 4000 : 6000,
            counted_at: countedAt,
            counted_by: null,
            ...audit,
          })),
        )
        .execute();
    }
    const began = performance.now();
    const posted = await admin.post(`/api/stock-counts/${started.id}/post`, { uncounted: 'leave' });
    const seconds = (performance.now() - began) / 1000;
    const count = expectContract(posted, 200, PostStockCountResponse);
    console.info(`posting a count of ${size} lines took ${seconds.toFixed(1)} s`);
    const lines = await api.db
      .selectFrom('stock_adjustment_lines')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('stock_adjustment_id', '=', count.stock_adjustment_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(lines.total)).toBe(size);
    const stocks = await api.db
      .selectFrom('stocks')
      .select('quantity_on_hand')
      .where('branch_id', '=', branchB)
      .where('item_id', 'in', [itemIds[0] ?? 0, itemIds[1] ?? 0])
      .orderBy('item_id')
      .execute();
    expect(stocks.map((row) => Number(row.quantity_on_hand))).toEqual([4000, 6000]);
    const adjustment = await api.db
      .selectFrom('stock_adjustments')
      .select('total_value')
      .where('id', '=', count.stock_adjustment_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(adjustment.total_value)).toBe(0);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});

describe('a blind count keeps the location’s on-hand figures from whoever only counts', () => {
  let counter: TestClient;
  let countId: number;
  const warehouse = () => fixture.warehouseId;

  beforeAll(async () => {
    await api.createUser({
      email: 'counter@example.test',
      permissions: [
        'view-stocks',
        'view-stock-counts',
        'create-stock-counts',
        'update-stock-counts',
        'view-costs',
        'view-report-stock-valuation',
      ],
      businessIds: [fixture.businessId],
    });
    counter = await api.signIn('counter@example.test');
    counter.businessId = fixture.businessId;
    await posting(api.db, fixture.businessId, (context) =>
      insertStockAdjustment(context, {
        location: { branch_id: null, warehouse_id: warehouse() },
        adjustment_date: today,
        reason: 'opening',
        notes: null,
        lines: [
          { item_id: frameId, quantity_delta: 7000, unit_cost: 100_000, lot_number: null, expires_on: null },
          { item_id: lensId, quantity_delta: 4000, unit_cost: 10_000, lot_number: 'W1', expires_on: inDays(90) },
        ],
      }),
    );
  });

  const stocksAt = async (location: string) =>
    expectContract(await counter.get(`/api/stocks?${location}`), 200, ListStocksResponse).data;

  it('starts blind unless a holder of post-stock-counts asks otherwise', async () => {
    const open = await counter.post('/api/stock-counts', { warehouse_id: warehouse(), blind: false });
    expect(open.status).toBe(403);
    expect((open.json as { message: string }).message).toContain('post-stock-counts');
    const started = expectContract(
      await counter.post('/api/stock-counts', { warehouse_id: warehouse(), scope: { item_ids: [frameId] } }),
      201,
      CreateStockCountResponse,
    );
    expect(started.blind).toBe(true);
    countId = started.id;
  });

  it('answers no on-hand quantity of that location: stocks, one stock, lots, the count, the past and reports', async () => {
    const here = await stocksAt(`warehouse_id=${warehouse()}`);
    expect(here.map((row) => [row.item_id, row.quantity_on_hand, row.value])).toEqual(
      expect.arrayContaining([
        [frameId, null, null],
        [lensId, null, null],
      ]),
    );
    const elsewhere = await stocksAt(`branch_id=${branchB}&item_id=${frameId}`);
    expect(elsewhere[0]?.quantity_on_hand).toEqual(expect.any(Number));
    const frameRow = here.find((row) => row.item_id === frameId);
    const one = expectContract(await counter.get(`/api/stocks/${frameRow?.id}`), 200, GetStockResponse);
    expect(one.quantity_on_hand).toBeNull();
    expect((await counter.get(`/api/stocks/${frameRow?.id}/movements`)).status).toBe(403);
    const lots = expectContract(
      await counter.get(`/api/stock-lots?warehouse_id=${warehouse()}`),
      200,
      ListStockLotsResponse,
    );
    expect(lots.data.map((lot) => [lot.lot_number, lot.quantity_on_hand])).toEqual([['W1', null]]);
    expect((await count(countId, { item_id: frameId, counted_quantity: 6 }, counter)).status).toBe(201);
    const seen = await variance(countId, counter);
    expect(seen.lines).toEqual([expect.objectContaining({ counted: 6, expected: null, difference: null })]);
    const past = await counter.get(
      `/api/stocks/balance-at?item_id=${frameId}&warehouse_id=${warehouse()}&at=${encodeURIComponent(new Date().toISOString())}`,
    );
    expect(past.status).toBe(403);
    const report = await counter.get(`/api/reports/stock-valuation?warehouse_id=${warehouse()}`);
    expect(report.status).toBe(403);
    expect((report.json as { message: string }).message).toMatch(/hidden while blind count CNT-/);
    expect((await counter.get('/api/reports/stock-valuation')).status).toBe(403);
    expect((await counter.get(`/api/reports/stock-valuation?branch_id=${branchB}`)).status).toBe(200);
    const poster = expectContract(await admin.get(`/api/stocks?warehouse_id=${warehouse()}`), 200, ListStocksResponse);
    expect(poster.data.find((row) => row.item_id === frameId)?.quantity_on_hand).toBe(7);
    expect((await variance(countId, admin)).lines).toEqual([expect.objectContaining({ expected: 7, difference: -1 })]);
  });

  it('gives the figures back once the count is posted', async () => {
    const posted = await admin.post(`/api/stock-counts/${countId}/post`, { uncounted: 'leave' });
    expectContract(posted, 200, PostStockCountResponse);
    const here = await stocksAt(`warehouse_id=${warehouse()}`);
    expect(here.map((row) => [row.item_id, row.quantity_on_hand])).toEqual(
      expect.arrayContaining([
        [frameId, 6],
        [lensId, 4],
      ]),
    );
    const lots = expectContract(
      await counter.get(`/api/stock-lots?warehouse_id=${warehouse()}`),
      200,
      ListStockLotsResponse,
    );
    expect(lots.data.map((lot) => lot.quantity_on_hand)).toEqual([4]);
    expect((await counter.get(`/api/reports/stock-valuation?warehouse_id=${warehouse()}`)).status).toBe(200);
  });
});
