import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAuthUserResponse } from '../../../generated/zod/auth/auth.zod.ts';
import { GetAllBusinessesResponse, UpdateBusinessResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { CreateContactResponse, GetContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { ListInvoicesResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { GetDailySalesResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { CreateStockReceiveResponse } from '../../../generated/zod/stock-receives/stock-receives.zod.ts';
import { CreateStockRequestResponse } from '../../../generated/zod/stock-requests/stock-requests.zod.ts';
import {
  CreateStockTransferResponse,
  GetStockTransferResponse,
} from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { GetUserResponse } from '../../../generated/zod/users/users.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// Issue 25 on the demo business: what its clerk and cashier may see and do in their first week.

let api: TestApi;
let makati = 0;
let quezonCity = 0;

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
  const branches = await api.db.selectFrom('branches').select(['id', 'name']).orderBy('id').execute();
  makati = branches.find((branch) => branch.name.includes('Makati'))?.id ?? 0;
  quezonCity = branches.find((branch) => branch.name.includes('Quezon'))?.id ?? 0;
});

afterAll(() => api.close());

describe('money follows permissions and place', () => {
  it('answers receivables only with view-invoices and payables only with view-bills', async () => {
    const clerk = await demoUser('clerk@spectacle.test');
    const seen = expectContract(await clerk.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(seen.receivables).toBeNull();
    expect(seen.payables).toBeNull();
    const admin = await demoUser('admin@spectacle.test');
    const all = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(all.receivables).not.toBeNull();
    expect(all.payables).not.toBeNull();
  });

  it("shows the Makati cashier Makati's figures only, on the Overview and the daily sales", async () => {
    const cashier = await demoUser('cashier@spectacle.test');
    const admin = await demoUser('admin@spectacle.test');
    const to = businessDate(new Date());
    const span = `date_from=${to.slice(0, 4)}-01-01&date_to=${to}`;
    const everywhere = expectContract(await admin.get(`/api/reports/daily-sales?${span}`), 200, GetDailySalesResponse);
    expect(everywhere.some((row) => row.branch_id === quezonCity)).toBe(true);
    const own = expectContract(await cashier.get(`/api/reports/daily-sales?${span}`), 200, GetDailySalesResponse);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.branch_id === makati)).toBe(true);
    const other = await cashier.get(`/api/reports/daily-sales?${span}&branch_id=${quezonCity}`);
    expect(other.status).toBe(422);
    expect(Object.keys((other.json as { errors: Record<string, string[]> }).errors)).toEqual(['branch_id']);

    const overview = expectContract(await cashier.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    const makatiInvoices = await api.db
      .selectFrom('invoices')
      .select(['total', 'amount_paid', 'credited_total', 'invoice_date'])
      .where('branch_id', '=', makati)
      .where('deleted_at', 'is', null)
      .execute();
    // What a customer still owes is the invoice less what was paid and what a credit memo took off its balance; a
    // memo refunding a paid invoice leaves nothing owed, not a negative balance.
    const owed =
      makatiInvoices.reduce(
        (sum, row) => sum + Math.max(0, Number(row.total) - Number(row.amount_paid) - Number(row.credited_total)),
        0,
      ) / 100;
    expect(overview.receivables).toBeCloseTo(owed, 2);
    const sold = overview.sales_by_day.reduce((sum, day) => sum + day.total, 0);
    const since = overview.sales_by_day[0]?.date ?? to;
    const makatiReturns = await api.db
      .selectFrom('credit_memos')
      .select(['total'])
      .where('branch_id', '=', makati)
      .where('deleted_at', 'is', null)
      .where('memo_date', '>=', since)
      .execute();
    // The Overview's sales are net of returns, counted on the memo's date.
    const makatiSold =
      makatiInvoices.filter((row) => row.invoice_date >= since).reduce((sum, row) => sum + Number(row.total), 0) -
      makatiReturns.reduce((sum, row) => sum + Number(row.total), 0);
    expect(sold).toBeCloseTo(makatiSold / 100, 2);
    expect(overview.job_orders_due.every((order) => order.branch_name.includes('Makati'))).toBe(true);
    expect(overview.expiring_lots.every((lot) => lot.branch_id === makati)).toBe(true);
  });
});

describe("the demo cashier's branch asks for stock", () => {
  it('requests stock for Makati from the warehouse or another branch, and receives the transfer there', async () => {
    const cashier = await demoUser('cashier@spectacle.test');
    const admin = await demoUser('admin@spectacle.test');
    const warehouse = await api.db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const stocked = await api.db
      .selectFrom('stocks')
      .innerJoin('items', 'items.id', 'stocks.item_id')
      .select('stocks.item_id')
      .where('stocks.warehouse_id', '=', warehouse.id)
      .where('stocks.quantity_on_hand', '>=', 2000)
      .where('items.is_lot_tracked', '=', 0)
      .orderBy('stocks.item_id')
      .executeTakeFirstOrThrow();
    const today = businessDate(new Date());
    const request = expectContract(
      await cashier.post('/api/stock-requests', {
        from_warehouse_id: warehouse.id,
        to_branch_id: makati,
        request_date: today,
        lines: [{ item_id: stocked.item_id, quantity: 2 }],
      }),
      201,
      CreateStockRequestResponse,
    );
    expect(request.to_location_name).toContain('Makati');
    expectContract(
      await cashier.post('/api/stock-requests', {
        from_branch_id: quezonCity,
        to_branch_id: makati,
        request_date: today,
        lines: [{ item_id: stocked.item_id, quantity: 1 }],
      }),
      201,
      CreateStockRequestResponse,
    );
    const transfer = expectContract(
      await admin.post('/api/stock-transfers', {
        stock_request_id: request.id,
        from_warehouse_id: warehouse.id,
        to_branch_id: makati,
        transfer_date: today,
        lines: [{ stock_request_line_id: request.lines[0]?.id, item_id: stocked.item_id, quantity: 2 }],
      }),
      201,
      CreateStockTransferResponse,
    );
    expectContract(await cashier.get(`/api/stock-transfers/${transfer.id}`), 200, GetStockTransferResponse);
    const received = expectContract(
      await cashier.post('/api/stock-receives', {
        stock_transfer_id: transfer.id,
        received_date: today,
        lines: [{ stock_transfer_line_id: transfer.lines[0]?.id, quantity: 2 }],
      }),
      201,
      CreateStockReceiveResponse,
    );
    expect(received.to_location_name).toContain('Makati');
  });
});

describe('a TIN', () => {
  it('is nine digits and a branch code of three or five, stored with dashes; anything else is a 422 on tin', async () => {
    const admin = await demoUser('admin@spectacle.test');
    const businessId = admin.businessId ?? 0;
    const patch = (tin: string) => admin.patch(`/api/businesses/${businessId}`, { tin });
    const refused = await patch('12345');
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.json as { errors: Record<string, string[]> }).errors)).toEqual(['tin']);
    expect(expectContract(await patch('123456789000'), 200, UpdateBusinessResponse).tin).toBe('123-456-789-000');
    expect(expectContract(await patch('123-456-789-00000'), 200, UpdateBusinessResponse).tin).toBe('123-456-789-00000');
    expect((await patch('123-456-789-0000')).status).toBe(422);

    const type = await api.db
      .selectFrom('contact_types')
      .select('id')
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    const contact = (tin: string) =>
      admin.post('/api/contacts', { contact_type_id: type.id, name: `Lolita Cruz ${tin}`, tin });
    expect((await contact('12-34')).status).toBe(422);
    expect(expectContract(await contact('987654321 00001'), 201, CreateContactResponse).tin).toBe('987-654-321-00001');
  });
});

describe("a new shop's opening stock", () => {
  it('needs no contact type named exactly "Supplier": it makes one, and a refused row names its column', async () => {
    const admin = await demoUser('admin@spectacle.test');
    const businessId = admin.businessId ?? 0;
    await api.db
      .updateTable('contact_types')
      .set({ name: 'Vendor' })
      .where('business_id', '=', businessId)
      .where('name', '=', 'Supplier')
      .execute();
    const item = await api.db
      .selectFrom('items')
      .select('code')
      .where('business_id', '=', businessId)
      .where('is_inventory_tracked', '=', 1)
      .where('is_lot_tracked', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const upload = (rows: Record<string, string>[]) =>
      admin.request(
        'POST',
        '/api/stocks/import',
        Papa.unparse(rows, { columns: ['item', 'warehouse', 'quantity', 'unit_cost'] }),
        { headers: { 'content-type': 'text/csv' } },
      );
    const refused = await upload([
      { item: item.code, warehouse: 'Central Warehouse', quantity: '2', unit_cost: '100' },
      { item: item.code, warehouse: 'Central Warehouse', quantity: 'two', unit_cost: '100' },
    ]);
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.json as { errors: object }).errors)).toEqual(['rows.3.quantity']);
    const answer = await upload([{ item: item.code, warehouse: 'Central Warehouse', quantity: '2', unit_cost: '100' }]);
    expect(answer.status).toBe(201);
    const supplier = await api.db
      .selectFrom('contacts')
      .innerJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
      .select('contact_types.name')
      .where('contacts.business_id', '=', businessId)
      .where('contacts.name', '=', 'Opening Balance')
      .executeTakeFirstOrThrow();
    expect(supplier.name).toBe('Supplier');
  });
});

describe("the owner's month", () => {
  it('lists the invoices unpaid or partly paid together, largest balance first, and a customer’s balance', async () => {
    const admin = await demoUser('admin@spectacle.test');
    const page = expectContract(
      await admin.get('/api/invoices?has_balance=1&sort=balance&order_by=desc&per_page=100'),
      200,
      ListInvoicesResponse,
    );
    expect(page.data.length).toBeGreaterThan(1);
    expect(new Set(page.data.map((invoice) => invoice.status))).toEqual(new Set(['unpaid', 'partially_paid']));
    const balances = page.data.map((invoice) => Math.round(invoice.balance * 100));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    const oldestFirst = expectContract(
      await admin.get('/api/invoices?has_balance=1&sort=balance&order_by=asc&per_page=100'),
      200,
      ListInvoicesResponse,
    );
    expect(oldestFirst.data[0]?.id).toBe(page.data.at(-1)?.id);

    const customerId = page.data[0]?.contact_id ?? 0;
    const owed = await api.db
      .selectFrom('invoices')
      .select(['total', 'amount_paid'])
      .where('contact_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .execute();
    const contact = expectContract(await admin.get(`/api/contacts/${customerId}`), 200, GetContactResponse);
    expect(contact.balance).toBeCloseTo(
      owed.reduce((sum, row) => sum + Number(row.total) - Number(row.amount_paid), 0) / 100,
      2,
    );
    const clerk = await demoUser('clerk@spectacle.test');
    const seenByClerk = expectContract(await clerk.get(`/api/contacts/${customerId}`), 200, GetContactResponse);
    expect(seenByClerk.balance).toBeNull();
  });
});

describe('staff set-up', () => {
  it('marks a password an admin sets to be changed at the next sign-in', async () => {
    const admin = await demoUser('admin@spectacle.test');
    const role = await api.db.selectFrom('roles').select('id').where('name', '=', 'Cashier').executeTakeFirstOrThrow();
    const created = await admin.post('/api/users', {
      name: 'Nena Nuevo',
      email: 'nena@example.ph',
      password: 'first pass 123',
      role_ids: [role.id],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const nena = await api.signIn('nena@example.ph', 'first pass 123');
    expect(expectContract(await nena.get('/api/auth/user'), 200, GetAuthUserResponse).user.must_change_password).toBe(
      true,
    );
    const id = (created.json as { id: number }).id;
    const reopened = expectContract(await admin.get(`/api/users/${id}`), 200, GetUserResponse);
    expect(reopened.role_ids).toEqual([role.id]);
  });
});
