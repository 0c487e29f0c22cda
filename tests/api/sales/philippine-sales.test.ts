import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse, UpdateBusinessResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import {
  CreateDiscountProgramResponse,
  ListDiscountProgramsResponse,
} from '../../../generated/zod/discount-programs/discount-programs.zod.ts';
import {
  CreateInvoiceResponse,
  DeleteInvoiceResponse,
  ListInvoicesResponse,
  UpdateInvoiceResponse,
} from '../../../generated/zod/invoices/invoices.zod.ts';
import { GetItemResponse, UpdateItemResponse } from '../../../generated/zod/items/items.zod.ts';
import { CreateQuotationResponse } from '../../../generated/zod/quotations/quotations.zod.ts';
import { GetDailySalesResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// docs/domain/sales.md (Philippine VAT; Senior citizen and PWD discounts): business settings, tax classes, discount
// programs, the VAT breakdown and special discount on quotations and invoices, and the daily sales report, against the
// demo business.
const today = '2026-11-21';

let api: TestApi;
let admin: TestClient;
let businessId: number;
let branchId: number;
let customerId: number;
let lensId: number;
let accessoryId: number;
let seniorId: number;

async function stockedItemOfType(type: string): Promise<number> {
  const row = await api.db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .select('items.id')
    .where('stocks.branch_id', '=', branchId)
    .where('stocks.quantity_on_hand', '>=', 3000)
    .where('item_types.name', '=', type)
    .orderBy('items.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date(`${today}T06:00:00Z`) });
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date(`${today}T08:00:00Z`) });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  businessId = businesses[0]?.id ?? 0;
  admin.businessId = businessId;
  const branch = await api.db.selectFrom('branches').select('id').where('code', '=', 'MKT').executeTakeFirstOrThrow();
  branchId = branch.id;
  const customer = await api.db
    .selectFrom('contacts')
    .select('id')
    .where('name', '=', 'Walk-in Customer')
    .executeTakeFirstOrThrow();
  customerId = customer.id;
  lensId = await stockedItemOfType('Ophthalmic Lens');
  accessoryId = await stockedItemOfType('Accessory');
  const programs = expectContract(await admin.get('/api/discount-programs'), 200, ListDiscountProgramsResponse);
  seniorId = programs.data.find((program) => program.name === 'Senior Citizen')?.id ?? 0;
});

afterAll(() => api.close());

const seniorDiscount = () => ({
  program_id: seniorId,
  holder_name: 'Lourdes Villanueva',
  holder_id_number: 'OSCA-0001',
});

const sale = (extra: Record<string, unknown> = {}) => ({
  contact_id: customerId,
  branch_id: branchId,
  invoice_date: today,
  lines: [
    { item_id: lensId, quantity: 1, unit_price: 1120 },
    { item_id: accessoryId, quantity: 1, unit_price: 224 },
  ],
  ...extra,
});

describe('business settings and tax classes', () => {
  it('keeps the registered name, TIN, address, VAT registration and invoice footer on the business', async () => {
    const settings = {
      registered_name: 'Spectacle Optical Co.',
      tin: '123-456-789-000',
      address: '2/F Greenbelt 5, Makati City',
      is_vat_registered: true,
      invoice_footer: 'ATP No. 116AU20260000004521',
    };
    const updated = expectContract(
      await admin.patch(`/api/businesses/${businessId}`, settings),
      200,
      UpdateBusinessResponse,
    );
    expect(updated).toMatchObject(settings);
  });

  it('gives an item the vatable tax class by default and takes another', async () => {
    const item = expectContract(await admin.get(`/api/items/${accessoryId}`), 200, GetItemResponse);
    expect(item.tax_class).toBe('vatable');
    const changed = expectContract(
      await admin.patch(`/api/items/${accessoryId}`, { tax_class: 'zero_rated' }),
      200,
      UpdateItemResponse,
    );
    expect(changed.tax_class).toBe('zero_rated');
    await admin.patch(`/api/items/${accessoryId}`, { tax_class: 'vatable' });
    expect((await admin.patch(`/api/items/${accessoryId}`, { tax_class: 'luxury' })).status).toBe(422);
  });
});

describe('discount programs', () => {
  it('are seeded: Senior Citizen and PWD, 20%, VAT-exempt, on frames, lenses, contact lenses and the eye exam', async () => {
    const programs = expectContract(await admin.get('/api/discount-programs'), 200, ListDiscountProgramsResponse);
    for (const name of ['Senior Citizen', 'PWD']) {
      const program = programs.data.find((candidate) => candidate.name === name);
      expect(program).toMatchObject({ percent: 20, vat_exempt: true });
      expect(program?.item_type_names).toEqual(['Contact Lens', 'Frame', 'Ophthalmic Lens', 'Service']);
    }
  });

  it('are a resource like the others, with its own permissions', async () => {
    const types = await api.db.selectFrom('item_types').select('id').where('name', '=', 'Frame').execute();
    const created = expectContract(
      await admin.post('/api/discount-programs', {
        name: 'Solo Parent',
        percent: 10,
        item_type_ids: types.map((t) => t.id),
      }),
      201,
      CreateDiscountProgramResponse,
    );
    expect(created).toMatchObject({ percent: 10, vat_exempt: true, item_type_names: ['Frame'] });
    const bad = await admin.post('/api/discount-programs', { name: 'Other', percent: 10, item_type_ids: [999_999] });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.json as { errors: object }).errors)).toEqual(['item_type_ids']);
    expect((await admin.delete(`/api/discount-programs/${created.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/discount-programs/${created.id}/force-delete`)).status).toBe(204);

    await api.createUser({ email: 'seller@example.test', permissions: ['view-invoices'], businessIds: [businessId] });
    const seller = await api.signIn('seller@example.test');
    seller.businessId = businessId;
    expect((await seller.get('/api/discount-programs')).status).toBe(403);
    expect((await seller.get('/api/reports/daily-sales')).status).toBe(403);
  });
});

describe('the VAT breakdown and the special discount on an invoice', () => {
  it('takes the ₱1,120.00 lens to ₱800.00 without VAT and leaves the accessory vatable', async () => {
    const invoice = expectContract(
      await admin.post('/api/invoices', sale({ special_discount: seniorDiscount() })),
      201,
      CreateInvoiceResponse,
    );
    expect(invoice).toMatchObject({
      subtotal: 1344,
      discount_total: 0,
      vat_removed: 120,
      special_discount_total: 200,
      vatable_sales: 200,
      vat_amount: 24,
      vat_exempt_sales: 800,
      zero_rated_sales: 0,
      total: 1024,
      balance: 1024,
      special_discount: { ...seniorDiscount(), program_name: 'Senior Citizen', percent: 20 },
    });
    expect(invoice.lines.map((line) => [line.amount, line.tax_class, line.special_discount_amount])).toEqual([
      [800, 'vat_exempt', 200],
      [224, 'vatable', 0],
    ]);
    // The read of one (one statement) names the program and orders the lines as the list does.
    const listed = await admin.get('/api/invoices');
    expect((listed.json as { data: unknown[] }).data[0]).toEqual(invoice);
    expect((await admin.get(`/api/invoices/${invoice.id}`)).json).toEqual(invoice);
  });

  it('names the missing holder name, ID number or program in a 422', async () => {
    for (const missing of ['holder_name', 'holder_id_number', 'program_id'] as const) {
      const { [missing]: _left, ...rest } = seniorDiscount();
      const answer = await admin.post('/api/invoices', sale({ special_discount: rest }));
      expect(answer.status).toBe(422);
      expect(Object.keys((answer.json as { errors: object }).errors)).toEqual([`special_discount.${missing}`]);
    }
    const blank = await admin.post(
      '/api/invoices',
      sale({ special_discount: { ...seniorDiscount(), holder_name: ' ' } }),
    );
    expect(Object.keys((blank.json as { errors: object }).errors)).toEqual(['special_discount.holder_name']);
    const unknown = await admin.post(
      '/api/invoices',
      sale({ special_discount: { ...seniorDiscount(), program_id: 99_999 } }),
    );
    expect(Object.keys((unknown.json as { errors: object }).errors)).toEqual(['special_discount.program_id']);
  });

  it('keeps the breakdown right through edits: adding, then removing the special discount', async () => {
    const plain = expectContract(await admin.post('/api/invoices', sale()), 201, CreateInvoiceResponse);
    expect(plain).toMatchObject({ vatable_sales: 1200, vat_amount: 144, vat_exempt_sales: 0, total: 1344 });
    const discounted = expectContract(
      await admin.patch(`/api/invoices/${plain.id}`, { special_discount: seniorDiscount() }),
      200,
      UpdateInvoiceResponse,
    );
    expect(discounted).toMatchObject({ total: 1024, vat_exempt_sales: 800, balance: 1024 });
    const relined = expectContract(
      await admin.patch(`/api/invoices/${plain.id}`, { lines: [{ item_id: lensId, quantity: 2, unit_price: 1120 }] }),
      200,
      UpdateInvoiceResponse,
    );
    expect(relined).toMatchObject({ total: 1600, vat_exempt_sales: 1600, vat_amount: 0, special_discount_total: 400 });
    const removed = expectContract(
      await admin.patch(`/api/invoices/${plain.id}`, { special_discount: null }),
      200,
      UpdateInvoiceResponse,
    );
    expect(removed).toMatchObject({ total: 2240, vatable_sales: 2000, vat_amount: 240, special_discount: null });
    const voided = expectContract(await admin.delete(`/api/invoices/${plain.id}`), 200, DeleteInvoiceResponse);
    expect(voided.deleted_at).not.toBeNull();
  });

  it("gives the line's own discount instead of the program's when larger, never both", async () => {
    const invoice = expectContract(
      await admin.post('/api/invoices', {
        ...sale({ special_discount: seniorDiscount() }),
        lines: [{ item_id: lensId, quantity: 1, unit_price: 1120, discount_percent: 30 }],
      }),
      201,
      CreateInvoiceResponse,
    );
    expect(invoice).toMatchObject({ discount_total: 300, special_discount_total: 0, vat_removed: 120, total: 700 });
  });

  it('shows the breakdown on a quotation too', async () => {
    const quotation = expectContract(
      await admin.post('/api/quotations', {
        contact_id: customerId,
        branch_id: branchId,
        quotation_date: today,
        lines: sale().lines,
        special_discount: seniorDiscount(),
      }),
      201,
      CreateQuotationResponse,
    );
    expect(quotation).toMatchObject({ total: 1024, vat_amount: 24, vat_exempt_sales: 800 });
  });

  it('shows the breakdown on a job order, and keeps it when only the special discount changes', async () => {
    const frameId = await stockedItemOfType('Frame');
    const order = await admin.post('/api/job-orders', {
      contact_id: customerId,
      branch_id: branchId,
      order_date: today,
      lines: [
        { role: 'frame', item_id: frameId, quantity: 1, unit_price: 1120 },
        { role: 'other', item_id: accessoryId, quantity: 1, unit_price: 224 },
      ],
    });
    expect(order.status).toBe(201);
    expect(order.json).toMatchObject({ total: 1344, vatable_sales: 1200, vat_amount: 144, special_discount: null });
    const id = (order.json as { id: number }).id;
    const discounted = await admin.patch(`/api/job-orders/${id}`, { special_discount: seniorDiscount() });
    expect(discounted.json).toMatchObject({ total: 1024, vat_exempt_sales: 800, vat_amount: 24, vat_removed: 120 });
  });

  it('shows no VAT for a business that is not VAT-registered: every sale is VAT-exempt', async () => {
    await admin.patch(`/api/businesses/${businessId}`, { is_vat_registered: false });
    const invoice = expectContract(
      await admin.post('/api/invoices', sale({ special_discount: seniorDiscount() })),
      201,
      CreateInvoiceResponse,
    );
    await admin.patch(`/api/businesses/${businessId}`, { is_vat_registered: true });
    expect(invoice).toMatchObject({
      vatable_sales: 0,
      vat_amount: 0,
      vat_removed: 0,
      special_discount_total: 224,
      vat_exempt_sales: 1120,
      total: 1120,
    });
  });
});

describe('the daily sales report', () => {
  type Invoice = ReturnType<typeof ListInvoicesResponse.parse>['data'][number];

  async function invoicesBetween(from: string, to: string): Promise<Invoice[]> {
    const found: Invoice[] = [];
    for (let page = 1; ; page += 1) {
      const answer = expectContract(
        await admin.get(
          `/api/invoices?with_trashed=1&invoice_date_from=${from}&invoice_date_to=${to}&per_page=100&page=${page}`,
        ),
        200,
        ListInvoicesResponse,
      );
      found.push(...answer.data);
      if (page >= answer.meta.last_page) return found;
    }
  }

  const cents = (pesos: number) => Math.round(pesos * 100);

  it('equals, row by row, the sums of the invoices and payments it summarises', async () => {
    const from = '2026-11-14';
    const rows = expectContract(
      await admin.get(`/api/reports/daily-sales?date_from=${from}&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    const invoices = await invoicesBetween(from, today);
    const payments = await api.db
      .selectFrom('invoice_payments')
      .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
      .select([
        'invoices.branch_id',
        'invoice_payments.payment_date',
        'invoice_payments.payment_method',
        'invoice_payments.amount',
      ])
      .where('invoice_payments.deleted_at', 'is', null)
      .where('invoice_payments.payment_date', '>=', from)
      .execute();
    const memos = await api.db
      .selectFrom('credit_memos')
      .select(['branch_id', 'memo_date', 'total'])
      .where('deleted_at', 'is', null)
      .where('memo_date', '>=', from)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((row) => row.special_discounts > 0 && row.invoices_voided > 0)).toBe(true);
    for (const row of rows) {
      const ofDay = invoices.filter(
        (invoice) => invoice.branch_id === row.branch_id && invoice.invoice_date === row.date,
      );
      const standing = ofDay.filter((invoice) => invoice.deleted_at === null);
      const voided = ofDay.filter((invoice) => invoice.deleted_at !== null);
      const sum = (field: keyof Invoice) =>
        standing.reduce((total, invoice) => total + cents(Number(invoice[field])), 0);
      const numbers = (list: Invoice[]) => list.map((invoice) => invoice.number).sort();
      expect(row.invoices_issued).toBe(ofDay.length);
      expect(row.invoices_voided).toBe(voided.length);
      expect([row.issued_from, row.issued_to]).toEqual([numbers(ofDay)[0] ?? null, numbers(ofDay).at(-1) ?? null]);
      expect([row.voided_from, row.voided_to]).toEqual([numbers(voided)[0] ?? null, numbers(voided).at(-1) ?? null]);
      expect(cents(row.gross_sales)).toBe(sum('subtotal'));
      expect(cents(row.regular_discounts)).toBe(sum('discount_total'));
      expect(cents(row.vat_exemption)).toBe(sum('vat_removed'));
      expect(cents(row.special_discounts)).toBe(sum('special_discount_total'));
      expect(cents(row.vatable_sales)).toBe(sum('vatable_sales'));
      expect(cents(row.vat_amount)).toBe(sum('vat_amount'));
      expect(cents(row.vat_exempt_sales)).toBe(sum('vat_exempt_sales'));
      expect(cents(row.zero_rated_sales)).toBe(sum('zero_rated_sales'));
      // Returns count on the memo's own date and come off that day's net sales.
      const returned = memos
        .filter((memo) => memo.branch_id === row.branch_id && memo.memo_date === row.date)
        .reduce((total, memo) => total + Number(memo.total), 0);
      expect(cents(row.returns_total)).toBe(returned);
      expect(cents(row.net_sales)).toBe(sum('total') - returned);
      expect(
        cents(row.gross_sales - row.regular_discounts - row.vat_exemption - row.special_discounts - row.returns_total),
      ).toBe(cents(row.net_sales));
      const paid = payments.filter(
        (payment) => payment.branch_id === row.branch_id && payment.payment_date === row.date,
      );
      const byMethod = (method: string) =>
        paid
          .filter((payment) => payment.payment_method === method)
          .reduce((total, payment) => total + Number(payment.amount), 0);
      expect(cents(row.collections_cash)).toBe(byMethod('cash'));
      expect(cents(row.collections_card)).toBe(byMethod('card'));
      expect(cents(row.collections_e_wallet)).toBe(byMethod('e_wallet'));
      expect(cents(row.collections_total)).toBe(
        byMethod('cash') + byMethod('card') + byMethod('e_wallet') + byMethod('bank_transfer') + byMethod('check'),
      );
    }
  });

  it('narrows to a branch, answers CSV with a header row, and refuses a backwards range', async () => {
    const rows = expectContract(
      await admin.get(`/api/reports/daily-sales?branch_id=${branchId}&date_from=2026-11-01&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    expect(new Set(rows.map((row) => row.branch_id))).toEqual(new Set([branchId]));
    const answer = await admin.get(
      `/api/reports/daily-sales?branch_id=${branchId}&date_from=2026-11-01&date_to=${today}`,
      {
        headers: { accept: 'text/csv' },
      },
    );
    expect(String(answer.headers['content-type'])).toContain('text/csv');
    const [header = [], ...cells] = Papa.parse<string[]>(answer.raw.body.trim()).data;
    // As the screen reads: date and branch first, the payment methods in the screen's order, then a totals row.
    expect(header.slice(0, 3)).toEqual(['date', 'branch', 'invoices_issued']);
    // Then the deposits, apart from the sales and the collections (docs/domain/sales.md, Deposits).
    expect(header.slice(-11)).toEqual([
      'collections_cash',
      'collections_card',
      'collections_e_wallet',
      'collections_bank_transfer',
      'collections_check',
      'collections_total',
      'collections_store_credit',
      'deposits_received',
      'deposits_applied',
      'deposits_refunded',
      'deposits_forfeited',
    ]);
    expect(header).not.toContain('branch_id');
    expect(cells).toHaveLength(rows.length + 1);
    expect(cells[0]?.[header.indexOf('net_sales')]).toBe(rows[0]?.net_sales.toFixed(2));
    expect(cells[0]?.[header.indexOf('branch')]).toBe(rows[0]?.branch_name);
    const totals = cells.at(-1) ?? [];
    expect(totals[0]).toBe('Total');
    const net = rows.reduce((sum, row) => sum + Math.round(row.net_sales * 100), 0) / 100;
    expect(totals[header.indexOf('net_sales')]).toBe(net.toFixed(2));
    const backwards = await admin.get(`/api/reports/daily-sales?date_from=${today}&date_to=2026-11-01`);
    expect(backwards.status).toBe(422);
    expect(Object.keys((backwards.json as { errors: object }).errors)).toEqual(['date_to']);
  });
});
