import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';
import { createReferences, type References, resourceCases } from './resource-cases.ts';

const ValidationError = z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
const MessageOnly = z.strictObject({ message: z.string() });
const Created = z.object({ id: z.number() });

let api: TestApi;
let admin: TestClient;
let businessA: number;
let businessB: number;
const refs = new Map<number, References>();
let n = 1000;

beforeAll(async () => {
  api = await createTestApi();
  businessA = await api.createBusiness('Clear Sight Optical');
  businessB = await api.createBusiness('Other Optical Co.');
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [businessA, businessB],
  });
  admin = await api.signIn('owner@example.test');
  for (const business of [businessA, businessB]) {
    admin.businessId = business;
    refs.set(business, await createReferences(admin));
  }
  admin.businessId = businessA;
});

afterAll(() => api.close());

async function createIn(client: TestClient, business: number, c: (typeof resourceCases)[number]) {
  client.businessId = business;
  const body = await c.createBody(client, refs.get(business) as References, ++n);
  const answer = await client.post(`/api/${c.prefix}`, body);
  const record = expectContract(answer, 201, c.schemas.create);
  return { body, id: Created.parse(record).id };
}

describe.each(resourceCases)('$prefix', (c) => {
  const base = `/api/${c.prefix}`;

  it('goes through create, read, update, list, soft delete, restore and permanent delete', async () => {
    const { body, id } = await createIn(admin, businessA, c);
    const read = expectContract(await admin.get(`${base}/${id}`), 200, c.schemas.get) as Record<string, unknown>;
    expect(read.deleted_at).toBeNull();

    const updated = expectContract(await admin.patch(`${base}/${id}`, c.updateBody(++n)), 200, c.schemas.update);
    expect(c.updated(updated as Record<string, unknown>)).toBe(true);

    const listed = expectContract(await admin.get(base), 200, c.schemas.list) as { data: { id: number }[] };
    expect(listed.data.map((record) => record.id)).toContain(id);
    const found = expectContract(
      await admin.get(`${base}/search?q=${encodeURIComponent(c.searchText(body))}`),
      200,
      c.schemas.search,
    ) as { id: number }[];
    expect(found.map((record) => record.id)).toContain(id);

    expect((await admin.delete(`${base}/${id}/force-delete`)).status).toBe(409);
    const removed = expectContract(await admin.delete(`${base}/${id}`), 200, c.schemas.remove) as {
      deleted_at: string;
    };
    expect(removed.deleted_at).not.toBeNull();
    expectContract(await admin.delete(`${base}/${id}`), 409, MessageOnly);

    const ids = async (query: string) =>
      (expectContract(await admin.get(`${base}${query}`), 200, c.schemas.list) as { data: { id: number }[] }).data.map(
        (record) => record.id,
      );
    expect(await ids('')).not.toContain(id);
    expect(await ids('?with_trashed=1')).toContain(id);
    expect(await ids('?only_trashed=1')).toContain(id);
    const total = async (query: string) =>
      (expectContract(await admin.get(`${base}${query}`), 200, c.schemas.list) as { meta: { total: number } }).meta
        .total;
    expect(await total('?with_trashed=1')).toBe((await total('')) + (await total('?only_trashed=1')));
    const searchAfterDelete = expectContract(
      await admin.get(`${base}/search?q=${encodeURIComponent(c.searchText(body))}`),
      200,
      c.schemas.search,
    ) as { id: number }[];
    expect(searchAfterDelete.map((record) => record.id)).not.toContain(id);

    const restored = expectContract(await admin.patch(`${base}/${id}/restore`), 200, c.schemas.restore) as {
      deleted_at: string | null;
    };
    expect(restored.deleted_at).toBeNull();
    expectContract(await admin.patch(`${base}/${id}/restore`), 409, MessageOnly);

    await admin.delete(`${base}/${id}`);
    const gone = await admin.delete(`${base}/${id}/force-delete`);
    expect(gone.status).toBe(204);
    expectContract(await admin.get(`${base}/${id}`), 404, MessageOnly);
  });

  it('answers 422 naming the fields for a bad body and for bad list parameters', async () => {
    admin.businessId = businessA;
    const bad = expectContract(await admin.post(base, { unexpected: 'field' }), 422, ValidationError);
    expect(Object.keys(bad.errors)).toContain('unexpected');
    expect(Object.keys(bad.errors).length).toBeGreaterThan(1);
    const perPage = expectContract(await admin.get(`${base}?per_page=7`), 422, ValidationError);
    expect(Object.keys(perPage.errors)).toEqual(['per_page']);
    const unknown = expectContract(await admin.get(`${base}?colour=red`), 422, ValidationError);
    expect(Object.keys(unknown.errors)).toEqual(['colour']);
    const { id } = await createIn(admin, businessA, c);
    expectContract(await admin.patch(`${base}/${id}`, { id: 5 }), 422, ValidationError);
  });

  if (c.scope === 'business') {
    it("answers 404 for another business's record on every action", async () => {
      const { id } = await createIn(admin, businessB, c);
      admin.businessId = businessA;
      expectContract(await admin.get(`${base}/${id}`), 404, MessageOnly);
      expectContract(await admin.patch(`${base}/${id}`, c.updateBody(++n)), 404, MessageOnly);
      expectContract(await admin.delete(`${base}/${id}`), 404, MessageOnly);
      expectContract(await admin.patch(`${base}/${id}/restore`), 404, MessageOnly);
      expectContract(await admin.delete(`${base}/${id}/force-delete`), 404, MessageOnly);
      const listed = expectContract(await admin.get(`${base}?with_trashed=1&per_page=100`), 200, c.schemas.list) as {
        data: { id: number; business_id: number }[];
      };
      expect(listed.data.every((record) => record.business_id === businessA)).toBe(true);
      admin.businessId = businessB;
      expectContract(await admin.get(`${base}/${id}`), 200, c.schemas.get);
      admin.businessId = businessA;
    });

    it('refuses a business the user is not a member of, and a missing business-id', async () => {
      const email = `member-${c.prefix}@example.test`;
      await api.createUser({ email, permissions: [`view-${c.prefix}`], businessIds: [businessA] });
      const member = await api.signIn(email);
      member.businessId = businessB;
      expectContract(await member.get(base), 403, MessageOnly);
      member.businessId = null;
      expectContract(await member.get(base), 403, MessageOnly);
      member.businessId = businessA;
      expectContract(await member.get(base), 200, c.schemas.list);
    });
  }

  it('needs the permission of each action', async () => {
    const actions = ['view', 'create', 'update', 'delete', 'restore', 'force-delete'] as const;
    const active = await createIn(admin, businessA, c);
    const trashed = await createIn(admin, businessA, c);
    await admin.delete(`${base}/${trashed.id}`);
    const call = async (client: TestClient, action: (typeof actions)[number]) => {
      client.businessId = businessA;
      if (c.prefix === 'businesses') {
        for (const target of [active.id, trashed.id]) {
          const user = await api.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', client.cookies.get('who') ?? '')
            .executeTakeFirst();
          if (user) {
            await api.db
              .deleteFrom('business_user')
              .where('business_id', '=', target)
              .where('user_id', '=', user.id)
              .execute();
            await api.db.insertInto('business_user').values({ business_id: target, user_id: user.id }).execute();
          }
        }
      }
      switch (action) {
        case 'view':
          return client.get(`${base}/${active.id}`);
        case 'create':
          return client.post(base, await c.createBody(admin, refs.get(businessA) as References, ++n));
        case 'update':
          return client.patch(`${base}/${active.id}`, c.updateBody(++n));
        case 'delete':
          return client
            .patch(`${base}/${active.id}`, c.updateBody(++n))
            .then(() => client.delete(`${base}/${active.id}`));
        case 'restore':
          return client.patch(`${base}/${trashed.id}/restore`);
        case 'force-delete':
          return client.delete(`${base}/${trashed.id}/force-delete`);
      }
    };
    for (const action of actions) {
      const lacking = `lacks-${action}-${c.prefix}@example.test`;
      await api.createUser({
        email: lacking,
        permissions: actions.filter((other) => other !== action).map((other) => `${other}-${c.prefix}`),
        businessIds: [businessA],
      });
      const lacker = await api.signIn(lacking);
      lacker.cookies.set('who', lacking);
      expectContract(await call(lacker, action), 403, MessageOnly);

      const holding = `holds-${action}-${c.prefix}@example.test`;
      await api.createUser({ email: holding, permissions: [`${action}-${c.prefix}`], businessIds: [businessA] });
      const holder = await api.signIn(holding);
      holder.cookies.set('who', holding);
      const answer = await call(holder, action);
      expect({ action, status: answer.status }).toMatchObject({ action, status: expect.toBeOneOf([200, 201, 204]) });
      if (action === 'delete') await admin.patch(`${base}/${active.id}/restore`);
      if (action === 'restore') await admin.delete(`${base}/${trashed.id}`);
      if (action === 'force-delete') {
        trashed.id = (await createIn(admin, businessA, c)).id;
        await admin.delete(`${base}/${trashed.id}`);
      }
    }
  });
});
