import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChangeOwnPasswordResponse, GetAuthUserResponse, LoginResponse } from '../../../generated/zod/auth/auth.zod.ts';
import { ResetUserPasswordResponse } from '../../../generated/zod/users/users.zod.ts';
import { defaultThrottlePolicy } from '../../../server/auth/throttle.ts';
import { createTestApi, expectContract, type TestApi, TestClient, testPassword } from '../../support/test-api.ts';

const MessageOnly = z.strictObject({ message: z.string() });
const ValidationError = z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

let api: TestApi;
let clock = new Date('2026-11-21T08:00:00.000Z');
let business: number;

beforeAll(async () => {
  api = await createTestApi({
    now: () => clock,
    loginThrottle: { ...defaultThrottlePolicy, emailAndAddress: { maxAttempts: 3, windowSeconds: 60 } },
  });
  api.app.get('/api/test-failure', { config: { access: { kind: 'public' } } }, () => {
    throw new Error('connection string postgres://secret@db');
  });
  business = await api.createBusiness('Clear Sight Optical');
  await api.createUser({ email: 'optician@example.test', permissions: ['view-brands'], businessIds: [business] });
});

afterAll(() => api.close());

describe('sign-in and sessions', () => {
  it('signs in with an httpOnly SameSite=Lax session cookie and answers the user', async () => {
    const client = await api.anonymous();
    const answer = await client.post('/login', { email: 'Optician@Example.test', password: testPassword });
    const body = expectContract(answer, 200, LoginResponse);
    expect(body.user.permission_names).toEqual(['view-brands']);
    const cookie = answer.raw.cookies.find((c) => c.name === 'spectacle_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const client = await api.signIn('optician@example.test');
    const first = client.cookies.get('spectacle_session');
    await client.post('/login', { email: 'optician@example.test', password: testPassword });
    const second = client.cookies.get('spectacle_session');
    expect(second).not.toBe(first);
    const stale = new TestClient(api.app);
    stale.cookies.set('spectacle_session', first ?? '');
    expectContract(await stale.get('/api/auth/user'), 401, MessageOnly);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const client = await api.anonymous();
    const unknown = await client.post('/login', { email: 'nobody@example.test', password: testPassword });
    const wrong = await client.post('/login', { email: 'optician@example.test', password: 'not the password' });
    const body = expectContract(unknown, 422, ValidationError);
    expect(body).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect(wrong.json).toEqual(body);
  });

  it('answers 401 without a session', async () => {
    const client = await api.anonymous();
    expect(expectContract(await client.get('/api/auth/user'), 401, MessageOnly)).toEqual({
      message: 'Unauthenticated.',
    });
    expectContract(await client.get('/api/brands'), 401, MessageOnly);
  });

  it('kills the session on the server at logout', async () => {
    const client = await api.signIn('optician@example.test');
    const sessionId = client.cookies.get('spectacle_session') ?? '';
    expect((await client.post('/logout')).status).toBe(204);
    const replay = new TestClient(api.app);
    replay.cookies.set('spectacle_session', sessionId);
    expectContract(await replay.get('/api/auth/user'), 401, MessageOnly);
  });

  it('ends a session left idle for longer than the timeout', async () => {
    const client = await api.signIn('optician@example.test');
    clock = new Date(clock.getTime() + 119 * 60_000);
    expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
    clock = new Date(clock.getTime() + 121 * 60_000);
    expectContract(await client.get('/api/auth/user'), 401, MessageOnly);
  });

  it('ends an idle session even when its identity was just answered from the process', async () => {
    const client = await api.signIn('optician@example.test');
    expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
    expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
    clock = new Date(clock.getTime() + 121 * 60_000);
    expectContract(await client.get('/api/auth/user'), 401, MessageOnly);
  });

  it('throttles failed sign-ins per email and address with a 429, and lets other emails through', async () => {
    await api.createUser({ email: 'target@example.test', permissions: [], businessIds: [business] });
    const client = await api.anonymous();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await client.post('/login', { email: 'target@example.test', password: 'guess' })).status).toBe(422);
    }
    const blocked = expectContract(
      await client.post('/login', { email: 'target@example.test', password: testPassword }),
      429,
      MessageOnly,
    );
    expect(blocked.message).toMatch(/Too many login attempts/);
    expect((await client.post('/login', { email: 'optician@example.test', password: testPassword })).status).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    expect((await client.post('/login', { email: 'target@example.test', password: testPassword })).status).toBe(200);
  });
});

describe("changing one's own password", () => {
  const newPassword = 'a brand new passphrase';

  it('replaces a reset password, clears the flag and signs out only the other sessions', async () => {
    const userId = await api.createUser({ email: 'reset@example.test', permissions: [], businessIds: [business] });
    await api.createUser({ email: 'admin@example.test', permissions: ['update-users'], businessIds: [business] });
    const admin = await api.signIn('admin@example.test');
    const reset = expectContract(
      await admin.post('/api/users/reset-password', { id: userId }),
      200,
      ResetUserPasswordResponse,
    );
    const here = await api.signIn('reset@example.test', reset.temporary_password);
    const elsewhere = await api.signIn('reset@example.test', reset.temporary_password);
    const before = expectContract(await here.get('/api/auth/user'), 200, GetAuthUserResponse);
    expect(before.user.must_change_password).toBe(true);

    const changed = expectContract(
      await here.post('/api/auth/password', { current_password: reset.temporary_password, password: newPassword }),
      200,
      ChangeOwnPasswordResponse,
    );
    expect(changed.user).toMatchObject({ id: userId, must_change_password: false });
    const after = expectContract(await here.get('/api/auth/user'), 200, GetAuthUserResponse);
    expect(after.user.must_change_password).toBe(false);
    expectContract(await elsewhere.get('/api/auth/user'), 401, MessageOnly);

    const client = await api.anonymous();
    const old = { email: 'reset@example.test', password: reset.temporary_password };
    expectContract(await client.post('/login', old), 422, ValidationError);
    const fresh = await client.post('/login', { email: 'reset@example.test', password: newPassword });
    expect(expectContract(fresh, 200, LoginResponse).user.must_change_password).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const client = await api.anonymous();
    const answer = await client.post('/api/auth/password', { current_password: testPassword, password: newPassword });
    expectContract(answer, 401, MessageOnly);
  });

  it('names the field at fault and keeps the old password', async () => {
    await api.createUser({ email: 'careful@example.test', permissions: [], businessIds: [business] });
    const client = await api.signIn('careful@example.test');
    const wrong = await client.post('/api/auth/password', { current_password: 'not it', password: newPassword });
    expect(expectContract(wrong, 422, ValidationError).errors).toEqual({
      current_password: ['The current password is incorrect.'],
    });
    const short = await client.post('/api/auth/password', { current_password: testPassword, password: 'short' });
    expect(Object.keys(expectContract(short, 422, ValidationError).errors)).toEqual(['password']);
    const same = await client.post('/api/auth/password', { current_password: testPassword, password: testPassword });
    expect(expectContract(same, 422, ValidationError).errors).toEqual({
      password: ['The new password must be different from the current password.'],
    });
    expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
    await api.signIn('careful@example.test', testPassword);
  });

  it('counts wrong current passwords toward the sign-in throttle of that email and address', async () => {
    await api.createUser({ email: 'guessed@example.test', permissions: [], businessIds: [business] });
    const client = await api.signIn('guessed@example.test');
    for (let attempt = 0; attempt < 3; attempt++) {
      const guess = await client.post('/api/auth/password', { current_password: 'guess', password: newPassword });
      expect(guess.status).toBe(422);
    }
    const blocked = await client.post('/api/auth/password', { current_password: testPassword, password: newPassword });
    expect(expectContract(blocked, 429, MessageOnly).message).toMatch(/Too many login attempts/);
    const signIn = await (await api.anonymous()).post('/login', {
      email: 'guessed@example.test',
      password: testPassword,
    });
    expectContract(signIn, 429, MessageOnly);
    clock = new Date(clock.getTime() + 61_000);
    const allowed = await client.post('/api/auth/password', { current_password: testPassword, password: newPassword });
    expectContract(allowed, 200, ChangeOwnPasswordResponse);
  });
});

describe('CSRF', () => {
  it('refuses state-changing requests without a matching X-XSRF-TOKEN, sign-in included', async () => {
    const client = await api.anonymous();
    const noToken = await client.post(
      '/login',
      { email: 'optician@example.test', password: testPassword },
      { csrf: false },
    );
    expect(expectContract(noToken, 403, MessageOnly)).toEqual({ message: 'CSRF token mismatch.' });
    const wrongToken = await client.post(
      '/login',
      { email: 'optician@example.test', password: testPassword },
      { headers: { 'x-xsrf-token': 'forged' } },
    );
    expectContract(wrongToken, 403, MessageOnly);
    const signedIn = await api.signIn('optician@example.test');
    signedIn.businessId = business;
    expectContract(await signedIn.post('/api/brands', { name: 'Zeiss' }, { csrf: false }), 403, MessageOnly);
  });

  it('needs X-Requested-With and refuses a foreign Origin', async () => {
    const client = await api.anonymous();
    const credentials = { email: 'optician@example.test', password: testPassword };
    expectContract(
      await client.post('/login', credentials, { headers: { 'x-requested-with': 'fetch' } }),
      403,
      MessageOnly,
    );
    const foreign = await client.post('/login', credentials, { headers: { origin: 'https://evil.example' } });
    expect(expectContract(foreign, 403, MessageOnly).message).toBe('Cross-origin request refused.');
    expect((await client.post('/login', credentials, { headers: { origin: 'http://localhost:80' } })).status).toBe(200);
  });

  it('sets a script-readable XSRF-TOKEN cookie at /api/csrf-cookie', async () => {
    const answer = await new TestClient(api.app).get('/api/csrf-cookie');
    expect(answer.status).toBe(204);
    const cookie = answer.raw.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThan(20);
  });
});

describe('error shapes', () => {
  it('answers a 500 without details', async () => {
    const answer = await new TestClient(api.app).get('/api/test-failure');
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ message: 'Server Error' });
  });

  it('answers malformed JSON with a 422, and an unknown route with a 404', async () => {
    const client = await api.signIn('optician@example.test');
    client.businessId = business;
    const raw = await api.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
        cookie: `XSRF-TOKEN=${client.cookies.get('XSRF-TOKEN')}`,
      },
      payload: '{"email": ',
    });
    expect(raw.statusCode).toBe(422);
    expectContract({ status: 422, json: raw.json(), headers: raw.headers, raw }, 422, ValidationError);
    expectContract(await client.get('/api/no-such-thing'), 404, MessageOnly);
  });
});
