import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAuthUserResponse } from '../../../generated/zod/auth/auth.zod.ts';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import type { Database } from '../../../server/db/database.ts';
import { dialectOf } from '../../../server/db/dialect.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import {
  bodyMutations,
  contractOperations,
  type Mutation,
  type Operation,
  queryMutations,
} from '../../support/contract-samples.ts';
import {
  createTestApi,
  expectContract,
  type TestApi,
  type TestClient,
  testPasswordCost,
} from '../../support/test-api.ts';

// Every operation of the contract gets malformed and mutated input (a deterministic sample, the same every run):
// the server must answer it without a 5xx, every 4xx in the shape `{message[, errors]}`, and a refused request
// must write nothing.

// Sessions are touched by reads, and a refused sign-in is meant to count as a failed one: neither is a write of
// the refused request's own.
const unwatchedTables = new Set(['sessions', 'login_failures']);
const fieldSamples = 12;
const querySamples = 8;

let api: TestApi;
let admin: TestClient;
let idOfTable = new Map<string, number>();
let writes: () => Promise<string>;
let last = '';

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date('2026-11-21T08:00:00Z') });
  admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
  const { businesses } = expectContract(
    await admin.get('/api/businesses/get-all-businesses'),
    200,
    GetAllBusinessesResponse,
  );
  admin.businessId = businesses[0]?.id ?? null;
  const { user } = expectContract(await admin.get('/api/auth/user'), 200, GetAuthUserResponse);
  idOfTable = await firstIds(api.db, admin.businessId ?? 0, user.id);
  writes = await writeCounter(api.db);
  last = await writes();
}, 120_000);

afterAll(() => api.close());

// The first record of each table in the business, never the signed-in user or their roles: mutated requests
// that happen to be valid must not lock the test out.
async function firstIds(db: Kysely<Database>, businessId: number, userId: number): Promise<Map<string, number>> {
  const ownRoles = await db.selectFrom('role_user').select('role_id').where('user_id', '=', userId).execute();
  const excluded: Record<string, number[]> = { users: [userId], roles: ownRoles.map((row) => row.role_id) };
  const ids = new Map<string, number>();
  for (const table of await db.introspection.getTables()) {
    const columns = new Set(table.columns.map((column) => column.name));
    if (!columns.has('id')) continue;
    let query = db.selectFrom(sql.table(table.name).as('t')).select(sql<number>`id`.as('id')).orderBy(sql`id`);
    if (columns.has('business_id')) query = query.where(sql.ref('business_id'), '=', businessId);
    for (const id of excluded[table.name] ?? []) query = query.where(sql.ref('id'), '<>', id);
    const row = await query.limit(1).executeTakeFirst();
    if (row) ids.set(table.name, Number(row.id));
  }
  return ids;
}

function tableOfField(field: string): string {
  const name = field.replace(/_ids?$/, '').replace(/^(from|to|lab)_/, '');
  if (name === 'userable') return 'branches';
  if (name === 'id' || name === 'body') return 'users';
  return /(s|ch|sh|x)$/.test(name) ? `${name}es` : `${name}s`;
}

const idOf = (field: string) => idOfTable.get(tableOfField(field)) ?? 1;

// Counts every row written to a watched table, through row triggers the test adds after seeding: a refused
// request leaves the count as it was. (Comparing every table's rows per request costs too much on PostgreSQL.)
async function writeCounter(db: Kysely<Database>): Promise<() => Promise<string>> {
  const tables = (await db.introspection.getTables()).filter(
    (table) => !unwatchedTables.has(table.name) && !table.name.includes('_fts'),
  );
  await sql`create table bad_input_writes (n integer not null, last_table text)`.execute(db);
  await sql`insert into bad_input_writes (n) values (0)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`create function bad_input_write() returns trigger language plpgsql as $$
      begin update bad_input_writes set n = n + 1, last_table = tg_table_name; return null; end $$`.execute(db);
    for (const table of tables) {
      await sql`create trigger bad_input_write after insert or update or delete on ${sql.table(table.name)}
        for each row execute function bad_input_write()`.execute(db);
    }
  } else {
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.id(`bad_input_${event}_${table.name}`)} after ${sql.raw(event)} on ${sql.table(table.name)}
          begin update bad_input_writes set n = n + 1, last_table = ${sql.lit(table.name)}; end`.execute(db);
      }
    }
  }
  const read = sql<{ n: number; last_table: string | null }>`select n, last_table from bad_input_writes`;
  return async () => {
    const row = (await read.execute(db)).rows[0];
    return `${row?.n} (last written: ${row?.last_table})`;
  };
}

function pathOf(operation: Operation): string {
  const table = operation.path.split('/')[2]?.replaceAll('-', '_') ?? '';
  return operation.path.replace('{id}', String(idOfTable.get(table) ?? 1));
}

// One request as the browser sends it; answers the problems found, if any.
async function attempt(operation: Operation, url: string, mutation: Mutation | null): Promise<string[]> {
  const headers: Record<string, string> = {
    'x-requested-with': 'XMLHttpRequest',
    'business-id': String(admin.businessId),
    'x-xsrf-token': admin.cookies.get('XSRF-TOKEN') ?? '',
    cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  if (mutation) headers['content-type'] = mutation.contentType;
  const response = await api.app.inject({
    method: operation.method,
    url,
    headers,
    ...(mutation ? { payload: mutation.payload } : {}),
  });
  const label = `${operation.method} ${url.slice(0, 120)} ${mutation?.name ?? ''}`;
  const problems: string[] = [];
  const now = await writes();
  if (response.statusCode >= 500) problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  if (response.statusCode >= 400) {
    if (!isErrorShape(response.body))
      problems.push(`${label}: ${response.statusCode} answered ${response.body.slice(0, 200)}`);
    if (now !== last) problems.push(`${label}: refused with ${response.statusCode} but wrote: ${last} -> ${now}`);
    const developerWords = response.body.match(zodWording);
    if (developerWords) problems.push(`${label}: answered in zod's words "${developerWords[0]}": ${response.body}`);
  }
  last = now;
  return problems;
}

// zod's own messages, written for developers: a refusal a user reads never quotes them.
const zodWording =
  /Too (small|big): expected|Invalid input|expected (string|number|array|boolean|object)|Unrecognized key|Invalid (option|ISO|email)|must be a multiple of/;

function isErrorShape(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const { message, errors, ...rest } = parsed as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof message !== 'string' || message === '') return false;
  if (errors === undefined) return true;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every(
      (messages) => Array.isArray(messages) && messages.every((text) => typeof text === 'string' && text !== ''),
    )
  );
}

const operations = contractOperations();

describe('bad bodies', () => {
  it.each(operations.filter((operation) => operation.body).map((operation) => [operation.id, operation] as const))(
    '%s answers every malformed body with a 4xx and writes nothing',
    async (_id, operation) => {
      const problems: string[] = [];
      for (const mutation of bodyMutations(operation, idOf, fieldSamples)) {
        problems.push(...(await attempt(operation, pathOf(operation), mutation)));
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('bad query strings', () => {
  it.each(
    operations
      .filter((operation) => operation.method === 'GET' && operation.query.length > 0)
      .map((operation) => [operation.id, operation] as const),
  )('%s answers every bad query string without a 5xx', async (_id, operation) => {
    const problems: string[] = [];
    for (const query of queryMutations(operation, querySamples)) {
      problems.push(...(await attempt(operation, `${pathOf(operation)}?${query}`, null)));
    }
    expect(problems).toEqual([]);
  });
});

it('answers a body over the size limit with a 413 in the error shape', async () => {
  const createBrand = operations.find((operation) => operation.id === 'createBrand');
  if (!createBrand) throw new Error('The contract has no createBrand');
  const huge = { name: 'Brand', description: 'x'.repeat(2_000_000) };
  const mutation = { name: 'two megabytes', payload: JSON.stringify(huge), contentType: 'application/json' };
  expect(await attempt(createBrand, '/api/brands', mutation)).toEqual([]);
});
