import Sqlite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { demoPassword, demoSignIn } from '../../server/demo/master-data.ts';

const rounds = 5;
const perRound = 1_000;

// The server's CPU time per request, every plugin and hook included, measured in this process with Fastify's
// inject (no socket). Unlike requests per second it hardly moves with what else the machine is running, so it
// is the figure to compare across runs on a shared machine. Median of 5 rounds of 1,000 requests after a warm-up.
export async function benchCpuPerRequest(
  db: Kysely<Database>,
  businessId: number,
  cases: readonly (readonly [string, string | (() => string)])[],
): Promise<string[][]> {
  const app = await buildApp({ db, passwordCost: owaspScryptCost });
  try {
    const headers = await signedInHeaders(app, businessId);
    const rows: string[][] = [];
    for (const [label, url] of cases) {
      const urlOf = typeof url === 'string' ? () => url : url;
      rows.push([label, String(Math.round(await cpuPerRequest(app, urlOf, headers)))]);
    }
    return rows;
  } finally {
    await app.close();
  }
}

// Median over the rounds of the process's CPU time per injected request, in µs.
async function cpuPerRequest(
  app: Pick<FastifyInstance, 'inject'>,
  urlOf: () => string,
  headers: Record<string, string>,
): Promise<number> {
  for (let warm = 0; warm < perRound; warm += 1) await app.inject({ method: 'GET', url: urlOf(), headers });
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = process.cpuUsage();
    for (let request = 0; request < perRound; request += 1) {
      const answer = await app.inject({ method: 'GET', url: urlOf(), headers });
      if (answer.statusCode !== 200) throw new Error(`${urlOf()} answered ${answer.statusCode}`);
    }
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(rounds / 2)] ?? 0;
}

// The machine's ceiling for reading one record: a bare Fastify app (no plugins, no hooks) answering a prepared
// primary-key read of the same item from the same SQLite file with JSON.stringify, measured the same way and in
// the same process as Spectacle's read, so that the ratio between them holds whatever else the machine runs.
export async function benchBareRead(sqlitePath: string, itemId: number): Promise<number> {
  const sqlite = new Sqlite(sqlitePath, { readonly: true });
  const app = Fastify({ logger: false });
  const read = sqlite.prepare('SELECT * FROM items WHERE id = ?');
  app.get('/items/:id', async (request, reply) => {
    const row = read.get(Number((request.params as { id: string }).id));
    if (!row) return reply.status(404).send({ message: 'Not Found.' });
    return row;
  });
  await app.ready();
  try {
    return await cpuPerRequest(app, () => `/items/${itemId}`, {});
  } finally {
    await app.close();
    sqlite.close();
  }
}

async function signedInHeaders(app: Awaited<ReturnType<typeof buildApp>>, businessId: number) {
  const csrf = await app.inject({
    method: 'GET',
    url: '/api/csrf-cookie',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  const xsrf = csrf.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(xsrf),
      cookie: `XSRF-TOKEN=${xsrf}`,
    },
    payload: JSON.stringify({ email: demoSignIn.emails[0], password: demoPassword }),
  });
  const session = login.cookies.find((cookie) => cookie.name === 'spectacle_session')?.value;
  if (!session) throw new Error(`Sign-in failed: ${login.statusCode} ${login.body}`);
  return {
    cookie: `XSRF-TOKEN=${xsrf}; spectacle_session=${session}`,
    'x-requested-with': 'XMLHttpRequest',
    'business-id': String(businessId),
  };
}
