import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { CreateInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { UpdateItemResponse } from '../../../generated/zod/items/items.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { ListStockLotsResponse } from '../../../generated/zod/stock-lots/stock-lots.zod.ts';
import { CreateStockReceiveResponse } from '../../../generated/zod/stock-receives/stock-receives.zod.ts';
import { CreateStockReturnResponse } from '../../../generated/zod/stock-returns/stock-returns.zod.ts';
import { CreateStockTransferResponse } from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { ListStockMovementsResponse, ListStocksResponse } from '../../../generated/zod/stocks/stocks.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// Contact lenses kept by lot: receipts name their lots, issues take the earliest good expiry first or the lot named,
// never an expired one, and voids give back to the same lots. Every answer is checked against the contract.

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => businessDate(new Date(Date.now() + days * day));
const today = inDays(0);

let api: TestApi;
let clerk: TestClient;
let viewer: TestClient;
let fixture: LedgerFixture;
let lensId: number;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA, branchB] = fixture.branchIds;
  lensId = fixture.itemIds[1];
  await api.createUser({
    email: 'clerk@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'viewer@example.test',
    permissions: ['view-items'],
    businessIds: [fixture.businessId],
  });
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
  viewer = await api.signIn('viewer@example.test');
  viewer.businessId = fixture.businessId;
});

afterAll(() => api.close());

function receive(lines: Record<string, unknown>[], branchId = branchA, receivedDate = today) {
  return clerk.post('/api/receive-orders', {
    contact_id: fixture.supplierId,
    branch_id: branchId,
    received_date: receivedDate,
    lines: lines.map((line) => ({ item_id: lensId, unit_cost: 500, ...line })),
  });
}

function sell(lines: Record<string, unknown>[], invoiceDate = today) {
  return clerk.post('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branchA,
    invoice_date: invoiceDate,
    lines: lines.map((line) => ({ item_id: lensId, unit_price: 900, ...line })),
  });
}

async function lots(query: string) {
  const answer = await clerk.get(`/api/stock-lots?item_id=${lensId}&per_page=100&${query}`);
  const page = expectContract(answer, 200, ListStockLotsResponse);
  return Object.fromEntries(page.data.map((lot) => [`${lot.location_name}/${lot.lot_number}`, lot.quantity_on_hand]));
}

async function stockTotal(branchId: number) {
  const answer = await clerk.get(`/api/stocks?item_id=${lensId}&branch_id=${branchId}`);
  return expectContract(answer, 200, ListStocksResponse).data[0]?.quantity_on_hand ?? 0;
}

describe('lot-tracked items', () => {
  it('are marked on the item', async () => {
    const answer = await clerk.patch(`/api/items/${lensId}`, { is_lot_tracked: true });
    expect(expectContract(answer, 200, UpdateItemResponse).is_lot_tracked).toBe(true);
  });

  it('need a lot number and an expiry on every receipt line', async () => {
    const answer = await receive([{ quantity: 1 }]);
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors).sort()).toEqual([
      'lines.0.expires_on',
      'lines.0.lot_number',
    ]);
    expect(await lots('')).toEqual({});
  });

  it('refuse a lot that expired before the receipt', async () => {
    const answer = await receive([
      { quantity: 1, lot_number: 'L-GONE', expires_on: '2025-01-31' },
      { quantity: 1, lot_number: 'L-GOOD', expires_on: inDays(100) },
    ]);
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: Record<string, string[]> }).errors).toEqual({
      'lines.0.expires_on': ['Lot L-GONE of Daily contact lens expired on 2025-01-31; expired goods are not received.'],
    });
    expect(await lots('')).toEqual({});
  });

  it('keep each lot with its expiry, and the stock total is the sum of the lots', async () => {
    // Received three weeks ago, while the old lot was still good; it has expired on the shelf since.
    const answer = await receive(
      [
        { quantity: 2, lot_number: 'L-OLD', expires_on: inDays(-10) },
        { quantity: 3, lot_number: 'L-SOON', expires_on: inDays(30) },
        { quantity: 5, lot_number: 'L-LATE', expires_on: inDays(300) },
      ],
      branchA,
      inDays(-21),
    );
    const order = expectContract(answer, 201, CreateReceiveOrderResponse);
    expect(order.lines.map((line) => [line.lot_number, line.expires_on])).toEqual([
      ['L-OLD', inDays(-10)],
      ['L-SOON', inDays(30)],
      ['L-LATE', inDays(300)],
    ]);
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 3, 'Makati/L-LATE': 5 });
    expect(await stockTotal(branchA)).toBe(10);
  });

  it('refuse a known lot number with another expiry', async () => {
    const answer = await receive([{ quantity: 1, lot_number: 'L-SOON', expires_on: inDays(31) }]);
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: Record<string, string[]> }).errors['lines.0.expires_on']?.[0]).toContain(
      inDays(30),
    );
  });

  it('cannot stop being lot-tracked once they moved', async () => {
    const answer = await clerk.patch(`/api/items/${lensId}`, { is_lot_tracked: false });
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.json as { errors: object }).errors)).toEqual(['is_lot_tracked']);
  });
});

describe('GET /api/stock-lots', () => {
  it('filters the lots expiring within N days, the expired ones included', async () => {
    expect(await lots('expiring_within_days=90')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 3 });
    expect(await lots('expiring_within_days=0')).toEqual({ 'Makati/L-OLD': 2 });
    expect(await lots(`branch_id=${branchB}`)).toEqual({});
    // Earliest expiry first, the expired lot at the top, whatever order the lots were made in.
    const page = expectContract(
      await clerk.get(`/api/stock-lots?item_id=${lensId}&expiring_within_days=365`),
      200,
      ListStockLotsResponse,
    );
    expect(page.data.map((lot) => lot.lot_number)).toEqual(['L-OLD', 'L-SOON', 'L-LATE']);
    expect(page.meta.total).toBe(3);
  });

  it('finds a lot by its number and pages like the other lists', async () => {
    const answer = await clerk.get('/api/stock-lots?search=L-LATE&per_page=25&order_by=asc');
    const page = expectContract(answer, 200, ListStockLotsResponse);
    expect(page.data.map((lot) => lot.lot_number)).toEqual(['L-LATE']);
    expect(page.meta.total).toBe(1);
  });

  it('feeds the Overview the lots expiring within 90 days, earliest first', async () => {
    const overview = expectContract(await clerk.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.expiring_lots.map((lot) => [lot.lot_number, lot.expires_on, lot.quantity_on_hand])).toEqual([
      ['L-OLD', inDays(-10), 2],
      ['L-SOON', inDays(30), 3],
    ]);
  });

  it('needs view-stocks', async () => {
    expect((await viewer.get('/api/stock-lots')).status).toBe(403);
  });
});

describe('selling lot-tracked items', () => {
  it('takes the earliest unexpired lot first, splitting the line across lots', async () => {
    const answer = await sell([{ quantity: 4 }]);
    const invoice = expectContract(answer, 201, CreateInvoiceResponse);
    expect(invoice.lines[0]?.lots).toEqual([
      { lot_number: 'L-SOON', expires_on: inDays(30), quantity: 3 },
      { lot_number: 'L-LATE', expires_on: inDays(300), quantity: 1 },
    ]);
    // The answer and the read of one (one statement) show the lots as the list does.
    const listed = await clerk.get('/api/invoices');
    expect((listed.json as { data: unknown[] }).data[0]).toEqual(invoice);
    expect((await clerk.get(`/api/invoices/${invoice.id}`)).json).toEqual(invoice);
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 0, 'Makati/L-LATE': 4 });
    expect(await stockTotal(branchA)).toBe(6);

    const movements = await clerk.get(
      `/api/stocks/${(await api.db.selectFrom('stocks').select('id').where('item_id', '=', lensId).where('location_key', '=', `B${branchA}`).executeTakeFirstOrThrow()).id}/movements?per_page=100`,
    );
    const sold = expectContract(movements, 200, ListStockMovementsResponse).data.filter(
      (movement) => movement.document_id === invoice.id && movement.document_type === 'invoice',
    );
    expect(sold.map((movement) => [movement.lot_number, movement.quantity_delta]).sort()).toEqual([
      ['L-LATE', -1],
      ['L-SOON', -3],
    ]);

    expect((await clerk.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 3, 'Makati/L-LATE': 5 });
  });

  it('never sells an expired lot: the unexpired units are all there is', async () => {
    const answer = await sell([{ quantity: 9 }]);
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: Record<string, string[]> }).errors).toEqual({
      'lines.0.quantity': ['Only 8 unexpired units of Daily contact lens are in stock at Makati.'],
    });
  });

  it('refuses a named lot that is expired, short or not there, on the line', async () => {
    const expired = await sell([{ quantity: 1, lot_number: 'L-OLD' }]);
    expect(expired.status).toBe(422);
    expect((expired.json as { errors: Record<string, string[]> }).errors['lines.0.lot_number']?.[0]).toContain(
      'expired',
    );
    const short = await sell([{ quantity: 1 }, { quantity: 4, lot_number: 'L-SOON' }]);
    expect(short.status).toBe(422);
    expect(Object.keys((short.json as { errors: object }).errors)).toEqual(['lines.1.lot_number']);
    const unknown = await sell([{ quantity: 1, lot_number: 'NOPE' }]);
    expect(Object.keys((unknown.json as { errors: object }).errors)).toEqual(['lines.0.lot_number']);
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 3, 'Makati/L-LATE': 5 });
  });

  it('sells a named lot, and an edit gives back to the same lot before taking again', async () => {
    const answer = await sell([{ quantity: 2, lot_number: 'L-LATE' }]);
    const invoice = expectContract(answer, 201, CreateInvoiceResponse);
    expect(invoice.lines[0]?.lot_number).toBe('L-LATE');
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 3, 'Makati/L-LATE': 3 });
    const edited = await clerk.patch(`/api/invoices/${invoice.id}`, {
      lines: [{ item_id: lensId, quantity: 1, unit_price: 900 }],
    });
    expect(edited.status).toBe(200);
    expect(await lots('')).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 2, 'Makati/L-LATE': 5 });
    expect((await clerk.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
  });
});

describe('transferring lot-tracked items', () => {
  it('carries the lots into transit, and the receiving side gets the same lots and expiries', async () => {
    const expired = await clerk.post('/api/stock-transfers', {
      from_branch_id: branchA,
      to_branch_id: branchB,
      transfer_date: today,
      lines: [{ item_id: lensId, quantity: 1, lot_number: 'L-OLD' }],
    });
    expect(Object.keys((expired.json as { errors: object }).errors)).toEqual(['lines.0.lot_number']);

    const sent = await clerk.post('/api/stock-transfers', {
      from_branch_id: branchA,
      to_branch_id: branchB,
      transfer_date: today,
      lines: [{ item_id: lensId, quantity: 5 }],
    });
    const transfer = expectContract(sent, 201, CreateStockTransferResponse);
    expect(transfer.lines[0]?.lots.map((lot) => [lot.lot_number, lot.quantity])).toEqual([
      ['L-SOON', 3],
      ['L-LATE', 2],
    ]);
    const inTransit = expectContract(
      await clerk.get(`/api/stock-lots?item_id=${lensId}&branch_id=${branchB}`),
      200,
      ListStockLotsResponse,
    ).data.map((lot) => [lot.lot_number, lot.expires_on, lot.quantity_in_transit]);
    expect(inTransit.sort()).toEqual([
      ['L-LATE', inDays(300), 2],
      ['L-SOON', inDays(30), 3],
    ]);
    const lineId = transfer.lines[0]?.id ?? 0;

    const unnamed = await clerk.post('/api/stock-receives', {
      stock_transfer_id: transfer.id,
      received_date: today,
      lines: [{ stock_transfer_line_id: lineId, quantity: 1 }],
    });
    expect(Object.keys((unnamed.json as { errors: object }).errors).sort()).toEqual([
      'lines.0.expires_on',
      'lines.0.lot_number',
    ]);
    const wrongLot = await clerk.post('/api/stock-receives', {
      stock_transfer_id: transfer.id,
      received_date: today,
      lines: [{ stock_transfer_line_id: lineId, quantity: 1, lot_number: 'L-OLD', expires_on: inDays(-10) }],
    });
    expect(Object.keys((wrongLot.json as { errors: object }).errors)).toEqual(['lines.0.lot_number']);

    const received = await clerk.post('/api/stock-receives', {
      stock_transfer_id: transfer.id,
      received_date: today,
      lines: [{ stock_transfer_line_id: lineId, quantity: 3, lot_number: 'L-SOON', expires_on: inDays(30) }],
    });
    expectContract(received, 201, CreateStockReceiveResponse);
    const returned = await clerk.post('/api/stock-returns', {
      stock_transfer_id: transfer.id,
      return_date: today,
      lines: [{ stock_transfer_line_id: lineId, quantity: 2 }],
    });
    const stockReturn = expectContract(returned, 201, CreateStockReturnResponse);
    expect(stockReturn.lines[0]?.lots).toEqual([{ lot_number: 'L-LATE', expires_on: inDays(300), quantity: 2 }]);
    expect(await lots('')).toEqual({
      'Makati/L-OLD': 2,
      'Makati/L-SOON': 0,
      'Makati/L-LATE': 5,
      'Quezon City/L-SOON': 3,
      'Quezon City/L-LATE': 0,
    });
    expect(await stockTotal(branchB)).toBe(3);

    expect((await clerk.delete(`/api/stock-returns/${stockReturn.id}`)).status).toBe(200);
    expect(await lots(`branch_id=${branchA}`)).toEqual({ 'Makati/L-OLD': 2, 'Makati/L-SOON': 0, 'Makati/L-LATE': 3 });
    const transit = await api.db
      .selectFrom('stock_lots')
      .select(['lot_number', 'quantity_in_transit'])
      .where('item_id', '=', lensId)
      .where('location_key', '=', `B${branchB}`)
      .where('quantity_in_transit', '>', 0)
      .execute();
    expect(transit.map((lot) => [lot.lot_number, Number(lot.quantity_in_transit)])).toEqual([['L-LATE', 2000]]);
  });
});

describe('importing opening stock of a lot-tracked item', () => {
  const importCsv = (csv: string) =>
    clerk.request('POST', '/api/stocks/import', csv, { headers: { 'content-type': 'text/csv' } });

  it('names the row and column of a missing lot, and posts the named lot otherwise', async () => {
    const missing = await importCsv('item,warehouse,quantity,unit_cost\nOA-1DAY,WH,4,500\n');
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.json as { errors: object }).errors).sort()).toEqual([
      'rows.2.expires_on',
      'rows.2.lot_number',
    ]);
    const posted = await importCsv(
      `item,warehouse,quantity,unit_cost,lot_number,expires_on\nOA-1DAY,WH,4,500,L-OPEN,${inDays(200)}\n`,
    );
    expect(posted.status).toBe(201);
    expect(await lots(`warehouse_id=${fixture.warehouseId}`)).toEqual({ 'Pasig Warehouse/L-OPEN': 4 });
  });
});
