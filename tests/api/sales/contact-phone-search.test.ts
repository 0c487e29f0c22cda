import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/management.md, Contacts: a number is found as it is dialled, however it was written on the contact.
let api: TestApi;
let clerk: TestClient;
let fixture: LedgerFixture;

type Named = { name: string };

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'clerk@example.test',
    permissions: ['view-contacts', 'create-contacts'],
    businessIds: [fixture.businessId],
  });
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
  const maria = await clerk.get(`/api/contacts/${fixture.customerId}`);
  const customerType = (maria.json as { contact_type_id: number }).contact_type_id;
  for (const [name, phone] of [
    ['Teodora Lim', '+63 917 555 0101'],
    ['Ramon Garcia', '(02) 8123-4567'],
  ] as const) {
    expect((await clerk.post('/api/contacts', { contact_type_id: customerType, name, phone })).status).toBe(201);
  }
});

afterAll(() => api.close());

const listed = async (text: string) =>
  ((await clerk.get(`/api/contacts?search=${encodeURIComponent(text)}`)).json as { data: Named[] }).data.map(
    (contact) => contact.name,
  );
const searched = async (text: string) =>
  ((await clerk.get(`/api/contacts/search?q=${encodeURIComponent(text)}`)).json as Named[]).map(
    (contact) => contact.name,
  );

it('finds +63 917 555 0101 by the number as dialled at home, abroad or in parts, in the list and the picker', async () => {
  for (const text of ['09175550101', '0917-555-0101', '+639175550101', '917 555 0101', '+63 917 555 0101']) {
    expect(await listed(text), text).toEqual(['Teodora Lim']);
    expect(await searched(text), text).toEqual(['Teodora Lim']);
  }
  expect(await listed('0281234567')).toEqual(['Ramon Garcia']);
});

it('keeps a short number or a number with words a plain text search', async () => {
  expect(await listed('0101')).toEqual(['Teodora Lim']);
  expect(await listed('09175550102')).toEqual([]);
  expect(await listed('Teodora 0917')).toEqual([]);
});
