import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetDocumentNumberTotalCountResponse } from '../../../generated/zod/documents/documents.zod.ts';
import { GetEJournalResponse } from '../../../generated/zod/e-journal/e-journal.zod.ts';
import { CreateTerminalResponse } from '../../../generated/zod/terminals/terminals.zod.ts';
import { CreateZReadingResponse } from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/cash.md, Terminals and The e-journal: which terminal a paper is made at, a series, a Z and a grand total
// per terminal at a two-terminal branch, and the kept print of every posted paper.

const today = businessDate(new Date());

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let branchA: number;
let branchB: number;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  [branchA, branchB] = fixture.branchIds;
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

function sale(branchId: number, price: number, terminalId?: number) {
  return admin.post('/api/invoices', {
    contact_id: fixture.customerId,
    branch_id: branchId,
    ...(terminalId === undefined ? {} : { terminal_id: terminalId }),
    invoice_date: today,
    lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: price }],
  });
}

type Sold = { id: number; number: string; terminal_id: number | null; total: number };

describe('a branch with one terminal', () => {
  it('numbers as it always did, in the branch series, from its only terminal', async () => {
    const answer = await sale(branchB, 100);
    expect(answer.status).toBe(201);
    const invoice = answer.json as Sold;
    expect(invoice.number).toMatch(new RegExp(`^I-\\d{8}-B${String(branchB).padStart(5, '0')}-\\d{8}$`));
    expect(invoice.terminal_id).not.toBeNull();
  });
});

describe('a branch with two terminals', () => {
  let first: number;
  let second: number;

  it('gives the later terminal a series of its own', async () => {
    expect((await sale(branchA, 50)).status).toBe(201);
    const terminals = (await admin.get(`/api/terminals?branch_id=${branchA}`)).json as { data: { id: number }[] };
    first = terminals.data[0]?.id ?? 0;
    const made = expectContract(
      await admin.post('/api/terminals', {
        branch_id: branchA,
        name: 'Counter 2',
        min: '26011501000002',
        serial_number: 'SN-2',
        ac_number: 'AC-2',
        ac_date: '2026-01-15',
      }),
      201,
      CreateTerminalResponse,
    );
    second = made.id;
    expect(made.series).toBe(`T${String(second).padStart(5, '0')}`);
  });

  it('asks which terminal when the user has no open session there (422 naming terminal_id)', async () => {
    const answer = await sale(branchA, 100);
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      errors: { terminal_id: ['This branch has several terminals: choose the terminal it is made at.'] },
    });
    const days = await admin.get(`/api/z-readings/open-days?branch_id=${branchA}`);
    expect(days.status).toBe(422);
  });

  it('takes the terminal of the open cash session, and keeps two gapless series', async () => {
    const session = await admin.post('/api/cash-sessions', {
      branch_id: branchA,
      terminal_id: second,
      opening_float: 1000,
    });
    expect(session.status).toBe(201);
    const atSecond = [];
    for (const price of [200, 300]) atSecond.push((await sale(branchA, price)).json as Sold);
    const atFirst = [];
    for (const price of [400, 500]) atFirst.push((await sale(branchA, price, first)).json as Sold);
    expect(atSecond.map((invoice) => invoice.terminal_id)).toEqual([second, second]);
    const countOf = (invoice: Sold) => Number(invoice.number.split('-').at(-1));
    const placeOf = (invoice: Sold) => invoice.number.split('-').at(-2);
    expect(atSecond.map(placeOf)).toEqual([
      `T${String(second).padStart(5, '0')}`,
      `T${String(second).padStart(5, '0')}`,
    ]);
    expect(atSecond.map(countOf)).toEqual([1, 2]);
    expect(atFirst.map(placeOf)).toEqual([
      `B${String(branchA).padStart(5, '0')}`,
      `B${String(branchA).padStart(5, '0')}`,
    ]);
    expect(atFirst.map(countOf)).toEqual([2, 3]);
    const closed = await admin.post(`/api/cash-sessions/${(session.json as { id: number }).id}/close`, { counted: {} });
    expect(closed.status).toBe(200);
  });

  it("previews a paper's number in the series of its terminal, chosen or the open session's", async () => {
    const count = async (body: Record<string, unknown>) =>
      expectContract(
        await admin.post('/api/documents/get-number-total-count', {
          document_name: 'invoice',
          branch_id: branchA,
          ...body,
        }),
        200,
        GetDocumentNumberTotalCountResponse,
      );
    expect(await count({ terminal_id: second })).toEqual({ total: 2, series: `T${String(second).padStart(5, '0')}` });
    expect(await count({ terminal_id: first })).toEqual({ total: 3 });
    // Neither chosen nor a session open: the posting would ask, so the preview reads the branch's own counter.
    expect(await count({})).toEqual({ total: 3 });
    const session = await admin.post('/api/cash-sessions', {
      branch_id: branchA,
      terminal_id: second,
      opening_float: 0,
    });
    expect(session.status).toBe(201);
    expect(await count({})).toEqual({ total: 2, series: `T${String(second).padStart(5, '0')}` });
    const closed = await admin.post(`/api/cash-sessions/${(session.json as { id: number }).id}/close`, { counted: {} });
    expect(closed.status).toBe(200);
  });

  it('closes each terminal with its own Z and grand total, and the two add up to the branch day', async () => {
    const zFirst = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchA, terminal_id: first }),
      201,
      CreateZReadingResponse,
    );
    // The first terminal's day is closed; the second still sells.
    expect((await sale(branchA, 100, first)).status).toBe(422);
    const late = await sale(branchA, 100, second);
    expect(late.status).toBe(201);
    const zSecond = expectContract(
      await admin.post('/api/z-readings', { branch_id: branchA, terminal_id: second }),
      201,
      CreateZReadingResponse,
    );
    expect(zFirst.net_sales).toBe(50 + 400 + 500);
    expect(zSecond.net_sales).toBe(200 + 300 + 100);
    expect(zFirst.accumulated_grand_total).toBe(950);
    expect(zSecond.accumulated_grand_total).toBe(600);
    expect(zSecond.number.split('-').at(-2)).toBe(`T${String(second).padStart(5, '0')}`);
    expect(zSecond.z_counter).toBe(1);
    const report = (
      await admin.get(`/api/reports/daily-sales?branch_id=${branchA}&date_from=${today}&date_to=${today}`)
    ).json as { net_sales: number }[];
    expect(report[0]?.net_sales).toBe(zFirst.net_sales + zSecond.net_sales);
  });
});

describe('the e-journal', () => {
  it('keeps the print at posting with the seller and terminal, and a void as a new line', async () => {
    await admin.patch(`/api/businesses/${fixture.businessId}`, {
      software_accreditation: 'Spectacle v1 Accreditation No. 123',
    });
    const invoice = (await sale(branchB, 250)).json as Sold;
    const read = async () =>
      expectContract(
        await admin.get(`/api/e-journal?date_from=${today}&date_to=${today}`),
        200,
        GetEJournalResponse,
      ).entries.filter((entry) => entry.document_type === 'invoice' && entry.document_id === invoice.id);
    const [posted] = await read();
    expect(posted?.text).toContain(`No. ${invoice.number}`);
    expect(posted?.text).toContain('Spectacle v1 Accreditation No. 123');
    expect(posted?.text).toContain('MIN');
    expect(posted?.text).toContain('250.00');
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    const after = await read();
    expect(after.map((entry) => entry.event)).toEqual(['posted', 'voided']);
    expect(after[0]?.text).toBe(posted?.text);
    const plain = await admin.get(`/api/e-journal?date_from=${today}&date_to=${today}`, {
      headers: { accept: 'text/plain' },
    });
    expect(plain.headers['content-type']).toContain('text/plain');
    expect(plain.raw.body).toContain(`VOID SALES INVOICE`);
  });
});
