import { afterAll, beforeAll, expect, it } from 'vitest';
import { CreateContactResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/management.md, Contacts: a second patient of the same name and phone is most likely the first typed
// again, so the counter is told before it saves one, and may still save it when it is another person.
let api: TestApi;
let clerk: TestClient;
let fixture: LedgerFixture;
let customerType: number;

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
  customerType = (maria.json as { contact_type_id: number }).contact_type_id;
  const teodora = await clerk.post('/api/contacts', {
    contact_type_id: customerType,
    name: 'Teodora Lim',
    phone: '+63 917 555 0101',
  });
  expect(teodora.status).toBe(201);
});

afterAll(() => api.close());

it('refuses a second Teodora Lim with the same phone, in a sentence, and saves nothing', async () => {
  const again = await clerk.post('/api/contacts', {
    contact_type_id: customerType,
    name: ' teodora lim ',
    phone: '0917-555-0101',
  });
  expect(again.status).toBe(409);
  expect(again.json).toEqual({
    message: 'Teodora Lim with the same phone number is already a contact. If this is another person, save anyway.',
  });
  const found = await clerk.get('/api/contacts/search?q=Teodora');
  expect((found.json as unknown[]).length).toBe(1);
});

it('finds the same person by a mobile number too', async () => {
  const again = await clerk.post('/api/contacts', {
    contact_type_id: customerType,
    name: 'Teodora Lim',
    mobile: '09175550101',
  });
  expect(again.status).toBe(409);
});

it('saves the second one when told it is another person', async () => {
  const another = await clerk.post('/api/contacts', {
    contact_type_id: customerType,
    name: 'Teodora Lim',
    phone: '0917 555 0101',
    allow_duplicate: true,
  });
  const saved = expectContract(another, 201, CreateContactResponse);
  expect(saved.name).toBe('Teodora Lim');
  expect(saved).not.toHaveProperty('allow_duplicate');
});

it('takes a namesake with another phone, or with no phone, without a word', async () => {
  for (const phone of ['0918 222 3333', null]) {
    const namesake = await clerk.post('/api/contacts', { contact_type_id: customerType, name: 'Teodora Lim', phone });
    expect(namesake.status).toBe(201);
  }
});

it('reports a likely second record on its row of an import, which then saves nothing', async () => {
  const file = Buffer.from(
    'contact_type,name,phone\r\nCustomer,Ramon Garcia,0918 000 1111\r\nCustomer,Teodora Lim,+639175550101\r\n',
  );
  const answer = await clerk.request('POST', '/api/contacts/import', file, { headers: { 'content-type': 'text/csv' } });
  expect(answer.status).toBe(422);
  expect(JSON.stringify(answer.json)).toContain('Teodora Lim with the same phone number is already a contact.');
  const found = await clerk.get('/api/contacts/search?q=Ramon');
  expect(found.json).toEqual([]);
});
