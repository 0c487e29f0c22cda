import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { CreateInvoicePaymentResponse } from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { CreateInvoiceResponse, DeleteInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { ListPermissionsResponse } from '../../../generated/zod/permissions/permissions.zod.ts';
import { CreatePurchaseOrderResponse } from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateReceiveOrderResponse } from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { CreateStockRequestResponse } from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import { buildApp } from '../../../server/app.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { createTestApi, expectContract, type TestApi, TestClient, testPasswordCost } from '../../support/test-api.ts';

// docs/domain/README.md, Dates: a document is dated on or before today (Manila); a sales document today, unless the user
// holds post-backdated-documents, which editing or voiding an earlier day's sale needs too.
const MessageOnly = z.strictObject({ message: z.string() });
const ValidationError = z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

// 23:30 in Manila on the 21st is still the 21st there, while UTC already reads 15:30 of the same day; 16:30 UTC
// would be the 22nd in Manila.
const today = '2026-11-21';
const yesterday = '2026-11-20';
const tomorrow = '2026-11-22';

let api: TestApi;
let admin: TestClient;
let cashier: TestClient;
let clerk: TestClient;
let makati: number;
let warehouse: number;
let customer: number;
let supplier: number;
let frame: number;

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
  for (const client of [admin, cashier, clerk]) client.businessId = businesses[0]?.id ?? null;
  const id = async (query: Promise<{ id: number } | undefined>) => (await query)?.id ?? 0;
  makati = await id(api.db.selectFrom('branches').select('id').where('code', '=', 'MKT').executeTakeFirst());
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
      .where('stocks.branch_id', '=', makati)
      .where('stocks.quantity_on_hand', '>=', 5000)
      .where('items.is_lot_tracked', '=', 0)
      .orderBy('items.id')
      .executeTakeFirst(),
  );
});

afterAll(() => api.close());

const sale = (invoiceDate: string) => ({
  contact_id: customer,
  branch_id: makati,
  invoice_date: invoiceDate,
  lines: [{ item_id: frame, quantity: 1, unit_price: 500 }],
});
const payment = (invoiceId: number, paymentDate: string) => ({
  invoice_id: invoiceId,
  payment_date: paymentDate,
  amount: 100,
  payment_method: 'cash',
});

function expectDateRefusal(answer: Awaited<ReturnType<TestClient['post']>>, field: string) {
  const body = expectContract(answer, 422, ValidationError);
  expect(Object.keys(body.errors)).toEqual([field]);
  expect(body.errors[field]?.[0]).toContain('after today');
}

describe('no document dated after today', () => {
  it('refuses tomorrow on a sale, a purchase and a stock document, even for the administrator', async () => {
    expectDateRefusal(await admin.post('/api/invoices', sale(tomorrow)), 'invoice_date');
    expectDateRefusal(
      await admin.post('/api/purchase-orders', {
        contact_id: supplier,
        warehouse_id: warehouse,
        order_date: tomorrow,
        lines: [{ item_id: frame, quantity: 1, unit_cost: 100 }],
      }),
      'order_date',
    );
    expectDateRefusal(
      await clerk.post('/api/stock-requests', {
        from_warehouse_id: warehouse,
        to_branch_id: makati,
        request_date: tomorrow,
        lines: [{ item_id: frame, quantity: 1 }],
      }),
      'request_date',
    );
    const invoice = expectContract(await admin.post('/api/invoices', sale(today)), 201, CreateInvoiceResponse);
    expectDateRefusal(await admin.post('/api/invoice-payments', payment(invoice.id, tomorrow)), 'payment_date');
    expectDateRefusal(await admin.patch(`/api/invoices/${invoice.id}`, { invoice_date: tomorrow }), 'invoice_date');
  });

  it('takes today in Manila when UTC still reads the day before', async () => {
    // A second server over the same database whose clock reads 00:30 of the 22nd in Manila.
    const late = await buildApp({
      db: api.db,
      passwordCost: testPasswordCost,
      now: () => new Date('2026-11-21T16:30:00Z'),
    });
    try {
      const owner = new TestClient(late);
      await owner.get('/api/csrf-cookie');
      expect((await owner.post('/login', { email: 'admin@spectacle.test', password: 'spectacle-demo' })).status).toBe(
        200,
      );
      owner.businessId = admin.businessId;
      const invoice = expectContract(await owner.post('/api/invoices', sale(tomorrow)), 201, CreateInvoiceResponse);
      expect(invoice.invoice_date).toBe(tomorrow);
      expectDateRefusal(await owner.post('/api/invoices', sale('2026-11-23')), 'invoice_date');
    } finally {
      await late.close();
    }
  });
});

describe('sales documents are dated today', () => {
  it('lets the cashier sell and take payments today, and refuses an earlier date with a 403 that says why', async () => {
    const invoice = expectContract(await cashier.post('/api/invoices', sale(today)), 201, CreateInvoiceResponse);
    expect(invoice.invoice_date).toBe(today);
    expectContract(
      await cashier.post('/api/invoice-payments', payment(invoice.id, today)),
      201,
      CreateInvoicePaymentResponse,
    );

    const backdated = expectContract(await cashier.post('/api/invoices', sale(yesterday)), 403, MessageOnly);
    expect(backdated.message).toContain('post-backdated-documents');
    expect(backdated.message).toContain('before today');
    const paidEarlier = expectContract(
      await cashier.post('/api/invoice-payments', payment(invoice.id, yesterday)),
      403,
      MessageOnly,
    );
    expect(paidEarlier.message).toContain('post-backdated-documents');
    expectContract(await cashier.patch(`/api/invoices/${invoice.id}`, { invoice_date: yesterday }), 403, MessageOnly);
  });

  it('lets only a holder of the permission void (or restore) an invoice dated before today', async () => {
    // A supervisor who may void invoices, but not backdate them.
    await api.createUser({
      email: 'supervisor@spectacle.test',
      permissions: ['view-invoices', 'create-invoices', 'delete-invoices', 'restore-invoices'],
      businessIds: [admin.businessId ?? 0],
    });
    const supervisor = await api.signIn('supervisor@spectacle.test');
    supervisor.businessId = admin.businessId;
    // The demo's days before yesterday are closed by their Z-readings (docs/domain/cash.md): an unpaid sale of
    // yesterday's, which only the administrator may date so.
    const earlier = expectContract(await admin.post('/api/invoices', sale(yesterday)), 201, CreateInvoiceResponse);
    expect(earlier).toBeDefined();
    const refused = expectContract(await supervisor.delete(`/api/invoices/${earlier?.id}`), 403, MessageOnly);
    expect(refused.message).toContain('void');
    expect(refused.message).toContain('post-backdated-documents');
    const voided = expectContract(await admin.delete(`/api/invoices/${earlier?.id}`), 200, DeleteInvoiceResponse);
    expect(voided.deleted_at).not.toBeNull();
    expectContract(await supervisor.patch(`/api/invoices/${earlier?.id}/restore`), 403, MessageOnly);

    const todays = expectContract(await supervisor.post('/api/invoices', sale(today)), 201, CreateInvoiceResponse);
    expectContract(await supervisor.delete(`/api/invoices/${todays.id}`), 200, DeleteInvoiceResponse);
  });

  it('lets the administrator, who holds the permission, post an earlier day', async () => {
    const invoice = expectContract(await admin.post('/api/invoices', sale(yesterday)), 201, CreateInvoiceResponse);
    expect(invoice.invoice_date).toBe(yesterday);
    expectContract(
      await admin.post('/api/invoice-payments', payment(invoice.id, yesterday)),
      201,
      CreateInvoicePaymentResponse,
    );
    const catalogue = expectContract(
      await admin.get('/api/permissions?search=post-backdated-documents'),
      200,
      ListPermissionsResponse,
    );
    expect(catalogue.data.map((permission) => permission.name)).toEqual(['post-backdated-documents']);
    const holders = await api.db
      .selectFrom('role_permission')
      .innerJoin('roles', 'roles.id', 'role_permission.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
      .select('roles.name')
      .where('permissions.name', '=', 'post-backdated-documents')
      .execute();
    expect(holders.map((role) => role.name)).toEqual(['Administrator']);
  });

  it('lets purchasing and stock documents carry an earlier date without the permission', async () => {
    const receipt = expectContract(
      await clerk.post('/api/receive-orders', {
        contact_id: supplier,
        warehouse_id: warehouse,
        received_date: yesterday,
        lines: [{ item_id: frame, quantity: 2, unit_cost: 100 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    expect(receipt.received_date).toBe(yesterday);
    const request = expectContract(
      await clerk.post('/api/stock-requests', {
        from_warehouse_id: warehouse,
        to_branch_id: makati,
        request_date: yesterday,
        lines: [{ item_id: frame, quantity: 1 }],
      }),
      201,
      CreateStockRequestResponse,
    );
    expect(request.request_date).toBe(yesterday);
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: supplier,
        warehouse_id: warehouse,
        order_date: '2026-10-01',
        lines: [{ item_id: frame, quantity: 1, unit_cost: 100 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    expect(order.order_date).toBe('2026-10-01');
  });
});
