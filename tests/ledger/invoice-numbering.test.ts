import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { readDocumentNumberTotal, readReferenceNumberTotal } from '../../server/ledger/document-counter.ts';
import { createTestApi, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture, posting } from './ledger-fixture.ts';

// An invoice created through the API takes its numbers last, just before its commit (docs/DECISIONS.md, "Speed"):
// many at once at one branch must still get every number of the series once, with no gap left by the ones refused.

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

// Puts `quantity` of `itemId` on the shelf at `branchId`, to be sold.
const receive = (branchId: number, itemId: number, quantity: number) =>
  posting(api.db, fixture.businessId, (context) =>
    createReceiveOrder(context, {
      contact_id: fixture.supplierId,
      branch_id: branchId,
      received_date: today,
      lines: [{ item_id: itemId, quantity, unit_cost: 90 }],
    }),
  );

// A one-line invoice of a lens at the first branch, with four lenses received there to sell.
async function lensOnSale(notes: string) {
  const branchId = fixture.branchIds[0];
  const [, lens] = fixture.itemIds;
  await receive(branchId, lens, 4);
  const body = {
    contact_id: fixture.customerId,
    branch_id: branchId,
    invoice_date: today,
    notes,
    lines: [{ item_id: lens, quantity: 1, unit_price: 150 }],
  };
  return { branchId, lens, body };
}

describe('invoices created at once through the API', () => {
  it('number 1..n without a gap or a repeat, those refused for stock taking none', async () => {
    const units = 24;
    const branchId = fixture.branchIds[0];
    const [, lens] = fixture.itemIds;
    await receive(branchId, lens, units);
    const answers = await Promise.all(
      Array.from({ length: units + 6 }, () =>
        admin.post('/api/invoices', {
          contact_id: fixture.customerId,
          branch_id: branchId,
          invoice_date: today,
          lines: [{ item_id: lens, quantity: 1, unit_price: 150 }],
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(units);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(6);
    const answered = created.map((answer) => answer.json as { id: number; number: string; reference_number: string });
    const stored = await api.db
      .selectFrom('invoices')
      .select(['id', 'number', 'reference_number'])
      .where('business_id', '=', fixture.businessId)
      .execute();
    expect(stored).toHaveLength(units);
    // The answer and the stored invoice carry the same numbers, never the placeholder.
    expect(answered.map(({ id, number, reference_number }) => ({ id, number, reference_number }))).toEqual(
      expect.arrayContaining(stored),
    );
    const sequences = stored.map((row) => Number(row.number.slice(-8))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: units }, (_, index) => index + 1));
    const references = stored.map((row) => Number(row.reference_number.slice(-4))).sort((a, b) => a - b);
    expect(references).toEqual(Array.from({ length: units }, (_, index) => index + 1));
    const location = { branch_id: branchId, warehouse_id: null };
    expect(await readDocumentNumberTotal(api.db, fixture.businessId, 'invoice', location)).toBe(units);
    expect(await readReferenceNumberTotal(api.db, fixture.businessId, 'invoice', fixture.customerId)).toBe(units);
    // Each invoice's stock movement carries its number.
    const movements = await api.db
      .selectFrom('stock_movements')
      .innerJoin('invoices', 'invoices.id', 'stock_movements.document_id')
      .select(['stock_movements.document_number', 'invoices.number'])
      .where('stock_movements.business_id', '=', fixture.businessId)
      .where('stock_movements.document_type', '=', 'invoice')
      .execute();
    expect(movements).toHaveLength(units);
    for (const movement of movements) expect(movement.document_number).toBe(movement.number);
    // The history entry of each records the number it was given.
    const history = await api.db
      .selectFrom('record_history')
      .selectAll()
      .where('business_id', '=', fixture.businessId)
      .execute();
    expect(JSON.stringify(history)).not.toContain('pending ');
    // One created entry per invoice (on PostgreSQL written by the numbering statement itself), whose changes are
    // JSON naming the numbers the invoice was given.
    const entries = history.filter((entry) => entry.resource === 'invoices' && entry.action === 'created');
    expect(entries).toHaveLength(units);
    const numbersOf = new Map(stored.map((row) => [row.id, [row.number, row.reference_number]]));
    for (const entry of entries) {
      const changes = JSON.parse(entry.changes) as Record<string, [unknown, unknown]>;
      expect([changes.number?.[1], changes.reference_number?.[1]]).toEqual(numbersOf.get(entry.record_id));
      expect(changes.lines?.[1]).toHaveLength(1);
    }
  });

  it('answers a retried submit with the numbers its first answer took, as the counter form posts it', async () => {
    const { body } = await lensOnSale('sent twice');
    const submits = await Promise.all(
      ['key-a', 'key-a', 'key-a', 'key-b', 'key-b'].map((key) =>
        admin.post('/api/invoices', body, { headers: { 'idempotency-key': key } }),
      ),
    );
    expect(submits.map((answer) => answer.status)).toEqual(Array(5).fill(201));
    type Answer = { id: number; number: string; reference_number: string };
    const [first, ...rest] = submits.map((answer) => answer.json as Answer);
    const second = rest[rest.length - 1];
    // One invoice per key, each answered with its real numbers every time it was asked.
    expect(new Set(rest.slice(0, 2).map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(first)]));
    expect(second?.id).not.toBe(first?.id);
    const stored = await api.db
      .selectFrom('invoices')
      .select(['id', 'number', 'reference_number'])
      .where('business_id', '=', fixture.businessId)
      .where('notes', '=', 'sent twice')
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(2);
    expect(
      [first, second].map(
        (answer) => answer && { id: answer.id, number: answer.number, reference_number: answer.reference_number },
      ),
    ).toEqual(expect.arrayContaining(stored));
    const replayed = await admin.post('/api/invoices', body, { headers: { 'idempotency-key': 'key-a' } });
    expect(replayed.json).toEqual(first);
    const kept = await api.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('business_id', '=', fixture.businessId)
      .execute();
    expect(kept.map((row) => row.response_body).join('')).not.toContain('pending ');
  });

  it('creates nothing for a submit seen before, and anew once its key is older than a day', async () => {
    const { branchId, lens, body } = await lensOnSale('sent again later');
    const headers = { 'idempotency-key': 'key-c' };
    const stock = async () =>
      Number(
        (
          await api.db
            .selectFrom('stocks')
            .select('quantity_on_hand')
            .where('item_id', '=', lens)
            .where('branch_id', '=', branchId)
            .executeTakeFirstOrThrow()
        ).quantity_on_hand,
      );
    const first = await admin.post('/api/invoices', body, { headers });
    const onHand = await stock();
    const again = await admin.post('/api/invoices', body, { headers });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    // The replay's transaction began the invoice's reads and locks and kept nothing.
    expect(await stock()).toBe(onHand);
    const invoices = () =>
      api.db
        .selectFrom('invoices')
        .select('id')
        .where('business_id', '=', fixture.businessId)
        .where('notes', '=', 'sent again later')
        .execute();
    expect(await invoices()).toHaveLength(1);
    const refused = await admin.post('/api/invoices', { ...body, notes: 'another' }, { headers });
    expect(refused.status).toBe(422);
    await api.db
      .updateTable('idempotency_keys')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('idempotency_key', '=', 'key-c')
      .execute();
    const anew = await admin.post('/api/invoices', body, { headers });
    expect(anew.status).toBe(201);
    expect((anew.json as { id: number }).id).not.toBe((first.json as { id: number }).id);
    expect(await invoices()).toHaveLength(2);
    expect(await stock()).toBe(onHand - 1000);
  });
});
