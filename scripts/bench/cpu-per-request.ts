import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { demoPassword, demoSignIn } from '../../server/demo/master-data.ts';

const rounds = 5;
export const perRound = 1_000;

type Injectable = Pick<FastifyInstance, 'inject'>;

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
      await cpuPerRequest(app, urlOf, headers);
      const samples: number[] = [];
      for (let round = 0; round < rounds; round += 1) samples.push((await cpuPerRequest(app, urlOf, headers)).process);
      rows.push([label, String(Math.round(median(samples)))]);
    }
    return rows;
  } finally {
    await app.close();
  }
}

export type CpuSpent = {
  // Every thread of the process: the event loop, V8's garbage-collecting and compiling helpers.
  process: number;
  // The event loop's thread alone, the one a Node server's requests queue for.
  thread: number;
};

// The CPU time per injected request over one round of `perRound` requests, in µs.
export async function cpuPerRequest(
  app: Injectable,
  urlOf: () => string,
  headers: Readonly<Record<string, string>>,
): Promise<CpuSpent> {
  const before = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  for (let request = 0; request < perRound; request += 1) {
    const answer = await app.inject({ method: 'GET', url: urlOf(), headers });
    if (answer.statusCode !== 200) throw new Error(`${urlOf()} answered ${answer.statusCode}`);
  }
  const used = process.cpuUsage(before);
  const threadUsed = process.threadCpuUsage(threadBefore);
  return {
    process: (used.user + used.system) / perRound,
    thread: (threadUsed.user + threadUsed.system) / perRound,
  };
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// The headers the client's axios instance sends on every API call (src/api/http-client.ts): both cookies, the
// X-XSRF-TOKEN it copies from its cookie, X-Requested-With, the selected business and axios's own Accept.
export async function signedInHeaders(app: Injectable, businessId: number): Promise<Record<string, string>> {
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
    accept: 'application/json, text/plain, */*',
    cookie: `XSRF-TOKEN=${xsrf}; spectacle_session=${session}`,
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf),
    'business-id': String(businessId),
  };
}
