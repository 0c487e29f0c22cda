import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { ListDiscountProgramsResponse } from '../../../generated/zod/discount-programs/discount-programs.zod.ts';
import {
  GetCashDisbursementsJournalReportResponse,
  GetCashReceiptsJournalReportResponse,
  GetDailySalesResponse,
  GetEsalesReportResponse,
  GetInventoryListReportResponse,
  GetPurchaseJournalReportResponse,
  GetSalesJournalReportResponse,
  GetStockValuationReportResponse,
  GetSummaryListOfPurchasesReportResponse,
  GetSummaryListOfSalesReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// The books (docs/domain/reports.md, The books) over the demo's trade and a month's documents of our own: each book
// ties to the daily sales report and Stock Valuation to the centavo, on SQLite and PostgreSQL alike.
const today = '2026-11-21';
const month = '2026-11';

let api: TestApi;
let admin: TestClient;
let businessId: number;
let branchId: number;
const ids: Record<string, number> = {};

type Created = { id: number; number: string; lines: { id: number }[] };

async function created(path: string, body: Record<string, unknown>): Promise<Created> {
  const answer = await admin.post(path, body);
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as Created;
}

async function stockedItemOfType(type: string, skip: number[] = []): Promise<number> {
  const row = await api.db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .select('items.id')
    .where('stocks.branch_id', '=', branchId)
    .where('stocks.quantity_on_hand', '>=', 3000)
    .where('item_types.name', '=', type)
    .where('items.id', 'not in', [0, ...skip])
    .orderBy('items.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const contactTypeId = async (name: string) =>
  (await api.db.selectFrom('contact_types').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

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
  branchId = (await api.db.selectFrom('branches').select('id').where('code', '=', 'MKT').executeTakeFirstOrThrow()).id;
  const lens = await stockedItemOfType('Ophthalmic Lens');
  const accessory = await stockedItemOfType('Accessory');
  const zeroRated = await stockedItemOfType('Accessory', [accessory]);
  expect((await admin.patch(`/api/items/${zeroRated}`, { tax_class: 'zero_rated' })).status).toBe(200);
  const programs = expectContract(await admin.get('/api/discount-programs'), 200, ListDiscountProgramsResponse);
  const senior = programs.data.find((program) => program.name === 'Senior Citizen')?.id ?? 0;

  const company = await created('/api/contacts', {
    contact_type_id: await contactTypeId('Customer'),
    name: 'Makati Medical Group',
    tin: '201-555-123-000',
    address: 'Amorsolo St., Makati City',
  });
  ids.company = company.id;
  const supplier = await created('/api/contacts', {
    contact_type_id: await contactTypeId('Supplier'),
    name: 'Luzon Lens Trading',
    tin: '009-876-543-000',
  });
  const sell = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    created('/api/invoices', { contact_id: company.id, branch_id: branchId, invoice_date: today, lines, ...extra });

  // VATable: ₱1,120 lens and ₱224 accessory → ₱1,200 VATable, ₱144 VAT.
  const vatable = await sell([
    { item_id: lens, quantity: 1, unit_price: 1120 },
    { item_id: accessory, quantity: 1, unit_price: 224 },
  ]);
  ids.vatable = vatable.id;
  await created('/api/invoice-payments', {
    invoice_id: vatable.id,
    payment_date: today,
    amount: 1344,
    payment_method: 'cash',
  });
  // A senior's lens: ₱1,000 without VAT, ₱200 off, ₱800 VAT-exempt.
  ids.senior = (
    await sell([{ item_id: lens, quantity: 1, unit_price: 1120 }], {
      special_discount: { program_id: senior, holder_name: 'Lourdes Villanueva', holder_id_number: 'OSCA-0001' },
    })
  ).id;
  ids.zeroRated = (await sell([{ item_id: zeroRated, quantity: 2, unit_price: 150 }])).id;
  // The accessory comes back, refunded in cash: ₱224, ₱24 of it VAT.
  ids.memo = (
    await created('/api/credit-memos', {
      invoice_id: vatable.id,
      memo_date: today,
      reason: 'returned',
      settlement: 'refund',
      refund_method: 'cash',
      lines: [{ invoice_line_id: vatable.lines[1]?.id, quantity: 1 }],
    })
  ).id;
  const bill = await created('/api/bills', {
    contact_id: supplier.id,
    branch_id: branchId,
    bill_date: today,
    supplier_invoice_number: 'LLT-0042',
    lines: [
      { item_id: lens, quantity: 2, unit_cost: 560 },
      { item_id: zeroRated, quantity: 1, unit_cost: 90 },
    ],
  });
  ids.bill = bill.id;
  // One lens goes back to the supplier, who refunds its ₱560 (₱60 of it VAT): the bill was paid in full.
  const billLines = await api.db
    .selectFrom('bill_lines')
    .select(['id', 'item_id'])
    .where('bill_id', '=', bill.id)
    .orderBy('position')
    .execute();
  const settle = async () =>
    (
      await created('/api/debit-memos', {
        contact_id: supplier.id,
        branch_id: branchId,
        bill_id: bill.id,
        memo_date: today,
        reason: 'defective',
        settlement: 'refund',
        refund_method: 'check',
        lines: [{ item_id: lens, bill_line_id: billLines[0]?.id, quantity: 1, unit_cost: 560, return_stock: false }],
      })
    ).id;
  ids.billPayment = (
    await created('/api/bill-payments', {
      bill_id: bill.id,
      payment_date: today,
      amount: 1210,
      payment_method: 'bank_transfer',
    })
  ).id;
  ids.debitMemo = await settle();
  // A deposit of ₱1,500 taken in e-wallet, ₱400 of it paid back in cash: money in, then money out.
  const deposit = await created('/api/acknowledgment-receipts', {
    contact_id: company.id,
    branch_id: branchId,
    receipt_date: today,
    amount: 1500,
    payment_method: 'e_wallet',
  });
  ids.deposit = deposit.id;
  const refund = await admin.post(`/api/acknowledgment-receipts/${deposit.id}/refund`, {
    amount: 400,
    payment_method: 'cash',
    refund_date: today,
  });
  if (refund.status !== 200) throw new Error(`refund: ${refund.status} ${JSON.stringify(refund.json)}`);
});

afterAll(() => api.close());

const report = async <S extends Parameters<typeof expectContract>[2]>(path: string, schema: S) =>
  expectContract(await admin.get(path), 200, schema);

const centavos = (pesos: number) => Math.round(pesos * 100);

describe('the sales journal', () => {
  it('lists each invoice as issued and each credit memo as a negative entry, with the customer’s TIN', async () => {
    const journal = await report(`/api/reports/sales-journal?month=${month}`, GetSalesJournalReportResponse);
    const entry = (type: string, id: number | undefined) =>
      journal.rows.find((row) => row.document_type === type && row.document_id === id);
    const common = { date: today, contact_name: 'Makati Medical Group', tin: '201-555-123-000' };
    expect(entry('invoice', ids.vatable)).toMatchObject({
      ...common,
      gross: 1344,
      vat_exempt: 0,
      zero_rated: 0,
      vatable: 1200,
      vat_amount: 144,
      discount: 0,
      net: 1344,
    });
    expect(entry('invoice', ids.senior)).toMatchObject({
      gross: 1000,
      vat_exempt: 800,
      vatable: 0,
      vat_amount: 0,
      discount: 200,
      net: 800,
    });
    expect(entry('invoice', ids.zeroRated)).toMatchObject({ zero_rated: 300, vat_amount: 0, net: 300 });
    expect(entry('credit_memo', ids.memo)).toMatchObject({
      ...common,
      gross: -224,
      vatable: -200,
      vat_amount: -24,
      discount: 0,
      net: -224,
    });
    // Every entry's figures add up: the breakdown makes the net, the discount the gross.
    for (const row of journal.rows) {
      expect(
        centavos(row.vatable) + centavos(row.vat_amount) + centavos(row.vat_exempt) + centavos(row.zero_rated),
      ).toBe(centavos(row.net));
      expect(centavos(row.net) + centavos(row.discount)).toBe(centavos(row.gross));
    }
  });

  it('ties the month to the daily sales report to the centavo', async () => {
    const journal = await report(`/api/reports/sales-journal?month=${month}`, GetSalesJournalReportResponse);
    const days = await report(`/api/reports/daily-sales?date_from=${month}-01&date_to=${today}`, GetDailySalesResponse);
    const sum = (figure: (row: (typeof days)[number]) => number) =>
      days.reduce((total, row) => total + centavos(figure(row)), 0);
    expect(centavos(journal.totals.vat_amount)).toBe(sum((row) => row.vat_amount - row.returns_vat_amount));
    expect(centavos(journal.totals.net)).toBe(sum((row) => row.net_sales));
    expect(centavos(journal.totals.vat_amount)).not.toBe(0);
    // A branch's book is that branch's daily sales.
    const makati = await report(
      `/api/reports/sales-journal?month=${month}&branch_id=${branchId}`,
      GetSalesJournalReportResponse,
    );
    expect(centavos(makati.totals.vat_amount)).toBe(
      days
        .filter((row) => row.branch_id === branchId)
        .reduce((total, row) => total + centavos(row.vat_amount) - centavos(row.returns_vat_amount), 0),
    );
  });

  it('answers CSV headed as the BIR’s forms name the columns, with a totals row', async () => {
    const answer = await admin.get(`/api/reports/sales-journal?month=${month}`, { headers: { accept: 'text/csv' } });
    expect(answer.status).toBe(200);
    const parsed = Papa.parse<string[]>(answer.raw.body.trim());
    expect(parsed.data[0]).toEqual([
      'Date',
      'Reference No.',
      'Document',
      'Customer Name',
      'TIN',
      'Gross Sales',
      'Exempt Sales',
      'Zero-Rated Sales',
      'Taxable Sales',
      'Output Tax',
      'SC/PWD Discount',
      'Net Sales',
    ]);
    const journal = await report(`/api/reports/sales-journal?month=${month}`, GetSalesJournalReportResponse);
    expect(parsed.data.at(-1)?.[0]).toBe('Total');
    expect(parsed.data.at(-1)?.[9]).toBe(journal.totals.vat_amount.toFixed(2));
    expect(parsed.data).toHaveLength(journal.rows.length + 2);
  });

  it('refuses a month still to come', async () => {
    const answer = await admin.get('/api/reports/sales-journal?month=2026-12');
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ errors: { month: ['The month cannot be after this month.'] } });
  });
});

describe('the purchase and cash journals', () => {
  it('lists a bill with the supplier’s TIN, its VAT inside its vatable lines', async () => {
    const journal = await report(`/api/reports/purchase-journal?month=${month}`, GetPurchaseJournalReportResponse);
    expect(journal.rows.find((row) => row.document_id === ids.bill && row.document_type === 'bill')).toMatchObject({
      date: today,
      supplier_invoice_number: 'LLT-0042',
      contact_name: 'Luzon Lens Trading',
      tin: '009-876-543-000',
      gross: 1210,
      vatable: 1000,
      vat_amount: 120,
      zero_rated: 90,
      vat_exempt: 0,
    });
  });

  it('takes a debit memo off the month as a negative entry', async () => {
    const journal = await report(`/api/reports/purchase-journal?month=${month}`, GetPurchaseJournalReportResponse);
    expect(
      journal.rows.find((row) => row.document_type === 'debit_memo' && row.document_id === ids.debitMemo),
    ).toMatchObject({
      tin: '009-876-543-000',
      supplier_invoice_number: 'LLT-0042',
      gross: -560,
      vatable: -500,
      vat_amount: -60,
    });
    for (const row of journal.rows) {
      expect(
        centavos(row.vatable) + centavos(row.vat_amount) + centavos(row.vat_exempt) + centavos(row.zero_rated),
      ).toBe(centavos(row.gross));
    }
  });

  it('receives the invoice payment and pays out the bill payment and the cash refund', async () => {
    const receipts = await report(
      `/api/reports/cash-receipts-journal?month=${month}`,
      GetCashReceiptsJournalReportResponse,
    );
    expect(receipts.rows).toContainEqual(
      expect.objectContaining({
        document_type: 'invoice_payment',
        contact_name: 'Makati Medical Group',
        payment_method: 'cash',
        amount: 1344,
      }),
    );
    expect(receipts.rows).toContainEqual(
      expect.objectContaining({ document_type: 'debit_memo', document_id: ids.debitMemo, amount: 560 }),
    );
    expect(centavos(receipts.totals.amount)).toBe(
      receipts.rows.reduce((total, row) => total + centavos(row.amount), 0),
    );
    const disbursements = await report(
      `/api/reports/cash-disbursements-journal?month=${month}`,
      GetCashDisbursementsJournalReportResponse,
    );
    // The demo's drawer paid a delivery fee three days ago, on that Manila day.
    expect(disbursements.rows).toContainEqual(
      expect.objectContaining({
        date: '2026-11-18',
        document_type: 'cash_out',
        number: null,
        particulars: 'Delivery fee',
        amount: 150,
      }),
    );
    expect(disbursements.rows).toContainEqual(
      expect.objectContaining({ document_type: 'bill_payment', document_id: ids.billPayment, amount: 1210 }),
    );
    expect(disbursements.rows).toContainEqual(
      expect.objectContaining({
        document_type: 'credit_memo',
        document_id: ids.memo,
        amount: 224,
        tin: '201-555-123-000',
      }),
    );
  });
});

describe('deposits in the cash journals', () => {
  it('receives a deposit and pays out its refund, each under its acknowledgment receipt', async () => {
    const receipts = await report(
      `/api/reports/cash-receipts-journal?month=${month}`,
      GetCashReceiptsJournalReportResponse,
    );
    expect(receipts.rows).toContainEqual(
      expect.objectContaining({
        document_type: 'acknowledgment_receipt',
        document_id: ids.deposit,
        contact_name: 'Makati Medical Group',
        tin: '201-555-123-000',
        payment_method: 'e_wallet',
        amount: 1500,
      }),
    );
    const disbursements = await report(
      `/api/reports/cash-disbursements-journal?month=${month}`,
      GetCashDisbursementsJournalReportResponse,
    );
    const number = receipts.rows.find((row) => row.document_id === ids.deposit)?.number;
    expect(disbursements.rows).toContainEqual(
      expect.objectContaining({
        document_type: 'acknowledgment_receipt_refund',
        number,
        payment_method: 'cash',
        amount: 400,
      }),
    );
  });

  it('ties the month of receipts to the payments and deposits taken, a deposit spent on an invoice counted once', async () => {
    const receipts = await report(
      `/api/reports/cash-receipts-journal?month=${month}`,
      GetCashReceiptsJournalReportResponse,
    );
    const [from, to] = [`${month}-01`, `${month}-31`];
    const payments = await api.db
      .selectFrom('invoice_payments')
      .select(['amount', 'payment_method'])
      .where('business_id', '=', businessId)
      .where('deleted_at', 'is', null)
      .where('payment_date', '>=', from)
      .where('payment_date', '<=', to)
      .execute();
    const deposits = await api.db
      .selectFrom('acknowledgment_receipts')
      .select('amount')
      .where('business_id', '=', businessId)
      .where('deleted_at', 'is', null)
      .where('receipt_date', '>=', from)
      .where('receipt_date', '<=', to)
      .execute();
    // The demo applies deposits to invoices: money that came in once, with its receipt.
    expect(payments.some((payment) => payment.payment_method === 'deposit')).toBe(true);
    const taken =
      payments
        .filter((payment) => payment.payment_method !== 'store_credit' && payment.payment_method !== 'deposit')
        .reduce((sum, payment) => sum + Number(payment.amount), 0) +
      deposits.reduce((sum, deposit) => sum + Number(deposit.amount), 0);
    const others = receipts.rows
      .filter((row) => row.document_type === 'debit_memo' || row.document_type === 'cash_in')
      .reduce((sum, row) => sum + centavos(row.amount), 0);
    expect(centavos(receipts.totals.amount) - others).toBe(taken);
  });
});

describe('the summary lists, the inventory list and eSales', () => {
  it('sums the quarter’s journals per TIN', async () => {
    const october = await report('/api/reports/sales-journal?month=2026-10', GetSalesJournalReportResponse);
    const november = await report(`/api/reports/sales-journal?month=${month}`, GetSalesJournalReportResponse);
    const sales = await report(
      '/api/reports/summary-list-of-sales?quarter=2026-Q4',
      GetSummaryListOfSalesReportResponse,
    );
    expect(centavos(sales.totals.vat_amount)).toBe(
      centavos(october.totals.vat_amount) + centavos(november.totals.vat_amount),
    );
    expect(centavos(sales.totals.gross)).toBe(centavos(october.totals.net) + centavos(november.totals.net));
    // Our customer bought 1,344 + 800 + 300 and returned 224.
    expect(sales.rows.find((row) => row.tin === '201-555-123-000')).toMatchObject({
      contact_name: 'Makati Medical Group',
      address: 'Amorsolo St., Makati City',
      gross: 2220,
      vatable: 1000,
      vat_amount: 120,
      vat_exempt: 800,
      zero_rated: 300,
    });
    const purchases = await report(
      '/api/reports/summary-list-of-purchases?quarter=2026-Q4',
      GetSummaryListOfPurchasesReportResponse,
    );
    const pjOctober = await report('/api/reports/purchase-journal?month=2026-10', GetPurchaseJournalReportResponse);
    const pjNovember = await report(`/api/reports/purchase-journal?month=${month}`, GetPurchaseJournalReportResponse);
    expect(centavos(purchases.totals.vat_amount)).toBe(
      centavos(pjOctober.totals.vat_amount) + centavos(pjNovember.totals.vat_amount),
    );
    // The bill less the supplier's refund.
    expect(purchases.rows.find((row) => row.tin === '009-876-543-000')).toMatchObject({ gross: 650, vat_amount: 60 });
  });

  it('values the inventory list as Stock Valuation does, on a day with movements after it', async () => {
    for (const day of ['2026-11-10', today]) {
      const list = await report(`/api/reports/inventory-list?as_of=${day}`, GetInventoryListReportResponse);
      const valuation = await report(`/api/reports/stock-valuation?as_of=${day}`, GetStockValuationReportResponse);
      expect(list.totals.total).toBe(valuation.totals.value);
      expect(list.totals.total).toBeGreaterThan(0);
    }
    const earlier = await report('/api/reports/inventory-list?as_of=2026-11-10', GetInventoryListReportResponse);
    const now = await report(`/api/reports/inventory-list?as_of=${today}`, GetInventoryListReportResponse);
    expect(earlier.totals.total).not.toBe(now.totals.total);
  });

  it('reports eSales per terminal, equal to the sales journal’s month', async () => {
    const esales = await report(`/api/reports/esales?month=${month}`, GetEsalesReportResponse);
    const journal = await report(`/api/reports/sales-journal?month=${month}`, GetSalesJournalReportResponse);
    for (const figure of ['vatable', 'zero_rated', 'vat_exempt', 'vat_amount'] as const) {
      expect(centavos(esales.totals[figure])).toBe(centavos(journal.totals[figure]));
    }
    // One row per terminal: the branch's first terminal carries its series and its last Z's grand total.
    const makati = await api.db
      .selectFrom('terminals')
      .select('id')
      .where('branch_id', '=', branchId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = esales.rows.find((candidate) => candidate.terminal_id === makati.id);
    expect(row).toMatchObject({ branch_id: branchId, month });
    expect(row?.last_invoice_number).toMatch(/^I-/);
    const lastZ = await api.db
      .selectFrom('z_readings')
      .select('accumulated_grand_total')
      .where('terminal_id', '=', makati.id)
      .where('business_date', '<=', today)
      .where('business_date', '>=', `${month}-01`)
      .orderBy('business_date', 'desc')
      .executeTakeFirstOrThrow();
    expect(row?.grand_total).toBe(Number(lastZ.accumulated_grand_total) / 100);
    const one = await report(`/api/reports/esales?month=${month}&terminal_id=${makati.id}`, GetEsalesReportResponse);
    expect(one.rows.map((only) => only.terminal_id)).toEqual([makati.id]);
  });
});

describe('the demo’s books and who may read them', () => {
  const books = [
    'sales-journal',
    'purchase-journal',
    'cash-receipts-journal',
    'cash-disbursements-journal',
    'esales',
  ] as const;

  it('shows entries in every book for this month and the last', async () => {
    const empty: string[] = [];
    for (const name of books) {
      for (const period of ['2026-10', month]) {
        const answer = await admin.get(`/api/reports/${name}?month=${period}`);
        if ((answer.json as { rows: unknown[] }).rows.length === 0) empty.push(`${name} ${period}`);
      }
    }
    for (const name of ['summary-list-of-sales', 'summary-list-of-purchases']) {
      const answer = await admin.get(`/api/reports/${name}?quarter=2026-Q4`);
      if ((answer.json as { rows: unknown[] }).rows.length === 0) empty.push(name);
    }
    for (const day of ['2026-10-31', today]) {
      const answer = await admin.get(`/api/reports/inventory-list?as_of=${day}`);
      if ((answer.json as { rows: unknown[] }).rows.length === 0) empty.push(`inventory-list ${day}`);
    }
    expect(empty).toEqual([]);
    // A buyer who gave a TIN beside the buyers without one.
    const list = await report(
      '/api/reports/summary-list-of-sales?quarter=2026-Q4',
      GetSummaryListOfSalesReportResponse,
    );
    expect(list.rows.some((row) => row.tin === '123-456-789-000')).toBe(true);
    expect(list.rows.at(-1)).toMatchObject({ tin: null, contact_name: 'Without TIN' });
  });

  it('shows a user tied to a branch that branch’s book only, whatever branch is asked for', async () => {
    const quezon = await api.db
      .selectFrom('branches')
      .select('id')
      .where('code', '!=', 'MKT')
      .executeTakeFirstOrThrow();
    await api.createUser({
      email: 'quezon@example.test',
      permissions: ['view-report-sales-journal'],
      businessIds: [businessId],
    });
    await api.db
      .updateTable('users')
      .set({ userable_type: 'branch', userable_id: quezon.id })
      .where('email', '=', 'quezon@example.test')
      .execute();
    const clerk = await api.signIn('quezon@example.test');
    clerk.businessId = businessId;
    const own = expectContract(
      await clerk.get(`/api/reports/sales-journal?month=${month}&branch_id=${branchId}`),
      200,
      GetSalesJournalReportResponse,
    );
    const theirs = await report(
      `/api/reports/sales-journal?month=${month}&branch_id=${quezon.id}`,
      GetSalesJournalReportResponse,
    );
    expect(own).toEqual(theirs);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.some((row) => row.document_id === ids.vatable)).toBe(false);
  });

  it('refuses a book to a user without its permission', async () => {
    await api.createUser({
      email: 'clerk@example.test',
      permissions: ['view-report-sales'],
      businessIds: [businessId],
    });
    const clerk = await api.signIn('clerk@example.test');
    clerk.businessId = businessId;
    expect((await clerk.get('/api/reports/sales')).status).toBe(200);
    for (const name of ['sales-journal', 'purchase-journal', 'inventory-list', 'esales', 'summary-list-of-sales']) {
      expect((await clerk.get(`/api/reports/${name}`)).status).toBe(403);
    }
  });
});
