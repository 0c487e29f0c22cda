import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestApi, type TestApi, TestClient, testPassword, testPasswordCost } from '../../support/test-api.ts';

// Each request resolves its session, user, permissions and memberships afresh (one query), so a change made
// through any server process holds from the next request on, in every process. Two apps on one database stand
// for two processes behind the README's proxy: the change is made through one, or straight in the database, and
// the other must see it at once.

let api: TestApi;
let other: TestApi['app'];
let business: number;
let email: string;
let userId: number;
let serial = 0;

beforeAll(async () => {
  api = await createTestApi();
  other = await buildApp({ db: api.db, passwordCost: testPasswordCost });
  business = await api.createBusiness('Clear Sight Optical');
});

afterAll(async () => {
  await other.close();
  await api.close();
});

beforeEach(async () => {
  serial += 1;
  email = `optician${serial}@example.test`;
  userId = await api.createUser({ email, permissions: ['view-brands'], businessIds: [business] });
});

// The same browser session, sent to the other process.
function throughOther(client: TestClient): TestClient {
  const copy = new TestClient(other);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  copy.businessId = client.businessId;
  return copy;
}

async function signedIn(): Promise<{ here: TestClient; there: TestClient }> {
  const here = await api.signIn(email);
  here.businessId = business;
  const there = throughOther(here);
  expect((await here.get('/api/brands')).status).toBe(200);
  expect((await there.get('/api/brands')).status).toBe(200);
  return { here, there };
}

function roleOfUser() {
  return api.db.selectFrom('role_user').select('role_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('the identity of each request, across processes', () => {
  it('ends a session everywhere at logout', async () => {
    const { here, there } = await signedIn();
    expect((await there.post('/logout')).status).toBe(204);
    expect((await here.get('/api/brands')).status).toBe(401);
    expect((await there.get('/api/brands')).status).toBe(401);
  });

  it('ends the other sessions everywhere at a password change', async () => {
    const { here, there } = await signedIn();
    const changer = throughOther(await api.signIn(email));
    const changed = await changer.post('/api/auth/password', {
      current_password: testPassword,
      password: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/brands')).status).toBe(401);
    expect((await there.get('/api/brands')).status).toBe(401);
    expect((await changer.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses at once a permission taken from the role, and allows one given to it', async () => {
    const { here, there } = await signedIn();
    const { role_id } = await roleOfUser();
    await api.db.deleteFrom('role_permission').where('role_id', '=', role_id).execute();
    expect((await here.get('/api/brands')).status).toBe(403);
    expect((await there.get('/api/brands')).status).toBe(403);
    const permission = await api.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'view-brands')
      .executeTakeFirstOrThrow();
    await api.db.insertInto('role_permission').values({ role_id, permission_id: permission.id }).execute();
    expect((await there.get('/api/brands')).status).toBe(200);
  });

  it('refuses at once when the role is taken from the user or deleted', async () => {
    const { here, there } = await signedIn();
    const { role_id } = await roleOfUser();
    await api.db.updateTable('roles').set({ deleted_at: new Date().toISOString() }).where('id', '=', role_id).execute();
    expect((await here.get('/api/brands')).status).toBe(403);
    await api.db.updateTable('roles').set({ deleted_at: null }).where('id', '=', role_id).execute();
    expect((await there.get('/api/brands')).status).toBe(200);
    await api.db.deleteFrom('role_user').where('user_id', '=', userId).execute();
    expect((await there.get('/api/brands')).status).toBe(403);
  });

  it('refuses at once a business the user left, or that was deleted', async () => {
    const { here, there } = await signedIn();
    await api.db.deleteFrom('business_user').where('user_id', '=', userId).execute();
    expect((await here.get('/api/brands')).json).toEqual({ message: 'You do not belong to this business.' });
    await api.db.insertInto('business_user').values({ business_id: business, user_id: userId }).execute();
    expect((await there.get('/api/brands')).status).toBe(200);
    await api.db
      .updateTable('businesses')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', business)
      .execute();
    expect((await there.get('/api/brands')).status).toBe(403);
    await api.db.updateTable('businesses').set({ deleted_at: null }).where('id', '=', business).execute();
    expect((await here.get('/api/brands')).status).toBe(200);
  });

  it('signs out at once a user who was deleted', async () => {
    const { here, there } = await signedIn();
    await api.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', userId).execute();
    expect((await here.get('/api/brands')).status).toBe(401);
    expect((await there.get('/api/auth/user')).status).toBe(401);
  });
});
