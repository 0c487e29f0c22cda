import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateCreditMemoResponse } from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import {
  GetEInvoiceResponse,
  GetEInvoiceTransmissionResponse,
  ListEInvoicesResponse,
  RetryEInvoiceResponse,
} from '../../../generated/zod/e-invoices/e-invoices.zod.ts';
import { CreateInvoiceResponse, GetInvoiceResponse } from '../../../generated/zod/invoices/invoices.zod.ts';
import { claimBatch, leaseMs, sendDueEInvoices } from '../../../server/areas/management/e-invoice-sender.ts';
import { type EisConfig, sendToEis } from '../../../server/areas/management/eis-transport.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { type MockEis, startMockEis } from '../../support/mock-eis.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// E-invoices (docs/domain/management.md, E-invoices): each posted invoice and credit memo leaves its EIS JSON in the
// outbox in its own transaction; the sender signs, encrypts and sends it to a local stand-in of the EIS, keeps the
// answer, backs off after a failure, and never has a document recorded twice, even when it dies mid-send.

const today = businessDate(new Date());
const schema = JSON.parse(
  readFileSync(new URL('../../../server/areas/management/eis-invoice.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true }).compile(schema);

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let eis: MockEis;
let config: EisConfig;
let clock: Date;
const now = () => clock;

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.db
    .updateTable('businesses')
    .set({
      tin: '123-456-789-000',
      registered_name: 'Clear Sight Optical Corp.',
      trade_name: 'Clear Sight',
      address: '12 Ayala Ave, Makati City',
    })
    .where('id', '=', fixture.businessId)
    .execute();
  await api.createUser({
    email: 'admin@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('admin@example.test');
  admin.businessId = fixture.businessId;
  eis = await startMockEis();
  config = { url: eis.url, clientId: eis.clientId, signingKey: eis.signingKey, timeoutMs: 2_000 };
});

afterAll(async () => {
  await eis.close();
  await api.close();
});

beforeEach(() => {
  clock = new Date();
  eis.mode = 'answer';
  eis.reject = () => null;
});

async function sell(price = 1120, contactId = fixture.customerId) {
  const answer = await admin.post('/api/invoices', {
    contact_id: contactId,
    branch_id: fixture.branchIds[0],
    invoice_date: today,
    lines: [{ item_id: fixture.serviceItemId, quantity: 1, unit_price: price }],
  });
  // The sender's clock moves on past the posting, as the server's rounds after it would.
  clock = new Date();
  return expectContract(answer, 201, CreateInvoiceResponse);
}

async function outboxOf(type: 'invoice' | 'credit_memo', documentId: number) {
  const list = expectContract(
    await admin.get(`/api/e-invoices?document_type=${type}&per_page=100`),
    200,
    ListEInvoicesResponse,
  );
  const found = list.data.filter((row) => row.document_id === documentId);
  expect(found.length).toBeGreaterThan(0);
  const latest = found[0] as (typeof found)[number];
  return expectContract(await admin.get(`/api/e-invoices/${latest.id}`), 200, GetEInvoiceResponse);
}

// Runs the sender until nothing is due, as the server's rounds would.
async function sendAll() {
  while ((await sendDueEInvoices(api.db, config, now)) > 0);
}

describe('the outbox', () => {
  it('keeps each invoice and credit memo as EIS JSON, its number, VAT and amount the document’s, and waits unconfigured', async () => {
    const transmission = expectContract(
      await admin.get('/api/e-invoices/transmission'),
      200,
      GetEInvoiceTransmissionResponse,
    );
    expect(transmission.configured).toBe(false);

    const invoice = await sell(2240);
    const kept = await outboxOf('invoice', invoice.id);
    expect(kept.status).toBe('pending');
    expect(kept.document_number).toBe(invoice.number);
    const payload = kept.payload as Record<string, unknown>;
    expect(payload.CompInvoiceId).toBe(invoice.number);
    expect(payload.DocType).toBe('SI');
    expect(payload.IssueDtm).toBe(today.replaceAll('-', ''));
    expect(payload.VATAmt).toBe(invoice.vat_amount);
    expect(payload.NetAmtPay).toBe(invoice.total);
    expect(payload.SellerInfo).toMatchObject({
      Tin: '123456789',
      BranchCd: '00000',
      RegNm: 'Clear Sight Optical Corp.',
    });
    expect(payload.EisUniqueId).toBe(kept.eis_unique_id);

    const full = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    const memo = expectContract(
      await admin.post('/api/credit-memos', {
        invoice_id: invoice.id,
        memo_date: today,
        reason: 'price_adjustment',
        lines: [{ invoice_line_id: full.lines[0]?.id, amount: 560 }],
      }),
      201,
      CreateCreditMemoResponse,
    );
    const credited = await outboxOf('credit_memo', memo.id);
    const memoPayload = credited.payload as Record<string, unknown>;
    expect(memoPayload.CompInvoiceId).toBe(memo.number);
    expect(memoPayload.DocType).toBe('CM');
    expect(memoPayload.PrevUniqueId).toBe(kept.eis_unique_id);
    expect(memoPayload.VATAmt).toBe(memo.vat_amount);
    expect(memoPayload.NetAmtPay).toBe(memo.total);
  });

  it('withdraws the e-invoice of a voided invoice that has not gone yet', async () => {
    const invoice = await sell();
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expect((await outboxOf('invoice', invoice.id)).status).toBe('cancelled');
    await sendAll();
    expect((await outboxOf('invoice', invoice.id)).status).toBe('cancelled');
  });

  it('keeps a document incomplete while the business lacks its TIN, and Retry builds it once filled in', async () => {
    await api.db.updateTable('businesses').set({ tin: null }).where('id', '=', fixture.businessId).execute();
    const invoice = await sell();
    const incomplete = await outboxOf('invoice', invoice.id);
    expect(incomplete.status).toBe('incomplete');
    expect(incomplete.payload).toBeNull();
    expect(incomplete.last_error).toMatch(/Tin/);
    await api.db
      .updateTable('businesses')
      .set({ tin: '123-456-789-000' })
      .where('id', '=', fixture.businessId)
      .execute();
    const retried = expectContract(
      await admin.post(`/api/e-invoices/${incomplete.id}/retry`),
      200,
      RetryEInvoiceResponse,
    );
    expect(retried.status).toBe('pending');
    expect((retried.payload as Record<string, unknown>).CompInvoiceId).toBe(invoice.number);
  });
});

describe('sending', () => {
  it('sends the outbox signed and encrypted, and keeps each acceptance', async () => {
    const invoice = await sell();
    await sendAll();
    const sent = await outboxOf('invoice', invoice.id);
    expect(sent.status).toBe('accepted');
    expect(sent.attempts).toBe(1);
    expect(sent.sent_at).not.toBeNull();
    expect((sent.answer as Record<string, unknown>).Status).toBe('ACCEPTED');
    expect(eis.received.get(sent.eis_unique_id)).toBe(1);
    expect(eis.refusals).toEqual([]);
  });

  it('keeps a rejection with its code and message, and Retry sends it again under a new unique id', async () => {
    const invoice = await sell(3360);
    eis.reject = (document) =>
      document.CompInvoiceId === invoice.number ? { code: 'E1012', message: 'Buyer TIN not registered.' } : null;
    await sendAll();
    const rejected = await outboxOf('invoice', invoice.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.last_error).toBe('E1012 Buyer TIN not registered.');
    const listed = expectContract(await admin.get('/api/e-invoices?status=rejected'), 200, ListEInvoicesResponse);
    expect(listed.data.map((row) => row.id)).toContain(rejected.id);

    eis.reject = () => null;
    const retried = expectContract(
      await admin.post(`/api/e-invoices/${rejected.id}/retry`),
      200,
      RetryEInvoiceResponse,
    );
    expect(retried.status).toBe('pending');
    expect(retried.eis_unique_id).not.toBe(rejected.eis_unique_id);
    clock = new Date();
    await sendAll();
    const accepted = await outboxOf('invoice', invoice.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.attempts).toBe(2);
    expect((await admin.post(`/api/e-invoices/${accepted.id}/retry`)).status).toBe(409);
  });

  it('backs off after a failure or a timeout and sends again once the wait is over', async () => {
    const invoice = await sell();
    eis.mode = 'fail';
    await sendAll();
    const failed = await outboxOf('invoice', invoice.id);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/500/);
    expect(failed.next_attempt_at > clock.toISOString()).toBe(true);

    eis.mode = 'answer';
    await sendAll();
    expect((await outboxOf('invoice', invoice.id)).status).toBe('pending');

    eis.mode = 'hang';
    clock = new Date(Date.parse(failed.next_attempt_at) + 1_000);
    await sendAll();
    const timedOut = await outboxOf('invoice', invoice.id);
    expect(timedOut.status).toBe('pending');
    expect(timedOut.attempts).toBe(2);

    eis.mode = 'answer';
    clock = new Date(Date.parse(timedOut.next_attempt_at) + 1_000);
    await sendAll();
    const accepted = await outboxOf('invoice', invoice.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.attempts).toBe(3);
  });
});

describe('a sender that dies', () => {
  it('after claiming: the document comes back after the lease and reaches the EIS once', async () => {
    const invoice = await sell();
    const claimed = await claimBatch(api.db, clock);
    expect(claimed.map((row) => row.payload.CompInvoiceId)).toContain(invoice.number);
    // The sender is gone: nothing was sent. Another round within the lease takes nothing.
    await sendAll();
    const held = await outboxOf('invoice', invoice.id);
    expect(held.status).toBe('sent');
    expect(eis.received.get(held.eis_unique_id)).toBeUndefined();

    clock = new Date(clock.getTime() + leaseMs + 1_000);
    await sendAll();
    const accepted = await outboxOf('invoice', invoice.id);
    expect(accepted.status).toBe('accepted');
    expect(eis.received.get(accepted.eis_unique_id)).toBe(1);
  });

  it('after sending, before keeping the answer: sent again under the same id, recorded once, answered as before', async () => {
    const invoice = await sell();
    const claimed = await claimBatch(api.db, clock);
    const first = await sendToEis(
      config,
      claimed.map((row) => row.payload),
    );
    const mine = claimed.find((row) => row.payload.CompInvoiceId === invoice.number);
    const uniqueId = String(mine?.payload.EisUniqueId);
    const firstAnswer = first.find((answer) => answer.EisUniqueId === uniqueId);

    clock = new Date(clock.getTime() + leaseMs + 1_000);
    await sendAll();
    const accepted = await outboxOf('invoice', invoice.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.eis_unique_id).toBe(uniqueId);
    expect(eis.received.get(uniqueId)).toBe(2);
    expect(accepted.answer).toEqual(firstAnswer);
    expect([...eis.recorded.values()].filter((answer) => answer.EisUniqueId === uniqueId)).toHaveLength(1);
  });
});

describe('reading the outbox', () => {
  it('flags documents older than 3 days not yet accepted as late', async () => {
    const invoice = await sell();
    const kept = await outboxOf('invoice', invoice.id);
    const old = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000);
    await api.db
      .updateTable('e_invoices')
      .set({ document_date: businessDate(old), next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', kept.id)
      .execute();
    const late = expectContract(await admin.get('/api/e-invoices?late=1'), 200, ListEInvoicesResponse);
    expect(late.data.find((row) => row.id === kept.id)?.late).toBe(true);
    const onTime = expectContract(await admin.get('/api/e-invoices?late=0'), 200, ListEInvoicesResponse);
    expect(onTime.data.map((row) => row.id)).not.toContain(kept.id);
  });

  it("answers 404 for another business's e-invoice and 403 without the permission", async () => {
    const invoice = await sell();
    const kept = await outboxOf('invoice', invoice.id);
    const other = await api.createBusiness('Other Optical');
    await api.createUser({ email: 'other@example.test', permissions: ['view-e-invoices'], businessIds: [other] });
    const stranger = await api.signIn('other@example.test');
    stranger.businessId = other;
    expect((await stranger.get(`/api/e-invoices/${kept.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/e-invoices/${kept.id}/retry`)).status).toBe(403);
  });

  it('keeps only payloads that pass the schema', async () => {
    const rows = await api.db.selectFrom('e_invoices').select(['id', 'payload']).execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      if (row.payload === null) continue;
      const ok = validate(JSON.parse(row.payload));
      expect(ok ? null : validate.errors).toBeNull();
    }
  });
});
