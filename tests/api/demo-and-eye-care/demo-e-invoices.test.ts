import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import {
  GetEInvoiceTransmissionResponse,
  ListEInvoicesResponse,
} from '../../../generated/zod/e-invoices/e-invoices.zod.ts';
import { GetEJournalResponse } from '../../../generated/zod/e-journal/e-journal.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// The demo's outbox (docs/domain/management.md, E-invoices): the past days' invoices and memos accepted, one
// invoice rejected and retried, today's waiting, since the demo has no EIS configured; every payload the schema's.

const validate = new Ajv2020({ allErrors: true }).compile(
  JSON.parse(
    readFileSync(new URL('../../../server/areas/management/eis-invoice.schema.json', import.meta.url), 'utf8'),
  ) as object,
);

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  admin.businessId = businesses[0]?.id ?? null;
});

afterAll(() => api.close());

describe('the demo e-invoices', () => {
  it('are accepted, one rejected and retried, each under its document’s number, and say EIS is not configured', async () => {
    expect(
      expectContract(await admin.get('/api/e-invoices/transmission'), 200, GetEInvoiceTransmissionResponse).configured,
    ).toBe(false);
    const all = expectContract(await admin.get('/api/e-invoices?per_page=100'), 200, ListEInvoicesResponse);
    const accepted = all.data.filter((row) => row.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(5);
    const memos = expectContract(
      await admin.get('/api/e-invoices?document_type=credit_memo&per_page=100'),
      200,
      ListEInvoicesResponse,
    );
    expect(memos.data.length).toBeGreaterThan(0);
    for (const memo of memos.data) expect(['accepted', 'pending']).toContain(memo.status);
    const retried = all.data.filter((row) => row.last_error !== null);
    expect(retried).toHaveLength(1);
    const [again] = retried;
    expect(again?.status).toBe('pending');
    expect(again?.answer).toMatchObject({ Status: 'REJECTED' });

    const invoices = await api.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('deleted_at', 'is', null)
      .execute();
    const numberOf = new Map(invoices.map((row) => [row.id, row.number]));
    for (const row of all.data.filter((entry) => entry.document_type === 'invoice')) {
      expect(row.document_number).toBe(numberOf.get(row.document_id));
      expect((row.payload as Record<string, unknown>).CompInvoiceId).toBe(row.document_number);
    }
    const kept = await api.db.selectFrom('e_invoices').select('payload').execute();
    for (const row of kept) {
      const ok = validate(JSON.parse(row.payload ?? 'null'));
      expect(ok ? null : validate.errors).toBeNull();
    }
  });
});

// docs/domain/cash.md, The e-journal: the demo's papers read in the E-Journal as the API would have kept them.
describe('the demo e-journal', () => {
  it('lists its invoices, memos, acknowledgment receipts and Zs under their numbers, with the terminal', async () => {
    const { entries } = expectContract(
      await admin.get('/api/e-journal?date_from=2000-01-01&date_to=2100-12-31'),
      200,
      GetEJournalResponse,
    );
    const kinds = new Set(entries.map((entry) => entry.document_type));
    expect([...kinds].sort()).toEqual(['acknowledgment_receipt', 'credit_memo', 'invoice', 'z_reading']);
    const invoices = await api.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('deleted_at', 'is', null)
      .execute();
    const posted = entries.filter((entry) => entry.document_type === 'invoice' && entry.event === 'posted');
    expect(posted.map((entry) => entry.number).sort()).toEqual(
      expect.arrayContaining(invoices.map((row) => row.number).sort()),
    );
    for (const entry of posted) {
      expect(entry.text).toContain(`No. ${entry.number}`);
      expect(entry.terminal_id).not.toBeNull();
      expect(entry.text).toContain('MIN');
    }
    const receipt = entries.find((entry) => entry.document_type === 'acknowledgment_receipt');
    expect(receipt?.text).toContain('THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX');
    const terminalId = posted[0]?.terminal_id ?? 0;
    const atOne = expectContract(
      await admin.get(`/api/e-journal?date_from=2000-01-01&date_to=2100-12-31&terminal_id=${terminalId}`),
      200,
      GetEJournalResponse,
    ).entries;
    expect(atOne.length).toBeGreaterThan(0);
    expect(atOne.length).toBeLessThan(entries.length);
    for (const entry of atOne) expect(entry.terminal_id).toBe(terminalId);
    // The same range as CSV, a row per line, for the BIR's request for the e-journal.
    const csv = await admin.get(`/api/e-journal?date_from=2000-01-01&date_to=2100-12-31&terminal_id=${terminalId}`, {
      headers: { accept: 'text/csv' },
    });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = Papa.parse<string[]>(csv.raw.body.trim(), { skipEmptyLines: true }).data;
    expect(lines[0]).toEqual(['Date', 'Terminal', 'Document', 'Number', 'Event', 'Text']);
    expect(lines).toHaveLength(atOne.length + 1);
    expect(csv.raw.body).toContain(atOne[0]?.number ?? 'none');
  });
});
