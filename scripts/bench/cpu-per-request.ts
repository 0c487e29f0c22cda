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
  cases: readonly (readonly [string, string])[],
): Promise<string[][]> {
  const app = await buildApp({ db, passwordCost: owaspScryptCost });
  try {
    const headers = await signedInHeaders(app, businessId);
    const rows: string[][] = [];
    for (const [label, url] of cases) {
      for (let warm = 0; warm < perRound; warm += 1) await app.inject({ method: 'GET', url, headers });
      const samples: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const before = process.cpuUsage();
        for (let request = 0; request < perRound; request += 1) {
          const answer = await app.inject({ method: 'GET', url, headers });
          if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
        }
        const used = process.cpuUsage(before);
        samples.push((used.user + used.system) / perRound);
      }
      samples.sort((a, b) => a - b);
      rows.push([label, String(Math.round(samples[Math.floor(rounds / 2)] ?? 0))]);
    }
    return rows;
  } finally {
    await app.close();
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
