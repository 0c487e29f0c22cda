// One-line invoices at 10 clients on PostgreSQL, measured by cost rather than by rate: the server process's CPU and
// its PostgreSQL backends' CPU per posting (from /proc), and the statements per posting (counted in the server by
// a preloaded wrapper of node-postgres). Runs alternately against each server tree named in POSTING_ROOTS (comma
// separated; default this tree), so that a change and its baseline meet the same load.
// BENCH_DATABASE_URL=postgres://... POSTING_ROOTS=/tmp/before,. POSTING_ROUNDS=3 npx tsx scripts/bench/posting-cost.ts
// (POSTING_KEYED=1 sends each posting with a fresh Idempotency-Key, as the app does.)
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { BenchData, BenchDatabase, openBenchDatabase } from './bench-database.ts';
import { serverDatabaseUrl } from './bench-database.ts';
import { invoiceInputs } from './invoice-inputs.ts';
import { measureHttp } from './measure.ts';
import { startServerProcess } from './server-process.ts';
import { signIn } from './sign-in.ts';
import { printTable } from './table.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names the PostgreSQL database.');
const here = resolve(import.meta.dirname, '../..');
const roots = (process.env.POSTING_ROOTS ?? here).split(',').map((root) => resolve(root));
const rounds = Number(process.env.POSTING_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = Number(process.env.POSTING_CLIENTS ?? 10);
// POSTING_KEYED=1: each posting with a fresh Idempotency-Key, as the app sends them.
const keyed = process.env.POSTING_KEYED === '1';
// Long enough for the JIT to settle on a loaded machine.
const warmUp = Number(process.env.POSTING_WARM_UP ?? 5);
// Each tree's schema is built and migrated by that tree's own loader, so that a baseline runs on its own schema.
const dataOf = (index: number): BenchData => ({
  name: index === 0 ? 'bench-posting-cost' : `bench-posting-cost-${index}`,
  items: 2_000,
  stockedItems: 2_000,
});
const applicationName = 'spectacle-posting-cost';
const countFile = '/tmp/spectacle-posting-cost-statements';
const ticks = 100;

// Counts every statement node-postgres sends, written to a file on SIGUSR2.
const counter = `
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const pg = createRequire(process.cwd() + '/package.json')('pg');
let count = 0;
const recent = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  count += 1;
  recent.push(typeof args[0] === 'string' ? args[0] : args[0]?.text);
  if (recent.length > 100) recent.shift();
  return query.apply(this, args);
};
process.on('SIGUSR2', () => {
  writeFileSync(${JSON.stringify(countFile)}, String(count));
  writeFileSync(${JSON.stringify(`${countFile}.sql`)}, recent.map((text) => String(text).replace(/\\s+/g, ' ')).join('\\n'));
});
`;
writeFileSync('/tmp/spectacle-posting-cost-counter.mjs', counter);

function withApplicationName(address: string | null): string {
  const named = new URL(address ?? '');
  named.searchParams.set('application_name', applicationName);
  return named.toString();
}

function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

async function backendPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);
    return found.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

// How many of the server's backends wait on a lock, on average over `seconds` (sampled every 50 ms).
async function sampleLockWaits(seconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
      const found = await client.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [applicationName],
      );
      samples.push(found.rows[0]?.waiting ?? 0);
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    await client.end();
  }
  return samples.reduce((sum, sample) => sum + sample, 0) / Math.max(samples.length, 1);
}

async function statements(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((done) => setTimeout(done, 200));
  return Number(readFileSync(countFile, 'utf8'));
}

type Setup = { root: string; data: BenchData; bench: BenchDatabase; url: string; body: () => string };

async function setUp(root: string, index: number): Promise<Setup> {
  const data = dataOf(index);
  const loader = (await import(join(root, 'scripts/bench/bench-database.ts'))) as {
    openBenchDatabase: typeof openBenchDatabase;
  };
  const bench = await loader.openBenchDatabase(
    { kind: 'postgres', url: url ?? '' },
    data,
    process.env.BENCH_REBUILD === '1',
  );
  const invoice = await invoiceInputs(bench, 1);
  const body = () => JSON.stringify(invoice());
  return {
    root,
    data,
    bench,
    url: withApplicationName(serverDatabaseUrl({ kind: 'postgres', url: url ?? '' }, data)),
    body,
  };
}

// The statements of one posting, after a few to warm the server's caches.
async function showStatements({ root, data, bench, url: serverUrl, body }: Setup): Promise<void> {
  const server = await startServerProcess(root, { kind: 'postgres', url: serverUrl }, data);
  try {
    const headers = (await signIn(server.base, bench.businessId)).write;
    const post = async () => {
      const response = await fetch(`${server.base}/api/invoices`, { method: 'POST', headers, body: body() });
      if (!response.ok) throw new Error(`The posting failed: ${response.status} ${await response.text()}`);
    };
    for (let warm = 0; warm < 5; warm += 1) await post();
    const before = await statements(server.pid);
    await post();
    const sent = (await statements(server.pid)) - before;
    const texts = readFileSync(`${countFile}.sql`, 'utf8').split('\n').slice(-sent);
    console.log(`${root}: ${sent} statements`);
    for (const text of texts) console.log(`  ${text.slice(0, 240)}`);
  } finally {
    await server.stop();
  }
}

const rows: string[][] = [];
const profile = process.env.POSTING_PROFILE ? ` --cpu-prof --cpu-prof-dir=${process.env.POSTING_PROFILE}` : '';
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import /tmp/spectacle-posting-cost-counter.mjs${profile}`;
const setups: Setup[] = [];
for (const [index, root] of roots.entries()) setups.push(await setUp(root, index));
if (process.env.POSTING_SHOW) for (const setup of setups) await showStatements(setup);
for (let round = 1; round <= (process.env.POSTING_SHOW ? 0 : rounds); round += 1) {
  for (const { root, data, bench, url: serverUrl, body } of setups) {
    const server = await startServerProcess(root, { kind: 'postgres', url: serverUrl }, data);
    try {
      const headers = (await signIn(server.base, bench.businessId)).write;
      const load = {
        url: `${server.base}/api/invoices`,
        headers,
        method: 'POST' as const,
        bodyFor: body,
        ...(keyed ? { headersFor: () => ({ 'idempotency-key': randomUUID() }) } : {}),
      };
      await measureHttp({ ...load, connections: clients, seconds: warmUp });
      const backends = await backendPids();
      const nodeBefore = cpuTicks(server.pid);
      const pgBefore = backends.reduce((sum, pid) => sum + cpuTicks(pid), 0);
      const statementsBefore = await statements(server.pid);
      const load1 = loadavg()[0] ?? 0;
      const waiting = sampleLockWaits(seconds);
      const benchBefore = process.cpuUsage();
      const figures = await measureHttp({ ...load, connections: clients, seconds });
      const benchCpu = process.cpuUsage(benchBefore);
      const waits = await waiting;
      const nodeCpu = cpuTicks(server.pid) - nodeBefore;
      const pgCpu = backends.reduce((sum, pid) => sum + cpuTicks(pid), 0) - pgBefore;
      const sent = (await statements(server.pid)) - statementsBefore;
      const postings = figures.perSecond * seconds;
      const perPosting = (cpu: number) => ((cpu / ticks / postings) * 1e6).toFixed(0);
      rows.push([
        String(round),
        root,
        figures.perSecond.toFixed(0),
        String(figures.p99),
        String(figures.failures),
        perPosting(nodeCpu),
        perPosting(pgCpu),
        perPosting(((benchCpu.user + benchCpu.system) / 1e6) * ticks),
        (sent / postings).toFixed(1),
        waits.toFixed(1),
        load1.toFixed(1),
      ]);
      console.log(rows.at(-1)?.join(' | '));
    } finally {
      await server.stop();
    }
  }
}
printTable(
  `One-line invoices, ${clients} clients, ${seconds} s a round`,
  [
    'round',
    'server',
    'postings/s',
    'p99 ms',
    'non-2xx',
    'Node µs/posting',
    'PG µs/posting',
    'load generator µs/posting',
    'statements',
    'waiting on a lock',
    'load',
  ],
  rows,
);
for (const { bench } of setups) await bench.db.destroy();
