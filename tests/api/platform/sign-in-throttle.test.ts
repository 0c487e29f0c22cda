import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readConfig } from '../../../server/config.ts';
import { createTestApi, expectContract, type TestApi, type TestClient, testPassword } from '../../support/test-api.ts';

// The sign-in throttle behind a proxy (TRUST_PROXY=1), with the real caps: 5 per email and address a minute, 20 per
// email from any address and 30 per address across emails, each per 15 minutes.

const MessageOnly = z.strictObject({ message: z.string() });
const proxySaw = '198.51.100.7';

let api: TestApi;
let clock = new Date('2026-11-21T08:00:00.000Z');
let business: number;

beforeAll(async () => {
  api = await createTestApi({ now: () => clock, trustProxy: 1 });
  business = await api.createBusiness('Clear Sight Optical');
});

afterAll(() => api.close());

let nextAddress = 0;
// A new address each time, as a script rotating X-Forwarded-For would send it.
function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 8) & 255}.${nextAddress & 255}.${(nextAddress * 7) & 255}`;
}

function signIn(client: TestClient, email: string, password: string, forwardedFor: string) {
  return client.post('/login', { email, password }, { headers: { 'x-forwarded-for': forwardedFor } });
}

describe('failed sign-ins behind one trusted proxy', () => {
  it('counts a spoofed X-Forwarded-For chain against the address the proxy saw', async () => {
    await api.createUser({ email: 'spoofed@example.test', permissions: [], businessIds: [business] });
    const client = await api.anonymous();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      // The client writes any address it likes; the proxy appends the one it saw.
      const answer = await signIn(client, 'spoofed@example.test', `guess ${attempt}`, `${freshAddress()}, ${proxySaw}`);
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    // The session of a later sign-in from elsewhere records the address the proxy saw, not the client's claim.
    await api.createUser({ email: 'recorded@example.test', permissions: [], businessIds: [business] });
    const other = await api.anonymous();
    const signedIn = await signIn(other, 'recorded@example.test', testPassword, '203.0.113.250, 192.0.2.44');
    expect(signedIn.status).toBe(200);
    const session = await api.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.ip_address')
      .where('users.email', '=', 'recorded@example.test')
      .executeTakeFirstOrThrow();
    expect(session.ip_address).toBe('192.0.2.44');
  });

  it('stops 20 wrong passwords for one email from as many addresses, for 15 minutes', async () => {
    await api.createUser({ email: 'wanted@example.test', permissions: [], businessIds: [business] });
    const client = await api.anonymous();
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await signIn(client, 'wanted@example.test', `guess ${attempt}`, freshAddress());
      expect(answer.status).toBe(422);
    }
    // Even the right password waits: the account is under attack from everywhere at once.
    const blocked = await signIn(client, 'wanted@example.test', testPassword, freshAddress());
    expect(expectContract(blocked, 429, MessageOnly).message).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    );
    expect(blocked.headers['retry-after']).toBe('900');

    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await signIn(client, 'wanted@example.test', testPassword, freshAddress())).status).toBe(200);
  });

  it('stops one password tried across many emails from one address after 30', async () => {
    const address = '203.0.113.66';
    const client = await api.anonymous();
    for (let n = 0; n < 30; n++) {
      const answer = await signIn(client, `staff${n}@example.test`, 'Summer2026!', `${freshAddress()}, ${address}`);
      expect(answer.status).toBe(422);
    }
    await api.createUser({ email: 'staff30@example.test', permissions: [], businessIds: [business] });
    const blocked = await signIn(client, 'staff30@example.test', testPassword, address);
    expectContract(blocked, 429, MessageOnly);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // The same account from another address is not held up by this one's guesses.
    expect((await signIn(client, 'staff30@example.test', testPassword, freshAddress())).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses to trust every sender', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ]);
    for (const everyone of ['true', '*', '0.0.0.0/33', 'proxy.local']) {
      expect(() => readConfig({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY takes a number of proxy hops/);
    }
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    // The test requests come from 127.0.0.1: listed, it is the proxy; not listed, it is the client.
    for (const [trustProxy, expected] of [
      [['127.0.0.1'], '192.0.2.10'],
      [['10.9.9.9'], '127.0.0.1'],
    ] as const) {
      const listed = await createTestApi({ trustProxy });
      try {
        const businessId = await listed.createBusiness('Listed Optical');
        await listed.createUser({ email: 'listed@example.test', permissions: [], businessIds: [businessId] });
        const client = await listed.anonymous();
        const answer = await signIn(client, 'listed@example.test', testPassword, '203.0.113.1, 192.0.2.10');
        expect(answer.status).toBe(200);
        const session = await listed.db.selectFrom('sessions').select('ip_address').executeTakeFirstOrThrow();
        expect(session.ip_address, trustProxy.join()).toBe(expected);
      } finally {
        await listed.close();
      }
    }
  });
});
