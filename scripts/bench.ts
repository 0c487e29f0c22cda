// Prints benchmark tables: API reads at BENCH_ITEMS items (default 100,000; stocks for the first 100,000 at 3
// locations), invoice postings on a ledger of 10,000 and of BENCH_MOVEMENTS (default 1,000,000) movements, and the
// client's initial JavaScript. Figures only, no assertions; copy them into docs/PERFORMANCE.md.
// The reads part searches the same text again and again (kept by the server after the first time) and then a
// text never seen each request (varied words and numbers, each with its own matches), prints the server's CPU time
// per request (load-independent), and ends
// with a CSV export of every item, timed, with the server's memory sampled while it streams.
// BENCH_ONLY=reads, grid (the power grid of the demo's lens family), postings, import (reads while 10,000 items
// import), reports (the owner's reports on 100,000 invoices and BENCH_MOVEMENTS movements), count-scan (scans into a
// stock count of 5,000 lines in headless Chromium, Enter to confirmation), bundle or counter-phone (the invoice
// form's first and return visit and the item picker on a throttled phone, BENCH_RUNS times, default 5) runs that
// part alone (reads includes grid); BENCH_SECONDS (default 5) sets each run's length; BENCH_REBUILD=1 rebuilds the
// read and reports databases (the posting and import ones are rebuilt on every run); BENCH_DATABASE_URL runs it on
// PostgreSQL (a schema per data set) instead of SQLite. BENCH_ONLY=chain (never run otherwise) loads and measures a
// chain of 100 branches on a PostgreSQL cluster of its own (scripts/bench/chain.ts).

import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { itemsResource } from '../server/areas/inventory/items.ts';
import { powerGrid } from '../server/areas/inventory/lens-families.ts';
import { demoLensFamily } from '../server/demo/optical-catalogue.ts';
import { searchCountBound } from '../server/engine/list.ts';
import { maintainedTotal } from '../server/engine/maintained-total.ts';
import { matchingIdsInOrder } from '../server/engine/search/search-index.ts';
import {
  type BenchData,
  type BenchDatabase,
  type BenchTarget,
  growLedger,
  movementCount,
  openBenchDatabase,
  sqlitePathOf,
  variedTexts,
} from './bench/bench-database.ts';
import { benchChain } from './bench/chain.ts';
import { benchClientBundle } from './bench/client-bundle.ts';
import { benchCountScan } from './bench/count-scan.ts';
import { counterFloor } from './bench/counter-floor.ts';
import { benchCounterPhone } from './bench/counter-phone.ts';
import { benchCpuPerRequest } from './bench/cpu-per-request.ts';
import { benchCsvExport } from './bench/csv-export.ts';
import { benchHistoryCost } from './bench/history-cost.ts';
import { benchImportLoad } from './bench/import-load.ts';
import { invoiceInputs } from './bench/invoice-inputs.ts';
import { type Figures, machinePace, measureDirect, measureHttp } from './bench/measure.ts';
import { addBenchSales, benchOwnerReports, invoiceCount } from './bench/owner-reports.ts';
import { benchReadOneShare, shareHeader, shareRows, shareTitle } from './bench/read-one-ceiling.ts';
import { startServerProcess } from './bench/server-process.ts';
import { type Session, signIn } from './bench/sign-in.ts';
import { printTable } from './bench/table.ts';

const root = resolve(import.meta.dirname, '..');
const itemCount = Number(process.env.BENCH_ITEMS ?? 100_000);
const ledgerSize = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runs = (part: 'reads' | 'grid' | 'postings' | 'import' | 'reports' | 'count-scan' | 'bundle' | 'counter-phone') =>
  (process.env.BENCH_ONLY ?? part) === part || (part === 'grid' && process.env.BENCH_ONLY === 'reads');
const connections = 10;

const ms = (value: number) => value.toFixed(2);
const pace = (when: string) =>
  console.log(
    `Machine pace ${when}: 3 × 10⁸ additions on one core in ${Math.round(machinePace())} ms (lower is faster).`,
  );
pace('before');
process.on('beforeExit', () => pace('after'));

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
  const stockRows = Math.min(itemCount, 100_000) * bench.locations.length;
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
  // As the API searches a text no process keeps: the newest ids up to the bound (and one more), then the page.
  const searchOnce = async (text: string) => {
    const place = { table: 'items', businessId, trashed: 'active' as const };
    const ids = await matchingIdsInOrder(db, {
      place,
      columns: itemsResource.searchColumns,
      text,
      order: 'desc',
      limit: searchCountBound + 1,
    });
    return activeItems()
      .selectAll()
      .where('id', 'in', [...ids.slice(0, 15), 0])
      .execute();
  };
  const search = () => searchOnce(bench.searchText);
  const readOne = () => activeItems().selectAll().where('id', '=', bench.sampleItemId).executeTakeFirstOrThrow();
  const stocksPage = async () => {
    // The kept total, as the API reads it.
    await maintainedTotal(db, businessId, 'stocks', { with_trashed: 0, only_trashed: 0 });
    const stocks = db.selectFrom('stocks').where('business_id', '=', businessId).where('deleted_at', 'is', null);
    return stocks.selectAll().orderBy('id', 'desc').limit(15).execute();
  };
  const cases: [string, string, (() => Promise<unknown>) | null][] = [
    ['items: list page 1 (15 rows + total)', '/api/items?page=1&per_page=15', page(0)],
    ['items: list page 500', '/api/items?page=500&per_page=15', page(499 * 15)],
    [`items: quick search "${bench.searchText}"`, `/api/items?search=${encodeURIComponent(bench.searchText)}`, search],
    [
      `items: type-ahead "${bench.searchText}"`,
      `/api/items/search?limit=10&q=${encodeURIComponent(bench.searchText)}`,
      null,
    ],
    ['items: read one', `/api/items/${bench.sampleItemId}`, readOne],
    [`stocks: list page 1 (${stockRows.toLocaleString('en-US')} rows)`, '/api/stocks?page=1&per_page=15', stocksPage],
  ];
  const rows: string[][] = [];
  for (const [label, path, direct] of cases) {
    const api = await measureHttp({ url: `${session.base}${path}`, headers: session.read, connections, seconds });
    rows.push(row(label, api, direct ? await measureDirect(seconds, direct) : null));
  }
  const texts = variedTexts(itemCount);
  let asked = 0;
  const unkept = await measureHttp({
    url: `${session.base}/api/items`,
    headers: session.read,
    connections,
    seconds,
    pathFor: () => `/api/items?search=${encodeURIComponent(texts[asked++ % texts.length] ?? '')}`,
  });
  let searched = asked;
  const unkeptDirect = await measureDirect(seconds, () =>
    searchOnce(texts[searched++ % texts.length] ?? bench.searchText),
  );
  rows.push(
    row(
      `items: quick search, a text never seen each request (${texts.length.toLocaleString('en-US')} varied texts)`,
      unkept,
      unkeptDirect,
    ),
  );
  printTable(
    `API reads at ${itemCount.toLocaleString('en-US')} items, ${connections} connections, ${seconds} s each (ms)`,
    ['query', 'API req/s', 'API p50', 'API p99', 'non-2xx', 'DB calls/s', 'DB p50', 'DB p99', 'p50 ratio'],
    rows,
  );
  let spelled = asked + searched;
  const cpu = await benchCpuPerRequest(db, businessId, [
    ...cases.map(([label, path]) => [label, path] as const),
    [
      'items: quick search, a text never seen each request',
      () => `/api/items?search=${encodeURIComponent(texts[spelled++ % texts.length] ?? '')}`,
    ] as const,
  ]);
  printTable('Server CPU per request, in process (µs, median of 5 × 1,000)', ['query', 'CPU µs'], cpu);
  // Read one beside the machine's ceiling for it (SQLite): a bare Fastify primary-key read, alternated with it,
  // injected and over HTTP.
  const target = targetFor(reads);
  if (target.kind === 'sqlite') {
    for (const transport of ['inject', 'http'] as const) {
      const share = await benchReadOneShare(target.path, businessId, bench.sampleItemId, 21, transport);
      printTable(shareTitle(share), shareHeader, shareRows(share));
    }
  }
}

// The demo's lens family (sphere -6.00..+4.00 × cylinder 0..-2.00, 369 variants) at the branch where its stock is.
async function benchPowerGrid(bench: BenchDatabase, session: Session): Promise<void> {
  const family = await bench.db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', bench.businessId)
    .where('code', '=', demoLensFamily.code)
    .executeTakeFirstOrThrow();
  const ctx = {
    db: bench.db,
    businessId: bench.businessId,
    identity: {
      userId: 0,
      sessionId: '',
      permissions: new Set<string>(),
      fullAccess: true,
      businessIds: [bench.businessId],
      existingBusinessId: bench.businessId,
      home: null,
    },
    now: new Date().toISOString(),
    passwordCost: { N: 2, r: 1, p: 1 },
  };
  const query = { branch_id: bench.branchId };
  const cells = (await powerGrid(ctx, family.id, query)).cells.length;
  const path = `/api/items/${family.id}/power-grid?branch_id=${bench.branchId}`;
  const api = await measureHttp({
    url: `${session.base}${path}`,
    headers: session.read,
    connections,
    seconds,
  });
  const direct = await measureDirect(seconds, () => powerGrid(ctx, family.id, query));
  printTable(
    `Power grid at ${itemCount.toLocaleString('en-US')} items, ${connections} connections, ${seconds} s (ms)`,
    ['query', 'API req/s', 'API p50', 'API p99', 'non-2xx', 'DB calls/s', 'DB p50', 'DB p99', 'p50 ratio'],
    [row(`lenses: power grid, ${cells} cells at one branch`, api, direct)],
  );
  printTable(
    'Server CPU per request, in process (µs, median of 5 × 1,000)',
    ['query', 'CPU µs'],
    await benchCpuPerRequest(bench.db, bench.businessId, [['lenses: power grid', path]]),
  );
}

async function benchPostings(bench: BenchDatabase, session: Session, ledger: number): Promise<string[][]> {
  const invoice = await invoiceInputs(bench, 5);
  const invoiceBody = () => JSON.stringify(invoice());
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
    const label = `invoices of 5 lines, ${clients} client${clients > 1 ? 's' : ''}, ${ledger.toLocaleString('en-US')} movements`;
    rows.push([...row(label, api, null).slice(0, 5), '']);
  }
  // One-line invoices at one branch for one customer: every posting takes the same two counter rows; then the same
  // as the app posts them, each with a fresh Idempotency-Key, whose answer the posting stores.
  const oneLine = await invoiceInputs(bench, 1);
  const postOneLine = (headersFor?: () => Record<string, string>) =>
    measureHttp({
      url: `${session.base}/api/invoices`,
      headers: session.write,
      ...(headersFor ? { headersFor } : {}),
      connections,
      seconds,
      method: 'POST',
      bodyFor: () => JSON.stringify(oneLine()),
    });
  const oneLineLabel = (how: string) =>
    `invoices of 1 line, ${connections} clients${how}, ${ledger.toLocaleString('en-US')} movements`;
  const api = await postOneLine();
  const floorUrl = process.env.BENCH_DATABASE_URL;
  const floor = floorUrl ? await counterFloor(floorUrl, connections, seconds, await currentSchema(bench)) : null;
  rows.push([
    ...row(oneLineLabel(''), api, null).slice(0, 5),
    floor === null ? '' : `${floor.toFixed(0)}/s (${((api.perSecond / floor) * 100).toFixed(0)}%)`,
  ]);
  const keyed = await postOneLine(() => ({ 'idempotency-key': randomUUID() }));
  rows.push([...row(oneLineLabel(', Idempotency-Key'), keyed, null).slice(0, 5), '']);
  return rows;
}

async function currentSchema(bench: BenchDatabase): Promise<string> {
  const found = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(bench.db);
  return found.rows[0]?.schema ?? 'public';
}

function targetFor(data: BenchData): BenchTarget {
  return process.env.BENCH_DATABASE_URL
    ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL }
    : { kind: 'sqlite', path: sqlitePathOf(resolve(root, '.bench'), data) };
}

async function withServer(
  data: BenchData,
  rebuild: boolean,
  work: (bench: BenchDatabase, session: Session, serverPid: number) => Promise<void>,
) {
  const started = performance.now();
  const target = targetFor(data);
  const bench = await openBenchDatabase(target, data, rebuild);
  console.log(`${data.name} (${target.kind}) ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const server = await startServerProcess(root, target, data);
  try {
    await work(bench, await signIn(server.base, bench.businessId), server.pid);
  } finally {
    await server.stop();
    await bench.db.destroy();
  }
}

const reads: BenchData = { name: `bench-${itemCount}`, items: itemCount, stockedItems: Math.min(itemCount, 100_000) };
if (runs('reads') || runs('grid')) {
  await withServer(reads, process.env.BENCH_REBUILD === '1', async (bench, session, serverPid) => {
    if (runs('reads')) await benchReads(bench, session);
    if (runs('grid')) await benchPowerGrid(bench, session);
    if (runs('reads')) await benchCsvExport(session.base, session.read, serverPid);
  });
}

// Postings on a small ledger, then on the same database grown to `ledgerSize` movements.
const postings: BenchData = { name: 'bench-posting', items: 2_000, stockedItems: 2_000 };
if (runs('postings')) {
  await withServer(postings, true, async (bench, session) => {
    const rows: string[][] = [];
    for (const size of [10_000, ledgerSize]) {
      const started = performance.now();
      const ledger = await growLedger(bench.db, bench.businessId, size);
      console.log(
        `Ledger at ${ledger.toLocaleString('en-US')} movements in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      rows.push(...(await benchPostings(bench, session, await movementCount(bench.db))));
    }
    printTable(
      `Postings, ${seconds} s each (ms); floor: ${connections} clients committing a one-row UPDATE of one row`,
      ['posting', 'invoices/s', 'p50', 'p99', 'non-2xx', 'floor (share)'],
      rows,
    );
    printTable(
      `Record history's cost, straight on the database, alternated for ${seconds * 2} s (ms)`,
      ['posting', 'postings', 'p50'],
      await benchHistoryCost(bench, seconds, await invoiceInputs(bench, 5)),
    );
  });
}
// Other requests while a 10,000-row item import is written (goal: p99 under 100 ms).
const importing: BenchData = { name: 'bench-import', items: 2_000, stockedItems: 2_000 };
if (runs('import')) {
  await withServer(importing, true, async (bench, session) => {
    await benchImportLoad(session.base, session.read, session.write, bench.sampleItemId, 10_000);
  });
}
// The owner's reports on a year of 100,000 invoices and a ledger of `ledgerSize` movements.
const reportsData: BenchData = { name: 'bench-reports', items: 20_000, stockedItems: 20_000 };
if (runs('reports')) {
  await withServer(reportsData, process.env.BENCH_REBUILD === '1', async (bench, session) => {
    await addBenchSales(bench, 100_000);
    const ledger = await growLedger(bench.db, bench.businessId, ledgerSize, 730);
    await benchOwnerReports(session, seconds, ledger, await invoiceCount(bench.db));
  });
}
if (runs('count-scan')) await benchCountScan(root);
if (runs('bundle')) benchClientBundle(root);
if (process.env.BENCH_ONLY === 'chain') await benchChain(root, seconds);
if (runs('counter-phone')) await benchCounterPhone(root, Number(process.env.BENCH_RUNS ?? 5));
