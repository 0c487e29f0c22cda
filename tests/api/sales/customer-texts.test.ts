import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateContactResponse, UpdateContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { CreateJobOrderResponse } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import {
  GetMessageGatewayResponse,
  ListMessagesResponse,
  QueueRecallMessagesResponse,
} from '../../../generated/zod/messages/messages.zod.ts';
import { followSentTexts, maxAttempts, sendDueTexts } from '../../../server/areas/management/message-sender.ts';
import type { SmsGateway } from '../../../server/areas/management/sms-gateway.ts';
import { businessDate } from '../../../server/domain/business-date.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// A stand-in for Semaphore's POST /api/v4/messages: it answers each post as told (sent, failed, slow), and keeps
// every form it received.
type Answering = 'sent' | 'queued' | 'failed' | 'error' | 'slow';
type Received = { apikey: string; number: string; message: string; sendername: string };

class FakeSemaphore {
  readonly received: Received[] = [];
  answering: Answering = 'sent';
  // What GET /api/v4/messages/{id} says of each message, by id: Semaphore's Pending, Sent or Failed.
  readonly fates = new Map<string, string>();
  private server: Server;
  private nextId = 1000;

  constructor() {
    this.server = createServer((request, response) => void this.answer(request, response));
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: import('node:http').ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const asked = /^\/api\/v4\/messages\/(\d+)\?apikey=test-key$/.exec(request.url ?? '');
    if (request.method === 'GET' && asked?.[1]) {
      const status = this.fates.get(asked[1]) ?? 'Pending';
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify([{ message_id: Number(asked[1]), status }]));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/api/v4/messages') {
      response.writeHead(404).end();
      return;
    }
    const form = Object.fromEntries(new URLSearchParams(text)) as Received;
    this.received.push(form);
    if (this.answering === 'slow') {
      // Past the adapter's timeout; the text is taken as maybe sent.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    if (this.answering === 'error') {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"Temporarily unavailable"}');
      return;
    }
    const status = { sent: 'Sent', queued: 'Queued', failed: 'Failed', slow: 'Queued' }[this.answering];
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify([
        {
          message_id: this.nextId++,
          user_id: 1,
          user: 'shop@example.test',
          account_id: 1,
          account: 'Clear Sight',
          recipient: form.number,
          message: form.message,
          sender_name: form.sendername,
          network: 'Globe',
          status,
          type: 'Single',
          source: 'Api',
          created_at: '2026-12-07 10:00:00',
          updated_at: '2026-12-07 10:00:00',
        },
      ]),
    );
  }
}

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
let customerTypeId: number;
let gateway: SmsGateway;
let downGateway: SmsGateway;
const semaphore = new FakeSemaphore();
const today = businessDate(new Date());
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  const url = await semaphore.start();
  gateway = { url, apiKey: 'test-key', senderName: 'CLEARSIGHT', timeoutMs: 300 };
  // A port that was open a moment ago and is closed now: the gateway is down.
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  downGateway = { ...gateway, url: `http://127.0.0.1:${port}` };
  api = await createTestApi({ sms: gateway, sendTexts: false });
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
  const type = await api.db
    .selectFrom('contact_types')
    .select('id')
    .where('business_id', '=', fixture.businessId)
    .where('name', '=', 'Customer')
    .executeTakeFirstOrThrow();
  customerTypeId = type.id;
});

afterAll(async () => {
  await api.close();
  await semaphore.stop();
});

beforeEach(async () => {
  semaphore.answering = 'sent';
  semaphore.received.length = 0;
  // Each case counts only its own texts.
  await api.db.updateTable('messages').set({ deleted_at: new Date().toISOString() }).execute();
});

// The same Ana Cruz on the same mobile again and again, on purpose: said to be another person each time.
const customer = async (fields: Record<string, unknown>) =>
  expectContract(
    await admin.post('/api/contacts', {
      contact_type_id: customerTypeId,
      name: 'Ana Cruz',
      allow_duplicate: true,
      ...fields,
    }),
    201,
    CreateContactResponse,
  );

// An order for the customer with an eye exam on a prescription, moved to ready.
async function readyOrder(contactId: number): Promise<{ id: number; number: string }> {
  const rx = await admin.post('/api/prescriptions', {
    contact_id: contactId,
    kind: 'spectacles',
    examined_on: today,
    od_sphere: -2.25,
    od_cylinder: -0.75,
    od_axis: 180,
    os_sphere: -3.5,
    pd_distance: 62,
  });
  expect(rx.status).toBe(201);
  const order = expectContract(
    await admin.post('/api/job-orders', {
      contact_id: contactId,
      branch_id: fixture.branchIds[0],
      prescription_id: (rx.json as { id: number }).id,
      order_date: today,
      lines: [{ role: 'service', item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 }],
    }),
    201,
    CreateJobOrderResponse,
  );
  for (const status of ['in_lab', 'ready']) {
    expect((await admin.patch(`/api/job-orders/${order.id}/status`, { status })).status).toBe(200);
  }
  return { id: order.id, number: order.number };
}

const messagesOf = async (contactId: number, extra = '') =>
  expectContract(
    await admin.get(`/api/messages?contact_id=${contactId}&per_page=100${extra}`),
    200,
    ListMessagesResponse,
  ).data;

describe('a contact’s mobile and consents', () => {
  it('stores Philippine mobiles in E.164 and refuses anything else in plain words', async () => {
    expect((await customer({ mobile: '0917-123-4567' })).mobile).toBe('+639171234567');
    expect((await customer({ mobile: '+63 917 123 4567' })).mobile).toBe('+639171234567');
    expect((await customer({ mobile: null })).mobile).toBeNull();
    for (const mobile of ['02 8123 4567', '0917 123 456', '+1 415 555 0100']) {
      const refused = await admin.post('/api/contacts', { contact_type_id: customerTypeId, name: 'X', mobile });
      expect(refused.status).toBe(422);
      expect((refused.json as { errors: Record<string, string[]> }).errors.mobile?.[0]).toMatch(/Philippine mobile/);
    }
  });

  it('starts with order texts on and reminders off, and stamps who recorded a change and when', async () => {
    const created = await customer({ mobile: '09171234567' });
    expect(created.consents).toEqual({
      transactional: { given: true, at: null, how: null, by: null },
      reminders: { given: false, at: null, how: null, by: null },
    });
    const given = expectContract(
      await admin.patch(`/api/contacts/${created.id}`, { consents: { reminders: { given: true, how: 'verbal' } } }),
      200,
      UpdateContactResponse,
    );
    expect(given.consents.reminders).toMatchObject({ given: true, how: 'verbal' });
    expect(given.consents.reminders.at).not.toBeNull();
    expect(given.consents.reminders.by).not.toBeNull();
    // The form sends every field on each save: a consent sent as it stood keeps its first record.
    await api.db
      .updateTable('contacts')
      .set({ reminders_consent_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', created.id)
      .execute();
    const again = expectContract(
      await admin.patch(`/api/contacts/${created.id}`, {
        name: 'Ana C. Cruz',
        consents: { reminders: { given: true, how: 'verbal' } },
      }),
      200,
      UpdateContactResponse,
    );
    expect(again.consents.reminders.at).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('templates', () => {
  it('refuses a template naming a prescription figure or any unknown placeholder', async () => {
    for (const body of [
      'Your new lenses: {sphere} {cylinder}',
      'Hi {customer}, about your {diagnosis}',
      'Hi {customer',
    ]) {
      const refused = await admin.post('/api/message-templates', { purpose: 'ready', body });
      expect(refused.status).toBe(422);
      expect(Object.keys((refused.json as { errors: object }).errors)).toEqual(['body']);
    }
    const kept = await admin.post('/api/message-templates', {
      purpose: 'pickup_reminder',
      body: 'Hi {customer}! Order {job_number} waits at {shop} {branch}, balance {balance}.',
    });
    expect(kept.status).toBe(201);
  });
});

describe('the ready text', () => {
  it('is queued after the cancel window, posted once when due, and carries no prescription detail', async () => {
    const contact = await customer({ mobile: '0917 555 0101' });
    const order = await readyOrder(contact.id);
    const [queued, ...others] = await messagesOf(contact.id);
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ purpose: 'ready', status: 'queued', attempts: 0, job_order_id: order.id });
    expect(Date.parse(queued?.send_after ?? '')).toBeGreaterThan(Date.now() + 9 * 60_000);

    expect(await sendDueTexts(api.db, gateway, new Date())).toBe(0);
    expect(semaphore.received).toEqual([]);
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(11))).toBe(1);
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(12))).toBe(0);
    expect(semaphore.received).toHaveLength(1);
    const posted = semaphore.received[0];
    expect(posted).toMatchObject({ apikey: 'test-key', number: '639175550101', sendername: 'CLEARSIGHT' });
    expect(posted?.message).toContain(order.number);
    expect(posted?.message).toContain('Ana Cruz');
    for (const rxFigure of ['2.25', '0.75', '180', '3.5', '62']) expect(posted?.message).not.toContain(rxFigure);
    const [sent] = await messagesOf(contact.id);
    expect(sent).toMatchObject({ status: 'delivered', gateway_message_id: '1000', attempts: 1, last_error: null });
    expect(sent?.sent_at).not.toBeNull();
  });

  it('is cancelled when the order goes back to the lab within the window', async () => {
    const contact = await customer({ mobile: '0917 555 0102' });
    const order = await readyOrder(contact.id);
    expect((await admin.patch(`/api/job-orders/${order.id}/status`, { status: 'in_lab' })).status).toBe(200);
    expect(await messagesOf(contact.id)).toEqual([]);
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(11))).toBe(0);
    expect(semaphore.received).toEqual([]);
  });

  it('goes to no one without a mobile or who refused order texts', async () => {
    const silent = await customer({ mobile: null });
    const refused = await customer({
      mobile: '0917 555 0103',
      consents: { transactional: { given: false, how: 'paper' } },
    });
    await readyOrder(silent.id);
    await readyOrder(refused.id);
    expect(await messagesOf(silent.id)).toEqual([]);
    expect(await messagesOf(refused.id)).toEqual([]);
  });

  it('is not sent when the customer withdrew consent after it was queued', async () => {
    const contact = await customer({ mobile: '0917 555 0104' });
    await readyOrder(contact.id);
    await admin.patch(`/api/contacts/${contact.id}`, { consents: { transactional: { given: false, how: 'verbal' } } });
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(11))).toBe(0);
    expect(semaphore.received).toEqual([]);
    const [cancelled] = await messagesOf(contact.id, '&only_trashed=1');
    expect(cancelled?.last_error).toMatch(/refused order texts/);
  });
});

describe('pickup reminders and recalls', () => {
  it('queues reminders at 7, 30 and 60 days only with reminders consent, and drops them when the order is claimed', async () => {
    const contact = await customer({
      mobile: '0917 555 0105',
      consents: { reminders: { given: true, how: 'form' } },
    });
    const order = await readyOrder(contact.id);
    const reminders = (await messagesOf(contact.id)).filter((message) => message.purpose === 'pickup_reminder');
    const days = reminders.map((message) => Math.round((Date.parse(message.send_after) - Date.now()) / 86_400_000));
    expect(days.sort((a, b) => a - b)).toEqual([7, 30, 60]);
    expect(reminders[0]?.body).toMatch(/^Hi Ana Cruz! Order JO-/);
    await admin.patch(`/api/job-orders/${order.id}/status`, { status: 'in_lab' });
    expect(await messagesOf(contact.id)).toEqual([]);
  });

  it('texts a recall only to the chosen patients who agreed to reminders', async () => {
    const agreed = await customer({ mobile: '0917 555 0106', consents: { reminders: { given: true, how: 'paper' } } });
    const notAgreed = await customer({ mobile: '0917 555 0107' });
    const answer = expectContract(
      await admin.post('/api/messages/recalls', { contact_ids: [agreed.id, notAgreed.id] }),
      200,
      QueueRecallMessagesResponse,
    );
    expect(answer).toEqual({
      queued: 1,
      skipped: [{ contact_id: notAgreed.id, name: 'Ana Cruz', reason: 'The customer has not agreed to reminders.' }],
    });
    expect(await messagesOf(notAgreed.id)).toEqual([]);
    expect(await sendDueTexts(api.db, gateway, new Date(Date.now() + 1000))).toBe(1);
    expect(semaphore.received.map((form) => form.number)).toEqual(['639175550106']);
    const foreign = await admin.post('/api/messages/recalls', { contact_ids: [999_999] });
    expect(Object.keys((foreign.json as { errors: object }).errors)).toEqual(['contact_ids']);
  });
});

describe('the gateway', () => {
  it('says whether it is configured', async () => {
    expect(expectContract(await admin.get('/api/messages/gateway'), 200, GetMessageGatewayResponse)).toEqual({
      configured: true,
      sender_name: 'CLEARSIGHT',
    });
    const bare = await createTestApi();
    try {
      const business = await bare.createBusiness('Bare Optical');
      await bare.createUser({ email: 'o@bare.test', permissions: ['view-messages'], businessIds: [business] });
      const owner = await bare.signIn('o@bare.test');
      owner.businessId = business;
      expect((await owner.get('/api/messages/gateway')).json).toEqual({ configured: false, sender_name: null });
    } finally {
      await bare.close();
    }
  });

  it('retries a refused text with a growing wait and gives up after 5 attempts', async () => {
    const contact = await customer({ mobile: '0917 555 0108' });
    await readyOrder(contact.id);
    semaphore.answering = 'error';
    let at = minutesFromNow(11);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await sendDueTexts(api.db, gateway, at)).toBe(1);
      const [message] = await messagesOf(contact.id);
      expect(message).toMatchObject({ attempts: attempt, status: attempt < maxAttempts ? 'queued' : 'failed' });
      expect(message?.last_error).toMatch(/answered 500/);
      if (attempt < maxAttempts) {
        // Not before its wait is over.
        expect(await sendDueTexts(api.db, gateway, at)).toBe(0);
        at = new Date(Date.parse(message?.send_after ?? ''));
      }
    }
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(24 * 60))).toBe(0);
    expect(semaphore.received).toHaveLength(maxAttempts);
  });

  it('counts a text the gateway marks failed, and one it cannot reach, as attempts to retry', async () => {
    const contact = await customer({ mobile: '0917 555 0109' });
    await readyOrder(contact.id);
    semaphore.answering = 'failed';
    await sendDueTexts(api.db, gateway, minutesFromNow(11));
    let [message] = await messagesOf(contact.id);
    expect(message).toMatchObject({ status: 'queued', attempts: 1 });
    expect(message?.last_error).toMatch(/marked message \d+ failed/);
    await sendDueTexts(api.db, downGateway, minutesFromNow(60));
    [message] = await messagesOf(contact.id);
    expect(message).toMatchObject({ status: 'queued', attempts: 2 });
    expect(message?.last_error).toMatch(/could not be reached/);
    semaphore.answering = 'queued';
    await sendDueTexts(api.db, gateway, minutesFromNow(120));
    [message] = await messagesOf(contact.id);
    expect(message).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    // Later the gateway says what became of it.
    expect(await followSentTexts(api.db, gateway, minutesFromNow(121))).toBe(0);
    semaphore.fates.set(message?.gateway_message_id ?? '', 'Sent');
    // Asked at most once a minute.
    expect(await followSentTexts(api.db, gateway, minutesFromNow(121.5))).toBe(0);
    expect(await followSentTexts(api.db, gateway, minutesFromNow(123))).toBe(1);
    [message] = await messagesOf(contact.id);
    expect(message).toMatchObject({ status: 'delivered' });
  });

  it('never posts again a text whose post went unanswered, as it may have been sent', async () => {
    const contact = await customer({ mobile: '0917 555 0110' });
    await readyOrder(contact.id);
    semaphore.answering = 'slow';
    await sendDueTexts(api.db, gateway, minutesFromNow(11));
    const [message] = await messagesOf(contact.id);
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message?.last_error).toMatch(/did not answer/);
    semaphore.answering = 'sent';
    expect(await sendDueTexts(api.db, gateway, minutesFromNow(24 * 60))).toBe(0);
    expect(semaphore.received).toHaveLength(1);
  });

  it('posts a text once when two workers look at the same time', async () => {
    const contacts = [await customer({ mobile: '0917 555 0111' }), await customer({ mobile: '0917 555 0112' })];
    for (const contact of contacts) await readyOrder(contact.id);
    const other = api.connectAgain();
    const at = minutesFromNow(11);
    const posted = await Promise.all([sendDueTexts(api.db, gateway, at), sendDueTexts(other, gateway, at)]);
    expect(posted[0] + posted[1]).toBe(2);
    expect(semaphore.received.map((form) => form.number).sort()).toEqual(['639175550111', '639175550112']);
  });
});
