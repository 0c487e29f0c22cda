import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CloseBusinessBooksResponse,
  GetAllBusinessesResponse,
} from '../../../generated/zod/businesses/businesses.zod.ts';
import { CreateInvoicePaymentResponse } from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { CreateInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import {
  CreatePurchaseOrderResponse,
  DeletePurchaseOrderResponse,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  CreateStockAdjustmentResponse,
  DeleteStockAdjustmentResponse,
} from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import {
  CreateZReadingResponse,
  GetZReadingOpenDaysResponse,
} from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// Closing days and months (docs/domain/cash.md, Z-reading; docs/domain/management.md, Closing the books;
// docs/domain/README.md, Dates): Zs close a branch's days in order, the books close through a day and stay closed, and
// purchasing and stock documents may be dated a week back by anyone, further only with post-backdated-documents.
const MessageOnly = z.strictObject({ message: z.string() });
const ValidationError = z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

// 23:30 in Manila on the 21st.
const today = '2026-11-21';
const yesterday = '2026-11-20';
const twoDaysAgo = '2026-11-19';
const threeDaysAgo = '2026-11-18';

let api: TestApi;
let admin: TestClient;
let cashier: TestClient;
let clerk: TestClient;
let businessId: number;
let warehouse: number;
let customer: number;
let supplier: number;
let frame: number;
let service: number;

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date(`${today}T15:30:00Z`) });
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date(`${today}T08:00:00Z`) });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
  clerk = await api.signIn('clerk@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  businessId = businesses[0]?.id ?? 0;
  for (const client of [admin, cashier, clerk]) client.businessId = businessId;
  const id = async (query: Promise<{ id: number } | undefined>) => (await query)?.id ?? 0;
  warehouse = await id(api.db.selectFrom('warehouses').select('id').where('code', '=', 'CWH').executeTakeFirst());
  customer = await id(
    api.db.selectFrom('contacts').select('id').where('name', '=', 'Walk-in Customer').executeTakeFirst(),
  );
  supplier = await id(
    api.db
      .selectFrom('contacts')
      .innerJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
      .select('contacts.id')
      .where('contact_types.name', '=', 'Supplier')
      .orderBy('contacts.id')
      .executeTakeFirst(),
  );
  frame = await id(
    api.db
      .selectFrom('stocks')
      .innerJoin('items', 'items.id', 'stocks.item_id')
      .select('items.id')
      .where('stocks.warehouse_id', '=', warehouse)
      .where('stocks.quantity_on_hand', '>=', 5_000)
      .where('items.is_lot_tracked', '=', 0)
      .orderBy('items.id')
      .executeTakeFirst(),
  );
  // Sold at a new branch, which has no stock: a service, which keeps none.
  service = await id(
    api.db.selectFrom('items').select('id').where('is_inventory_tracked', '=', 0).orderBy('id').executeTakeFirst(),
  );
});

afterAll(() => api.close());

function expectRefusal(answer: Awaited<ReturnType<TestClient['post']>>, field: string, words: string) {
  const body = expectContract(answer, 422, ValidationError);
  expect(Object.keys(body.errors)).toEqual([field]);
  expect(body.errors[field]?.[0]).toContain(words);
}

// A branch of its own, with no Z-reading yet, so that the test owns every day of it.
async function newBranch(code: string): Promise<number> {
  const answer = await admin.post('/api/branches', { code, name: `Branch ${code}` });
  expect(answer.status).toBe(201);
  return (answer.json as { id: number }).id;
}

const sale = (branchId: number, invoiceDate: string) => ({
  contact_id: customer,
  branch_id: branchId,
  invoice_date: invoiceDate,
  lines: [{ item_id: service, quantity: 1, unit_price: 500 }],
});

describe('Z-readings close a branch\u2019s days in order', () => {
  it('refuses a later day while an earlier one with sales has no Z, and lists the open days oldest first', async () => {
    const branch = await newBranch('ZORD');
    const first = expectContract(
      await admin.post('/api/invoices', sale(branch, twoDaysAgo)),
      201,
      CreateInvoiceResponse,
    );
    // The number carries the document's own date, not the day it was typed in.
    expect(first.number).toMatch(/^I-20261119-B\d{5}-\d{8}$/);
    expect(first.reference_number).toContain('-20261119-');
    const second = expectContract(
      await admin.post('/api/invoices', sale(branch, yesterday)),
      201,
      CreateInvoiceResponse,
    );
    expect(second.number).toMatch(/^I-20261120-/);

    const open = expectContract(
      await admin.get(`/api/z-readings/open-days?branch_id=${branch}`),
      200,
      GetZReadingOpenDaysResponse,
    );
    expect(open.days).toEqual([twoDaysAgo, yesterday]);

    expectRefusal(await admin.post('/api/z-readings', { branch_id: branch }), 'business_date', twoDaysAgo);
    expectRefusal(
      await admin.post('/api/z-readings', { branch_id: branch, business_date: yesterday }),
      'business_date',
      twoDaysAgo,
    );
    // A day with no sales needs no Z: the 18th is passed over.
    const earliest = expectContract(
      await admin.post('/api/z-readings', { branch_id: branch, business_date: twoDaysAgo }),
      201,
      CreateZReadingResponse,
    );
    expect(earliest.number).toMatch(/^Z-20261119-/);
    expect(earliest.previous_grand_total).toBe(0);
    expect(
      expectContract(await admin.get(`/api/z-readings/open-days?branch_id=${branch}`), 200, GetZReadingOpenDaysResponse)
        .days,
    ).toEqual([yesterday]);
    expectRefusal(await admin.post('/api/z-readings', { branch_id: branch }), 'business_date', yesterday);
    const next = expectContract(
      await admin.post('/api/z-readings', { branch_id: branch, business_date: yesterday }),
      201,
      CreateZReadingResponse,
    );
    expect(next.number).toMatch(/^Z-20261120-/);
    expect(next.previous_grand_total).toBe(earliest.accumulated_grand_total);
    expect(next.accumulated_grand_total).toBe(earliest.accumulated_grand_total + next.net_sales);
    expect(
      expectContract(await admin.get(`/api/z-readings/open-days?branch_id=${branch}`), 200, GetZReadingOpenDaysResponse)
        .days,
    ).toEqual([]);
    // Today, with no sales of its own, closes too, and the grand total carries across it.
    const todays = expectContract(
      await admin.post('/api/z-readings', { branch_id: branch }),
      201,
      CreateZReadingResponse,
    );
    expect(todays.previous_grand_total).toBe(next.accumulated_grand_total);
    expect(todays.accumulated_grand_total).toBe(next.accumulated_grand_total);
  });

  it('refuses a sales document dated on or before the branch\u2019s last Z, on any earlier day too', async () => {
    const branch = await newBranch('ZBEF');
    const invoice = expectContract(
      await admin.post('/api/invoices', sale(branch, yesterday)),
      201,
      CreateInvoiceResponse,
    );
    expectContract(
      await admin.post('/api/z-readings', { branch_id: branch, business_date: yesterday }),
      201,
      CreateZReadingResponse,
    );
    // Two days back has no Z of its own, but yesterday's closed it: a sale there would be in no reading.
    expectRefusal(await admin.post('/api/invoices', sale(branch, threeDaysAgo)), 'invoice_date', yesterday);
    expectRefusal(await admin.post('/api/invoices', sale(branch, yesterday)), 'invoice_date', yesterday);
    expectRefusal(
      await admin.post('/api/invoice-payments', {
        invoice_id: invoice.id,
        payment_date: twoDaysAgo,
        amount: 100,
        payment_method: 'cash',
      }),
      'payment_date',
      yesterday,
    );
    // Today is open, and a payment today of yesterday's invoice is too.
    expectContract(await admin.post('/api/invoices', sale(branch, today)), 201, CreateInvoiceResponse);
    expectContract(
      await admin.post('/api/invoice-payments', {
        invoice_id: invoice.id,
        payment_date: today,
        amount: 100,
        payment_method: 'cash',
      }),
      201,
      CreateInvoicePaymentResponse,
    );
  });

  it('answers only a branch of the business, and refuses another branch than a bound user\u2019s own', async () => {
    expectRefusal(await admin.get('/api/z-readings/open-days?branch_id=999999'), 'branch_id', 'invalid');
    const other = await newBranch('ZOTH');
    expectRefusal(await cashier.get(`/api/z-readings/open-days?branch_id=${other}`), 'branch_id', 'own branch');
  });
});

describe('purchasing and stock documents are dated up to a week back', () => {
  const adjustment = (date: string, reason = 'count') => ({
    warehouse_id: warehouse,
    adjustment_date: date,
    reason,
    lines: [{ item_id: frame, quantity_delta: -1 }],
  });

  it('lets a clerk date one 7 days back, and only a holder of post-backdated-documents further', async () => {
    const weekBack = expectContract(
      await clerk.post('/api/stock-adjustments', adjustment('2026-11-14')),
      201,
      CreateStockAdjustmentResponse,
    );
    expect(weekBack.number).toMatch(/^ADJ-20261114-W/);
    const refused = expectContract(
      await clerk.post('/api/stock-adjustments', adjustment('2026-11-04')),
      403,
      MessageOnly,
    );
    expect(refused.message).toContain('post-backdated-documents');
    expect(refused.message).toContain('2026-11-14');
    const receipt = await clerk.post('/api/receive-orders', {
      contact_id: supplier,
      warehouse_id: warehouse,
      received_date: '2026-11-13',
      lines: [{ item_id: frame, quantity: 1, unit_cost: 100 }],
    });
    expect(expectContract(receipt, 403, MessageOnly).message).toContain('post-backdated-documents');
    const older = expectContract(
      await admin.post('/api/stock-adjustments', adjustment('2026-11-04')),
      201,
      CreateStockAdjustmentResponse,
    );
    expect(older.adjustment_date).toBe('2026-11-04');
  });

  it('lets only a holder of the permission void (or restore) one dated before today', async () => {
    const earlier = expectContract(
      await clerk.post('/api/stock-adjustments', adjustment(yesterday, 'found')),
      201,
      CreateStockAdjustmentResponse,
    );
    const refused = expectContract(await clerk.delete(`/api/stock-adjustments/${earlier.id}`), 403, MessageOnly);
    expect(refused.message).toContain('void');
    expect(refused.message).toContain('post-backdated-documents');
    expectContract(await admin.delete(`/api/stock-adjustments/${earlier.id}`), 200, DeleteStockAdjustmentResponse);
    expectContract(await clerk.patch(`/api/stock-adjustments/${earlier.id}/restore`), 403, MessageOnly);

    const todays = expectContract(
      await clerk.post('/api/stock-adjustments', adjustment(today, 'found')),
      201,
      CreateStockAdjustmentResponse,
    );
    expectContract(await clerk.delete(`/api/stock-adjustments/${todays.id}`), 200, DeleteStockAdjustmentResponse);
  });
});

// Last: it closes the demo business's books through October for the rest of the file.
describe('closing the books', () => {
  const order = (date: string) => ({
    contact_id: supplier,
    warehouse_id: warehouse,
    order_date: date,
    lines: [{ item_id: frame, quantity: 1, unit_cost: 100 }],
  });

  it('moves books_closed_through forward only, never past today, for a holder of close-books', async () => {
    const holders = await api.db
      .selectFrom('role_permission')
      .innerJoin('roles', 'roles.id', 'role_permission.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
      .select('roles.name')
      .where('permissions.name', '=', 'close-books')
      .execute();
    expect(holders.map((role) => role.name)).toEqual(['Administrator']);

    const business = expectContract(
      await admin.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    ).businesses.find((row) => row.id === businessId);
    // The demo's books are closed through a month before its first document.
    expect((business?.books_closed_through ?? '9999-12-31') < '2026-10-01').toBe(true);

    const denied = expectContract(
      await cashier.post(`/api/businesses/${businessId}/close-books`, { through: '2026-10-31' }),
      403,
      MessageOnly,
    );
    expect(denied.message).toContain('close-books');
    expectRefusal(
      await admin.post(`/api/businesses/${businessId}/close-books`, { through: '2026-11-22' }),
      'through',
      today,
    );

    // Documents of the month to close, made while it is still open.
    const kept = expectContract(
      await admin.post('/api/purchase-orders', order('2026-10-25')),
      201,
      CreatePurchaseOrderResponse,
    );
    const voided = expectContract(
      await admin.post('/api/purchase-orders', order('2026-10-26')),
      201,
      CreatePurchaseOrderResponse,
    );
    expectContract(await admin.delete(`/api/purchase-orders/${voided.id}`), 200, DeletePurchaseOrderResponse);

    const closed = expectContract(
      await admin.post(`/api/businesses/${businessId}/close-books`, { through: '2026-10-31' }),
      200,
      CloseBusinessBooksResponse,
    );
    expect(closed.books_closed_through).toBe('2026-10-31');
    expectRefusal(
      await admin.post(`/api/businesses/${businessId}/close-books`, { through: '2026-10-30' }),
      'through',
      '2026-10-31',
    );

    const words = 'The books are closed through 2026-10-31.';
    expectRefusal(await admin.post('/api/purchase-orders', order('2026-10-31')), 'order_date', words);
    expectRefusal(await admin.patch(`/api/purchase-orders/${kept.id}`, { notes: 'Late' }), 'order_date', words);
    expectRefusal(
      await admin.patch(`/api/purchase-orders/${kept.id}`, { order_date: '2026-11-02' }),
      'order_date',
      words,
    );
    expectRefusal(await admin.delete(`/api/purchase-orders/${kept.id}`), 'order_date', words);
    expectRefusal(await admin.patch(`/api/purchase-orders/${voided.id}/restore`), 'order_date', words);
    expectRefusal(
      await admin.post('/api/stock-adjustments', {
        warehouse_id: warehouse,
        adjustment_date: '2026-10-15',
        reason: 'count',
        lines: [{ item_id: frame, quantity_delta: 1, unit_cost: 100 }],
      }),
      'adjustment_date',
      words,
    );
    expectRefusal(
      await admin.post('/api/z-readings', { branch_id: await newBranch('ZCLS'), business_date: '2026-10-31' }),
      'business_date',
      words,
    );
    // The day after is open.
    expectContract(await admin.post('/api/purchase-orders', order('2026-11-01')), 201, CreatePurchaseOrderResponse);

    const forward = expectContract(
      await admin.post(`/api/businesses/${businessId}/close-books`, { through: '2026-11-01' }),
      200,
      CloseBusinessBooksResponse,
    );
    expect(forward.books_closed_through).toBe('2026-11-01');
  });
});
