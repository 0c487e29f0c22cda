import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CloseCashSessionResponse,
  CreateCashSessionResponse,
  GetCashSessionXReadingResponse,
  GetMyCashSessionResponse,
  ListCashSessionsResponse,
} from '../../../generated/zod/cash-sessions/cash-sessions.zod.ts';
import { GetDailySalesResponse } from '../../../generated/zod/reports/reports.zod.ts';
import { CreateZReadingResponse, GetDayXReadingResponse } from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { buildApp } from '../../../server/app.ts';
import { countedCentavos, expectedCash } from '../../../server/areas/cash/cash-sessions-posting.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  TestClient,
  testPassword,
  testPasswordCost,
} from '../../support/test-api.ts';

// The cash drawer and the day's readings (docs/domain/cash.md): sessions with a float, cash in and out, the count at
// close, the business's require_cash_session, the Z-reading's series and grand total, and the closed day.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let cashier: TestClient;
let otherCashier: TestClient;
let fixture: LedgerFixture;
let branchA: number;
let branchB: number;

const cashierPermissions = [
  'view-cash-sessions',
  'create-cash-sessions',
  'view-z-readings',
  'create-z-readings',
  'view-invoices',
  'create-invoices',
  'view-invoice-payments',
  'create-invoice-payments',
  'update-invoice-payments',
  'delete-invoice-payments',
  'view-credit-memos',
  'create-credit-memos',
];

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA, branchB] = fixture.branchIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'carla@example.test',
    permissions: cashierPermissions,
    businessIds: [fixture.businessId],
  });
  await api.createUser({
    email: 'cora@example.test',
    permissions: cashierPermissions,
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  cashier = await api.signIn('carla@example.test');
  cashier.businessId = fixture.businessId;
  otherCashier = await api.signIn('cora@example.test');
  otherCashier.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function sale(client: TestClient, branchId: number, price: number) {
  const answer = await client.post('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branchId,
    invoice_date: today,
    lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: price }],
  });
  expect(answer.status).toBe(201);
  return answer.json as { id: number; total: number };
}

function pay(client: TestClient, invoiceId: number, amount: number, method = 'cash') {
  return client.post('/api/invoice-payments', {
    invoice_id: invoiceId,
    payment_date: today,
    amount,
    payment_method: method,
  });
}

async function open(client: TestClient, branchId: number, float: number) {
  return expectContract(
    await client.post('/api/cash-sessions', { branch_id: branchId, opening_float: float }),
    201,
    CreateCashSessionResponse,
  );
}

describe('the drawer arithmetic', () => {
  it('expects float + cash received - cash refunded + cash in - cash out', () => {
    expect(
      expectedCash({
        openingFloat: 200_000,
        cashReceived: 350_000,
        cashRefunded: 45_000,
        cashIn: 50_000,
        cashOut: 15_000,
      }),
    ).toBe(540_000);
    expect(countedCentavos({ '1000': 5, '100': 3, '20': 2, '1': 7, '0.25': 3 })).toBe(534_775);
  });
});

describe('a cashier shift', () => {
  it('opens with a float, takes the cash payments by itself, records cash out and closes over or short', async () => {
    const session = await open(cashier, branchA, 2000);
    expect(session).toMatchObject({ status: 'open', opening_float: 2000, expected_cash: 2000, user_name: 'carla' });
    const first = await sale(cashier, branchA, 1500);
    const second = await sale(cashier, branchA, 800);
    expect((await pay(cashier, first.id, first.total)).status).toBe(201);
    expect((await pay(cashier, second.id, 300, 'card')).status).toBe(201);
    const voided = await pay(cashier, second.id, 100);
    expect(voided.status).toBe(201);
    expect((await cashier.delete(`/api/invoice-payments/${(voided.json as { id: number }).id}`)).status).toBe(200);
    // Another cashier's cash at the same branch is theirs, not this drawer's.
    expect((await pay(otherCashier, second.id, 200)).status).toBe(201);
    const out = await cashier.post(`/api/cash-sessions/${session.id}/movements`, {
      kind: 'cash_out',
      amount: 150,
      reason: 'Delivery fee',
    });
    expect(out.status).toBe(201);
    const top = await cashier.post(`/api/cash-sessions/${session.id}/movements`, {
      kind: 'cash_in',
      amount: 500,
      reason: 'Change fund top-up',
    });
    expect(top.status).toBe(201);
    const x = expectContract(
      await cashier.get(`/api/cash-sessions/${session.id}/x-reading`),
      200,
      GetCashSessionXReadingResponse,
    );
    expect(x).toMatchObject({ cash_received: first.total, cash_in: 500, cash_out: 150 });
    expect(x.expected_cash).toBe(2000 + first.total + 500 - 150);
    expect(x.totals_by_method.card).toBe(300);
    // ₱150 short of what the drawer should hold.
    const expected = x.expected_cash;
    const short = expected - 150;
    const closed = expectContract(
      await cashier.post(`/api/cash-sessions/${session.id}/close`, { counted: countOf(short) }),
      200,
      CloseCashSessionResponse,
    );
    expect(closed).toMatchObject({ status: 'closed', expected_cash: expected, counted_cash: short, difference: -150 });
    const again = await cashier.post(`/api/cash-sessions/${session.id}/movements`, {
      kind: 'cash_in',
      amount: 1,
      reason: 'late',
    });
    expect(again.status).toBe(409);
  });

  it('keeps one open session per user and branch, even when two opens race', async () => {
    const answers = await Promise.all([
      otherCashier.post('/api/cash-sessions', { branch_id: branchB, opening_float: 1000 }),
      otherCashier.post('/api/cash-sessions', { branch_id: branchB, opening_float: 1000 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const otherApp = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
    try {
      const other = new TestClient(otherApp);
      await other.get('/api/csrf-cookie');
      expect((await other.post('/login', { email: 'admin@example.test', password: testPassword })).status).toBe(200);
      other.businessId = fixture.businessId;
      const raced = await Promise.all([
        admin.post('/api/cash-sessions', { branch_id: branchB, opening_float: 500 }),
        other.post('/api/cash-sessions', { branch_id: branchB, opening_float: 500 }),
      ]);
      expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    } finally {
      await otherApp.close();
    }
    const opened = await api.db
      .selectFrom('cash_sessions')
      .select('user_id')
      .where('branch_id', '=', branchB)
      .where('status', '=', 'open')
      .execute();
    expect(opened).toHaveLength(2);
  });

  it('shows a cashier only their own sessions; a holder of update-cash-sessions sees and closes them all', async () => {
    const own = expectContract(await cashier.get('/api/cash-sessions'), 200, ListCashSessionsResponse);
    expect(own.data.every((session) => session.user_name === 'carla')).toBe(true);
    const theirs = expectContract(
      await otherCashier.get('/api/cash-sessions?status=open'),
      200,
      ListCashSessionsResponse,
    ).data[0];
    expect(theirs).toBeDefined();
    expect((await cashier.get(`/api/cash-sessions/${theirs?.id}`)).status).toBe(404);
    expect((await cashier.post(`/api/cash-sessions/${theirs?.id}/close`, { counted: {} })).status).toBe(404);
    const all = expectContract(await admin.get('/api/cash-sessions?per_page=100'), 200, ListCashSessionsResponse);
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const closed = await admin.post(`/api/cash-sessions/${theirs?.id}/close`, { counted: countOf(1000) });
    expect(expectContract(closed, 200, CloseCashSessionResponse)).toMatchObject({ difference: 0 });
    const mine = expectContract(
      await admin.get(`/api/cash-sessions/mine?branch_id=${branchB}`),
      200,
      GetMyCashSessionResponse,
    );
    expect(mine).toMatchObject({ required: false, branch_id: branchB });
    if (mine.session) await admin.post(`/api/cash-sessions/${mine.session.id}/close`, { counted: countOf(500) });
  });
});

describe('a shift with a sale, a cash refund and a cash out', () => {
  it('expects float + cash received - cash refunded + cash in - cash out', async () => {
    const session = await open(cashier, branchA, 1000);
    const invoice = (await sale(cashier, branchA, 600)) as { id: number; total: number; lines: { id: number }[] };
    expect((await pay(cashier, invoice.id, invoice.total)).status).toBe(201);
    const memo = await cashier.post('/api/credit-memos', {
      invoice_id: invoice.id,
      memo_date: today,
      reason: 'returned',
      settlement: 'refund',
      refund_method: 'cash',
      lines: [{ invoice_line_id: invoice.lines[0]?.id, quantity: 1 }],
    });
    expect(memo.status).toBe(201);
    await cashier.post(`/api/cash-sessions/${session.id}/movements`, {
      kind: 'cash_out',
      amount: 150,
      reason: 'Delivery',
    });
    const x = expectContract(
      await cashier.get(`/api/cash-sessions/${session.id}/x-reading`),
      200,
      GetCashSessionXReadingResponse,
    );
    expect(x).toMatchObject({ cash_received: invoice.total, cash_refunded: invoice.total, cash_out: 150 });
    expect(x.expected_cash).toBe(1000 + invoice.total - invoice.total - 150);
    const closed = expectContract(
      await cashier.post(`/api/cash-sessions/${session.id}/close`, { counted: countOf(850) }),
      200,
      CloseCashSessionResponse,
    );
    expect(closed).toMatchObject({ expected_cash: 850, difference: 0, cash_refunded: invoice.total });
  });
});

describe('require_cash_session', () => {
  it('refuses cash without an open drawer at the branch, naming payment_method, and takes card as before', async () => {
    const invoice = await sale(cashier, branchB, 400);
    expect((await admin.patch(`/api/businesses/${fixture.businessId}`, { require_cash_session: true })).status).toBe(
      200,
    );
    try {
      const refused = await pay(cashier, invoice.id, 100);
      expect(refused.status).toBe(422);
      expect(Object.keys((refused.json as { errors: Record<string, string[]> }).errors)).toEqual(['payment_method']);
      expect((await pay(cashier, invoice.id, 100, 'card')).status).toBe(201);
      const mine = expectContract(
        await cashier.get(`/api/cash-sessions/mine?branch_id=${branchB}`),
        200,
        GetMyCashSessionResponse,
      );
      expect(mine).toMatchObject({ required: true, session: null });
      const session = await open(cashier, branchB, 0);
      expect((await pay(cashier, invoice.id, 100)).status).toBe(201);
      await cashier.post(`/api/cash-sessions/${session.id}/close`, { counted: countOf(100) });
    } finally {
      await admin.patch(`/api/businesses/${fixture.businessId}`, { require_cash_session: false });
    }
  });
});

describe('the Z-reading', () => {
  it("freezes the daily sales report's figures, carries the grand total and closes the day", async () => {
    const report = expectContract(
      await admin.get(`/api/reports/daily-sales?branch_id=${branchA}&date_from=${today}&date_to=${today}`),
      200,
      GetDailySalesResponse,
    );
    const x = expectContract(
      await cashier.get(`/api/z-readings/x-reading?branch_id=${branchA}`),
      200,
      GetDayXReadingResponse,
    );
    const row = report[0];
    expect(row).toBeDefined();
    const { date: _date, ...figures } = row ?? { date: '' };
    expect(x).toMatchObject(figures);
    expect(x.cash_difference).toBe(-150);
    // An earlier reading at the branch, as a previous day left it.
    await api.db
      .insertInto('z_readings')
      .values({
        business_id: fixture.businessId,
        branch_id: branchA,
        business_date: '2020-01-01',
        number: 'Z-20200101-B00000-00000000',
        z_counter: 1,
        figures: '{}',
        net_sales: 1_000_000,
        previous_grand_total: 0,
        accumulated_grand_total: 1_000_000,
        cash_difference: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const otherApp = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
    try {
      const other = new TestClient(otherApp);
      await other.get('/api/csrf-cookie');
      expect((await other.post('/login', { email: 'admin@example.test', password: testPassword })).status).toBe(200);
      other.businessId = fixture.businessId;
      const raced = await Promise.all([
        cashier.post('/api/z-readings', { branch_id: branchA }),
        other.post('/api/z-readings', { branch_id: branchA }),
      ]);
      expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const made = expectContract(
        raced.find((answer) => answer.status === 201) ?? raced[0],
        201,
        CreateZReadingResponse,
      );
      expect(made).toMatchObject({ z_counter: 2, business_date: today, previous_grand_total: 10_000 });
      expect(made.accumulated_grand_total).toBe(10_000 + (row?.net_sales ?? 0));
      expect(made.net_sales).toBe(row?.net_sales);
      expect(made.number).toMatch(/^Z-/);
    } finally {
      await otherApp.close();
    }
    const counters = await api.db
      .selectFrom('document_counters')
      .select('total')
      .where('business_id', '=', fixture.businessId)
      .where('document_name', '=', 'z-reading')
      .execute();
    expect(counters.map((counter) => Number(counter.total))).toEqual([1]);
    const refused = await cashier.post('/api/invoices', {
      contact_id: fixture.customerId,
      branch_id: branchA,
      invoice_date: today,
      lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 100 }],
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain('is closed');
    const [paid] = await api.db
      .selectFrom('invoices')
      .select('id')
      .where('branch_id', '=', branchA)
      .where('invoice_date', '=', today)
      .where('deleted_at', 'is', null)
      .execute();
    const late = await pay(admin, paid?.id ?? 0, 1, 'card');
    expect(late.status).toBe(422);
    expect(Object.keys((late.json as { errors: Record<string, string[]> }).errors)).toEqual(['payment_date']);
    // Voiding the closed day's sale points to the way back: a credit memo dated today.
    const voided = await admin.delete(`/api/invoices/${paid?.id}`);
    expect(voided.status).toBe(422);
    expect((voided.json as { errors: Record<string, string[]> }).errors.invoice_date).toEqual([
      expect.stringMatching(
        /is closed at .*: its invoices are no longer voided\. To take the sale back, make a credit memo dated today\.$/,
      ),
    ]);
    // The other branch's day is still open.
    await sale(cashier, branchB, 100);
  });
});

describe('a sale racing the Z-reading', () => {
  it('is either in the reading or refused as on a closed day, never after it uncounted', async () => {
    const otherApp = await buildApp({ db: api.connectAgain(), passwordCost: testPasswordCost });
    try {
      const other = new TestClient(otherApp);
      await other.get('/api/csrf-cookie');
      expect((await other.post('/login', { email: 'admin@example.test', password: testPassword })).status).toBe(200);
      other.businessId = fixture.businessId;
      const [reading, invoice] = await Promise.all([
        other.post('/api/z-readings', { branch_id: branchB }),
        cashier.post('/api/invoices', {
          contact_id: fixture.customerId,
          branch_id: branchB,
          invoice_date: today,
          lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: 250 }],
        }),
      ]);
      const made = expectContract(reading, 201, CreateZReadingResponse);
      expect([201, 422]).toContain(invoice.status);
      const standing = await api.db
        .selectFrom('invoices')
        .select('id')
        .where('branch_id', '=', branchB)
        .where('invoice_date', '=', today)
        .execute();
      expect(made.invoices_issued).toBe(standing.length);
    } finally {
      await otherApp.close();
    }
  });
});

// The fewest bills and coins that make an amount, as a drawer would hold it.
function countOf(pesos: number): Record<string, number> {
  let centavos = Math.round(pesos * 100);
  const counted: Record<string, number> = {};
  for (const [face, value] of [
    ['1000', 100_000],
    ['500', 50_000],
    ['200', 20_000],
    ['100', 10_000],
    ['50', 5_000],
    ['20', 2_000],
    ['10', 1_000],
    ['5', 500],
    ['1', 100],
    ['0.25', 25],
  ] as const) {
    counted[face] = Math.floor(centavos / value);
    centavos -= counted[face] * value;
  }
  return counted;
}
