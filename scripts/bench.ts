// Prints benchmark tables: API reads at 100,000 items, invoice postings, stocks at 100,000 items x 3 locations,
// and the client's initial JavaScript. Figures only, no assertions; copy them into docs/PERFORMANCE.md.
// BENCH_SECONDS (default 5) sets each run's length; BENCH_REBUILD=1 rebuilds the bench database;
// BENCH_DATABASE_URL runs it on PostgreSQL (in the schema spectacle_bench) instead of SQLite.

import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/database.ts';
import { containsText, dialectOf } from '../server/db/dialect.ts';
import { demoPassword } from '../server/db/seed/master-data.ts';
import { type BenchDatabase, type BenchTarget, openBenchDatabase } from './bench/bench-database.ts';
import { benchClientBundle } from './bench/client-bundle.ts';
import { type Figures, measureDirect, measureHttp } from './bench/measure.ts';
import { startServerProcess } from './bench/server-process.ts';
import { printTable } from './bench/table.ts';

const root = resolve(import.meta.dirname, '..');
const itemCount = 100_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;

type Session = { base: string; read: Record<string, string>; write: Record<string, string> };

async function signIn(base: string, businessId: number): Promise<Session> {
  const csrf = await fetch(`${base}/api/csrf-cookie`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join(';'))?.[1] ?? '';
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      Cookie: `XSRF-TOKEN=${xsrf}`,
    },
    body: JSON.stringify({ email: 'admin@spectacle.test', password: demoPassword }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const session = /spectacle_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1] ?? '';
  const read = {
    Cookie: `XSRF-TOKEN=${xsrf}; spectacle_session=${session}`,
    'X-Requested-With': 'XMLHttpRequest',
    'business-id': String(businessId),
  };
  return {
    base,
    read,
    write: { ...read, 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'Content-Type': 'application/json' },
  };
}

const ms = (value: number) => value.toFixed(2);

function row(label: string, api: Figures, direct: Figures | null): string[] {
  return [
    label,
    api.perSecond.toFixed(0),
    ms(api.p50),
    ms(api.p99),
    String(api.failures),
    direct ? direct.perSecond.toFixed(0) : '-',
    direct ? ms(direct.p50) : '-',
    direct ? ms(direct.p99) : '-',
    direct ? `${(api.p50 / Math.max(direct.p50, 0.001)).toFixed(1)}x` : '-',
  ];
}

async function benchReads(bench: BenchDatabase, session: Session): Promise<void> {
  const { db, businessId } = bench;
  const activeItems = () =>
    db.selectFrom('items').where('business_id', '=', businessId).where('deleted_at', 'is', null);
  // The unfiltered list reads its total from the trigger-kept counts, as the API does.
  const page = (offset: number) => async () => {
    await db
      .selectFrom('record_counts')
      .select(['active', 'trashed'])
      .where('business_id', '=', businessId)
      .where('table_name', '=', 'items')
      .executeTakeFirstOrThrow();
    return activeItems().selectAll().orderBy('id', 'desc').limit(15).offset(offset).execute();
  };
  const search = async () => {
    const dialect = dialectOf(db);
    const matching = activeItems().where((eb) =>
      eb.or(['name', 'code', 'barcode'].map((column) => containsText(dialect, column, bench.searchText))),
    );
    await matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return matching.selectAll().orderBy('id', 'desc').limit(15).execute();
  };
  const readOne = () => activeItems().selectAll().where('id', '=', bench.sampleItemId).executeTakeFirstOrThrow();
  const stocksPage = async () => {
    const stocks = db.selectFrom('stocks').where('business_id', '=', businessId).where('deleted_at', 'is', null);
    await stocks.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return stocks.selectAll().orderBy('id', 'desc').limit(15).execute();
  };
  const cases: [string, string, () => Promise<unknown>][] = [
    ['items: list page 1 (15 rows + total)', '/api/items?page=1&per_page=15', page(0)],
    ['items: list page 500', '/api/items?page=500&per_page=15', page(499 * 15)],
    [`items: quick search "${bench.searchText}"`, `/api/items?search=${encodeURIComponent(bench.searchText)}`, search],
    ['items: read one', `/api/items/${bench.sampleItemId}`, readOne],
    [`stocks: list page 1 (${bench.locations.length} locations)`, '/api/stocks?page=1&per_page=15', stocksPage],
  ];
  const rows: string[][] = [];
  for (const [label, path, direct] of cases) {
    const api = await measureHttp({ url: `${session.base}${path}`, headers: session.read, connections, seconds });
    rows.push(row(label, api, await measureDirect(seconds, direct)));
  }
  printTable(
    `API reads at ${itemCount.toLocaleString('en-US')} items, ${connections} connections, ${seconds} s each (ms)`,
    ['query', 'API req/s', 'API p50', 'API p99', 'non-2xx', 'DB calls/s', 'DB p50', 'DB p99', 'p50 ratio'],
    rows,
  );
}

async function benchPostings(bench: BenchDatabase, session: Session): Promise<void> {
  const customer = await customerId(bench.db, bench.businessId);
  const items = await bench.db
    .selectFrom('stocks')
    .select('item_id')
    .where('business_id', '=', bench.businessId)
    .where('branch_id', '=', bench.branchId)
    .where('quantity_on_hand', '>=', 100_000)
    .orderBy('item_id')
    .limit(5_000)
    .execute();
  let next = 0;
  const invoiceDate = new Date().toISOString().slice(0, 10);
  const invoiceBody = () =>
    JSON.stringify({
      contact_id: customer,
      branch_id: bench.branchId,
      invoice_date: invoiceDate,
      lines: Array.from({ length: 5 }, () => {
        next = (next + 1) % items.length;
        return { item_id: items[next]?.item_id, quantity: 1, unit_price: 1_250, discount_percent: 0 };
      }),
    });
  const rows: string[][] = [];
  for (const clients of [1, connections]) {
    const api = await measureHttp({
      url: `${session.base}/api/invoices`,
      headers: session.write,
      connections: clients,
      seconds,
      method: 'POST',
      bodyFor: invoiceBody,
    });
    rows.push(row(`invoices of 5 lines, ${clients} client${clients > 1 ? 's' : ''}`, api, null));
  }
  printTable(
    `Postings, ${seconds} s each (ms)`,
    ['posting', 'invoices/s', 'p50', 'p99', 'non-2xx', '', '', '', ''],
    rows,
  );
}

async function customerId(db: Kysely<Database>, businessId: number): Promise<number> {
  const customer = await db
    .selectFrom('contacts')
    .innerJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
    .select('contacts.id')
    .where('contacts.business_id', '=', businessId)
    .where('contact_types.name', '=', 'Customer')
    .orderBy('contacts.id')
    .executeTakeFirstOrThrow();
  return customer.id;
}

const started = performance.now();
const target: BenchTarget = process.env.BENCH_DATABASE_URL
  ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL }
  : { kind: 'sqlite', path: resolve(root, '.bench', 'bench.db') };
console.log(`Bench database: ${target.kind === 'sqlite' ? target.path : 'PostgreSQL, schema spectacle_bench'}`);
const bench = await openBenchDatabase(target, itemCount, process.env.BENCH_REBUILD === '1');
console.log(`Bench database ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
const server = await startServerProcess(root, target);
try {
  const session = await signIn(server.base, bench.businessId);
  await benchReads(bench, session);
  await benchPostings(bench, session);
} finally {
  await server.stop();
  await bench.db.destroy();
}
benchClientBundle(root);
