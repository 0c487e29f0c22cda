import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type AppOptions, buildApp } from '../../server/app.ts';
import { permissions } from '../../server/areas/index.ts';
import { hashPassword, type ScryptCost } from '../../server/auth/password.ts';
import { seedPermissions } from '../../server/auth/seed-permissions.ts';
import type { Database } from '../../server/db/database.ts';
import { contractViolation } from './contract-validator.ts';
import { createTestDatabase } from './test-database.ts';

// Cheap enough for a test suite; production never sees it (the app's default is OWASP's minimum).
export const testPasswordCost: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
export const testPassword = 'correct horse battery';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Answer = {
  status: number;
  json: unknown;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
};
export type RequestOptions = { headers?: Record<string, string>; csrf?: boolean };

// A browser-like caller: keeps cookies, sends X-Requested-With, the XSRF token and the selected business.
export class TestClient {
  readonly cookies = new Map<string, string>();
  businessId: number | null = null;

  constructor(readonly app: FastifyInstance) {}

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...options.headers };
    if (this.businessId !== null && headers['business-id'] === undefined)
      headers['business-id'] = String(this.businessId);
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && options.csrf !== false && xsrf && headers['x-xsrf-token'] === undefined) {
      headers['x-xsrf-token'] = xsrf;
    }
    if (this.cookies.size > 0 && headers.cookie === undefined) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const json = response.body.length > 0 && isJson ? (JSON.parse(response.body) as unknown) : undefined;
    // Every answer a test sees must hold under openapi.yaml itself, not only under the zod generated from it.
    const violation = contractViolation(
      method,
      url,
      response.statusCode,
      response.headers['content-type'],
      response.body,
    );
    if (violation !== null) throw new Error(`${violation}\n${response.body.slice(0, 2000)}`);
    return { status: response.statusCode, json, headers: response.headers, raw: response };
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body ?? {}, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }
}

// Asserts the status and that the body passes the contract's strict zod schema; answers the parsed body.
export function expectContract<S extends z.ZodType>(answer: Answer, status: number, schema: S): z.output<S> {
  expect({ status: answer.status, json: answer.json }).toMatchObject({ status });
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    throw new Error(`Body does not match the contract: ${parsed.error.message}\n${JSON.stringify(answer.json)}`);
  }
  return parsed.data;
}

export type TestApi = {
  app: FastifyInstance;
  db: Kysely<Database>;
  // Another connection to the same database, as another server process would hold (closed with the rest).
  connectAgain: () => Kysely<Database>;
  close: () => Promise<void>;
  createBusiness: (name: string) => Promise<number>;
  createUser: (user: {
    email: string;
    permissions: readonly string[];
    businessIds: readonly number[];
  }) => Promise<number>;
  signIn: (email: string, password?: string) => Promise<TestClient>;
  anonymous: () => Promise<TestClient>;
};

export async function createTestApi(options: Partial<AppOptions> = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const { db } = database;
  const now = new Date().toISOString();
  await seedPermissions(db, now, permissions);
  const app = await buildApp({ db, passwordCost: testPasswordCost, ...options });
  const audit = { created_at: now, updated_at: now, created_by: null, updated_by: null };

  const anonymous = async () => {
    const client = new TestClient(app);
    await client.get('/api/csrf-cookie');
    return client;
  };

  return {
    app,
    db,
    connectAgain: database.connectAgain,
    close: async () => {
      await app.close();
      await database.destroy();
    },
    createBusiness: async (name) => {
      const row = await db
        .insertInto('businesses')
        .values({ name, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    createUser: async ({ email, permissions, businessIds }) => {
      const user = await db
        .insertInto('users')
        .values({
          name: email.split('@')[0] ?? email,
          email,
          password_hash: await hashPassword(testPassword, testPasswordCost),
          must_change_password: 0,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const businessId of businessIds) {
        await db.insertInto('business_user').values({ business_id: businessId, user_id: user.id }).execute();
      }
      if (permissions.length > 0) {
        const role = await db
          .insertInto('roles')
          .values({ name: `role of ${email}`, ...audit })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids = await db.selectFrom('permissions').select('id').where('name', 'in', permissions).execute();
        expect(ids).toHaveLength(permissions.length);
        await db
          .insertInto('role_permission')
          .values(ids.map(({ id }) => ({ role_id: role.id, permission_id: id })))
          .execute();
        await db.insertInto('role_user').values({ role_id: role.id, user_id: user.id }).execute();
      }
      return user.id;
    },
    signIn: async (email, password = testPassword) => {
      const client = await anonymous();
      const answer = await client.post('/login', { email, password });
      expect(answer.status).toBe(200);
      return client;
    },
    anonymous,
  };
}
