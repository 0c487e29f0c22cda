import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { resources } from '../../server/areas/index.ts';
import { ownerReports } from '../../server/areas/reports/owner-report-list.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { recountStockLedgerValues } from '../../server/db/migrations/050-074/059_bill_revaluations.ts';
import { recountItemLastSales } from '../../server/db/migrations/050-074/073_item_last_sales.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import { businessDate } from '../../server/domain/business-date.ts';
import { ensureSearchIndexes, searchIndexesOf } from '../../server/engine/search/search-index.ts';
import {
  type Cluster,
  clusterFolder,
  clustersAvailable,
  initCluster,
  makeStandby,
  startCluster,
  stopCluster,
} from '../pg-cluster.ts';
import { addBenchItems, recountTotals, shuffled, variedTexts } from './bench-database.ts';
import { counterFloor } from './counter-floor.ts';
import { invoiceInputs } from './invoice-inputs.ts';
import { type Figures, measureHttp, measureOneAtATime, percentile } from './measure.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';
import { type Session, signIn } from './sign-in.ts';
import { printTable } from './table.ts';

// A chain on one PostgreSQL (docs/domain/reports.md, A chain on one database): 100 branches and 5 warehouses,
// 50,000 items, 200,000 contacts, five years of 3,000,000 invoices and 10,000,000 stock movements, in a cluster of
// its own under .bench/chain-pg with a streaming standby for the reports. BENCH_CHAIN_SCALE (default 1) scales
// every count, for a quick try of the bench itself. The load runs in steps, each committed and recorded, so an
// interrupted build resumes where it stopped; each step prints its progress.

const scale = Number(process.env.BENCH_CHAIN_SCALE ?? 1);
const sized = (count: number) => Math.max(1, Math.round(count * scale));
const chain = {
  branches: 100,
  warehouses: 5,
  items: sized(50_000),
  contacts: sized(200_000),
  itemsPerBranch: sized(2_000),
  invoices: sized(3_000_000),
  movements: sized(10_000_000),
  days: 1_826,
};
const chunk = 250_000;
// Two chains can load side by side on one machine when each has its own port (the standby takes the next one).
const primaryPort = Number(process.env.BENCH_CHAIN_PORT ?? 25_432);
const standbyPort = primaryPort + 1;
// BENCH_CHAIN_PARTS=reads,postings,z,reports picks the cases; the standby is made and started only for reports.
const parts = new Set((process.env.BENCH_CHAIN_PARTS ?? 'reads,postings,z,reports').split(','));
const connections = 10;

export async function benchChain(root: string, seconds: number): Promise<void> {
  if (!clustersAvailable) {
    console.log('The chain bench needs PostgreSQL server programs and root to run them as postgres: skipped.');
    return;
  }
  const folder = clusterFolder(join(root, '.bench', `chain-pg-${scale}`));
  const primaryDir = join(folder, 'primary');
  const standbyDir = join(folder, 'standby');
  if (process.env.BENCH_REBUILD === '1') {
    stopCluster(standbyDir);
    stopCluster(primaryDir);
    rmSync(primaryDir, { recursive: true, force: true });
    rmSync(standbyDir, { recursive: true, force: true });
  }
  if (!existsSync(primaryDir)) initCluster(primaryDir);
  // A production-like server for the size: 2 GB of shared buffers and a WAL large enough
  // that the load does not checkpoint every few seconds.
  const settings = ['shared_buffers=2GB', 'max_wal_size=8GB', 'effective_cache_size=8GB', 'work_mem=32MB'];
  const primary = startCluster(primaryDir, primaryPort, settings);
  let standby: Cluster | null = null;
  let servers: ServerProcess[] = [];
  try {
    const db = connectDatabase({ kind: 'postgres', url: primary.url });
    const businessId = await buildChain(db);
    await db.destroy();
    if (parts.has('reports')) {
      if (!existsSync(standbyDir)) {
        const started = performance.now();
        makeStandby(primary, standbyDir);
        console.log(`Standby copied in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
      }
      standby = startCluster(standbyDir, standbyPort, settings);
    }
    const env = { DATABASE_URL: primary.url, REPORTS_DATABASE_URL: (standby ?? primary).url, SEED: 'none' };
    servers = [await spawnServer(root, 'scripts/bench/serve.ts', env, { waitSeconds: 600 })];
    const first = servers[0] as ServerProcess;
    const session = await signIn(first.base, businessId);
    const bench = await benchTargets(primary.url, businessId);
    if (parts.has('reads')) await benchChainReads(session, bench);
    if (parts.has('postings'))
      await benchPostingsOfChain(root, env, servers, session, bench, businessId, seconds, primary.url);
    if (parts.has('z')) await benchChainZ(session, bench);
    if (parts.has('reports')) await benchChainReports(session, seconds);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (standby) stopCluster(standbyDir);
    stopCluster(primaryDir);
  }
}

async function benchPostingsOfChain(
  root: string,
  env: Record<string, string>,
  servers: ServerProcess[],
  session: Session,
  bench: ChainTargets,
  businessId: number,
  seconds: number,
  primaryUrl: string,
): Promise<void> {
  const oneProcess = await benchChainPostings([session], bench, seconds);
  for (let started = 1; started < 4; started += 1) {
    servers.push(await spawnServer(root, 'scripts/bench/serve.ts', env, { waitSeconds: 600 }));
  }
  const sessions = await Promise.all(servers.map((server) => signIn(server.base, businessId)));
  const fourProcesses = await benchChainPostings(sessions, bench, seconds);
  const floor = await counterFloor(primaryUrl, connections, seconds);
  const share = (figures: Figures) => `${((figures.perSecond / floor) * 100).toFixed(0)}%`;
  printTable(
    `Chain postings over distinct items, one-line invoices, ${connections} clients, ${seconds} s; floor: one-row UPDATE + COMMIT at ${connections} clients, ${floor.toFixed(0)}/s`,
    ['server processes', 'invoices/s', 'p50 ms', 'p99 ms', 'non-2xx', 'share of floor'],
    [
      [
        '1',
        oneProcess.perSecond.toFixed(0),
        ms(oneProcess.p50),
        ms(oneProcess.p99),
        String(oneProcess.failures),
        share(oneProcess),
      ],
      [
        '4',
        fourProcesses.perSecond.toFixed(0),
        ms(fourProcesses.p50),
        ms(fourProcesses.p99),
        String(fourProcesses.failures),
        share(fourProcesses),
      ],
    ],
  );
}

const ms = (value: number) => value.toFixed(1);

// --- The load -------------------------------------------------------------------------------------------------

async function buildChain(db: Kysely<Database>): Promise<number> {
  await sql`CREATE TABLE IF NOT EXISTS bench_chain_steps (name text PRIMARY KEY, done_at text NOT NULL)`.execute(db);
  const step = async (name: string, work: () => Promise<void>) => {
    const done = await sql<{ name: string }>`SELECT name FROM bench_chain_steps WHERE name = ${name}`.execute(db);
    if (done.rows.length > 0) return;
    const started = performance.now();
    await work();
    await sql`INSERT INTO bench_chain_steps VALUES (${name}, ${new Date().toISOString()})`.execute(db);
    console.log(`Chain: ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  };
  // The schema is brought up to date on every run, so that a chain loaded before a migration gains it.
  await migrateToLatest(db);
  await step('schema and demo business', async () => {
    await seedDatabase(db, { demo: true, passwordCost: owaspScryptCost, now: new Date() });
  });
  const business = await db.selectFrom('businesses').select('id').orderBy('id').executeTakeFirstOrThrow();
  const businessId = business.id;
  const at = new Date().toISOString();
  const tenant = sql`${businessId}, ${at}, ${at}, NULL, NULL, NULL`;
  // Bulk statements run without row triggers (the list totals, the kept ledger values); each is counted once after.
  const bulk = (work: (trx: Kysely<Database>) => Promise<void>) =>
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await work(trx);
    });

  await step('branches, warehouses and terminals', () =>
    bulk(async (trx) => {
      await sql`
        INSERT INTO branches (business_id, created_at, updated_at, deleted_at, created_by, updated_by, code, name)
        SELECT ${tenant}, 'CH' || lpad(n::text, 3, '0'), 'Chain Branch ' || n
        FROM generate_series(1, ${sql.lit(chain.branches)}) AS n`.execute(trx);
      await sql`
        INSERT INTO warehouses (business_id, created_at, updated_at, deleted_at, created_by, updated_by, code, name)
        SELECT ${tenant}, 'CHW' || n, 'Chain Warehouse ' || n FROM generate_series(1, ${sql.lit(chain.warehouses)}) AS n`.execute(
        trx,
      );
      await sql`
        INSERT INTO terminals (business_id, created_at, updated_at, deleted_at, created_by, updated_by, branch_id, name,
          active, series_key)
        SELECT ${tenant}, id, 'Terminal 1', 1, 'B' || lpad(id::text, 5, '0')
        FROM branches WHERE business_id = ${businessId} AND code LIKE 'CH%' ORDER BY id`.execute(trx);
    }),
  );
  const chainBranches = await db
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', businessId)
    .where('code', 'like', 'CH%')
    .orderBy('id')
    .execute();
  const firstBranch = chainBranches[0]?.id ?? 0;
  await step('items', () => bulk((trx) => addBenchItems(trx, businessId, chain.items)));
  await step('contacts', () =>
    bulk(async (trx) => {
      const customer = await trx
        .selectFrom('contact_types')
        .select('id')
        .where('business_id', '=', businessId)
        .where('name', '=', 'Customer')
        .executeTakeFirstOrThrow();
      const first = sqlWords(['Maria', 'Jose', 'Ana', 'Juan', 'Rosa', 'Carlo', 'Liza', 'Paolo', 'Grace', 'Miguel']);
      const last = sqlWords(['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Villanueva']);
      await sql`
        INSERT INTO contacts (business_id, created_at, updated_at, deleted_at, created_by, updated_by, contact_type_id,
          name, phone, mobile)
        SELECT ${tenant}, ${customer.id}, ${first(sql`n % 10`)} || ' ' || ${last(sql`(n / 10) % 8`)} || ' ' || n,
          '0917' || lpad(n::text, 7, '0'), '+63917' || lpad(n::text, 7, '0')
        FROM generate_series(0, ${sql.lit(chain.contacts - 1)}) AS n`.execute(trx);
    }),
  );
  await step('stock at every location', () =>
    bulk(async (trx) => {
      // Each branch stocks its own run of items, each warehouse every item; the opening movement of each row.
      await sql`
        INSERT INTO stocks (business_id, created_at, updated_at, deleted_at, created_by, updated_by, branch_id,
          warehouse_id, item_id, location_key, quantity_on_hand, quantity_in_transit, average_unit_cost, value_on_hand)
        SELECT ${tenant}, b.id, NULL, item.id, 'B' || b.id, 1000000, 0, 50000, 50000000
        FROM branches b CROSS JOIN generate_series(0, ${sql.lit(chain.itemsPerBranch - 1)}) AS k
        JOIN items item ON item.business_id = ${businessId}
          AND item.code = 'BENCH-' || lpad((((b.id - ${firstBranch}) * 500 + k) % ${chain.items})::text, 7, '0')
        WHERE b.business_id = ${businessId} AND b.code LIKE 'CH%'
        ORDER BY b.id, k`.execute(trx);
      await sql`
        INSERT INTO stocks (business_id, created_at, updated_at, deleted_at, created_by, updated_by, branch_id,
          warehouse_id, item_id, location_key, quantity_on_hand, quantity_in_transit, average_unit_cost, value_on_hand)
        SELECT ${tenant}, NULL, w.id, item.id, 'W' || w.id, 1000000, 0, 50000, 50000000
        FROM warehouses w JOIN items item ON item.business_id = ${businessId} AND item.code LIKE 'BENCH-%'
        WHERE w.business_id = ${businessId} AND w.code LIKE 'CHW%'
        ORDER BY w.id, item.id`.execute(trx);
      await sql`
        INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance, quantity_delta,
          unit_cost, document_type, document_id, document_line_id, document_number, occurred_at, created_by)
        SELECT business_id, id, item_id, branch_id, warehouse_id, 'on_hand', 1000000, 50000, 'opening-balance', id,
          NULL, NULL, ${daysAgo(sql`${chain.days}`)}, NULL
        FROM stocks WHERE business_id = ${businessId} AND (location_key LIKE 'B%' OR location_key LIKE 'W%')
          AND created_at = ${at}`.execute(trx);
    }),
  );
  const firstStock = await db
    .selectFrom('stocks')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('business_id', '=', businessId)
    .where('branch_id', '=', firstBranch)
    .executeTakeFirstOrThrow();
  const firstTerminal = await db
    .selectFrom('terminals')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('branch_id', '=', firstBranch)
    .executeTakeFirstOrThrow();
  const contactsFrom = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('business_id', '=', businessId)
    .where('mobile', 'like', '+63917%')
    .executeTakeFirstOrThrow();
  for (let from = 0; from < chain.invoices; from += chunk) {
    const to = Math.min(chain.invoices, from + chunk) - 1;
    await step(`invoices ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')}`, () =>
      bulk((trx) =>
        addInvoices(trx, {
          businessId,
          from,
          to,
          firstBranch,
          firstStock: Number(firstStock.id),
          firstTerminal: Number(firstTerminal.id),
          firstContact: Number(contactsFrom.id),
          at,
        }),
      ),
    );
  }
  // The rest of the ledger: receipts and transfers in and out again on the warehouses' and branches' stock over the
  // five years, changing no balance.
  const historyStocks = await db
    .selectFrom('stocks')
    .innerJoin('warehouses', 'warehouses.id', 'stocks.warehouse_id')
    .select((eb) => [eb.fn.min('stocks.id').as('first'), eb.fn.countAll<number>().as('count')])
    .where('stocks.business_id', '=', businessId)
    .where('warehouses.code', 'like', 'CHW%')
    .executeTakeFirstOrThrow();
  const pairs = Math.max(0, Math.floor((chain.movements - (await movementTotal(db))) / 2));
  for (let from = 0; from < pairs; from += chunk) {
    const to = Math.min(pairs, from + chunk) - 1;
    await step(`history pairs ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')}`, () =>
      bulk(async (trx) => {
        for (const delta of [1000, -1000]) {
          await sql`
            INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance,
              quantity_delta, unit_cost, document_type, document_id, document_line_id, document_number, occurred_at,
              created_by)
            SELECT s.business_id, s.id, s.item_id, s.branch_id, s.warehouse_id, 'on_hand', ${sql.lit(delta)}, 50000,
              'bench-history', n, NULL, NULL, ${daysAgo(sql`n % ${chain.days}`)}, NULL
            FROM generate_series(${sql.lit(from)}, ${sql.lit(to)}) AS n
            JOIN stocks s ON s.id = ${Number(historyStocks.first)} + n % ${Number(historyStocks.count)}`.execute(trx);
        }
      }),
    );
  }
  await step('balances, totals and kept values', async () => {
    await bulk(async (trx) => {
      await sql`
        UPDATE stocks s SET quantity_on_hand = m.quantity, value_on_hand = m.quantity * s.average_unit_cost / 1000
        FROM (SELECT stock_id, SUM(quantity_delta) AS quantity FROM stock_movements
          WHERE business_id = ${businessId} AND balance = 'on_hand' GROUP BY stock_id) AS m
        WHERE s.id = m.stock_id AND s.business_id = ${businessId}`.execute(trx);
      for (const table of ['branches', 'warehouses', 'terminals', 'items', 'contacts', 'stocks', 'invoices'] as const) {
        await recountTotals(trx, businessId, table);
      }
      await sql`DELETE FROM record_count_changes WHERE business_id = ${businessId}`.execute(trx);
      await sql`
        INSERT INTO record_counts (business_id, table_name, active, trashed)
        SELECT ${businessId}, 'invoice_payments', COUNT(*), 0 FROM invoice_payments WHERE business_id = ${businessId}
        ON CONFLICT (business_id, table_name) DO UPDATE SET active = excluded.active`.execute(trx);
    });
    await recountStockLedgerValues(db as unknown as Kysely<unknown>);
  });
  await step('kept last sales', () => recountItemLastSales(db as unknown as Kysely<unknown>));
  await step('search indexes', async () => {
    await ensureSearchIndexes(db, searchIndexesOf(resources));
  });
  await step('planner statistics', async () => {
    await sql`VACUUM ANALYZE`.execute(db);
  });
  return businessId;
}

type InvoiceRange = {
  businessId: number;
  from: number;
  to: number;
  firstBranch: number;
  firstStock: number;
  firstTerminal: number;
  firstContact: number;
  at: string;
};

// Invoice n: at branch n % 100, on day n % 1826 before today, for contact n % 200,000, one line of one of the
// branch's stocked items; paid the same day but one in twenty; its sale movement posted on its day.
async function addInvoices(trx: Kysely<Database>, range: InvoiceRange): Promise<void> {
  const { businessId, from, to, at } = range;
  const before = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const after = Number(before.id ?? 0);
  await sql`
    INSERT INTO invoices (business_id, created_at, updated_at, deleted_at, created_by, updated_by, number,
      reference_number, contact_id, branch_id, terminal_id, invoice_date, amount_paid, status, subtotal, discount_total,
      total, vatable_sales, vat_amount)
    SELECT ${businessId}, ${at}, ${at}, NULL, NULL, NULL, 'CH-' || lpad(n::text, 8, '0'), 'CH-' || n,
      ${range.firstContact} + n % ${chain.contacts}, ${range.firstBranch} + n % ${chain.branches},
      ${range.firstTerminal} + n % ${chain.branches},
      to_char(CURRENT_DATE - 1 - (n % ${chain.days}), 'YYYY-MM-DD'),
      CASE WHEN n % 20 <> 0 THEN 112000 ELSE 0 END, CASE WHEN n % 20 <> 0 THEN 'paid' ELSE 'unpaid' END,
      112000, 0, 112000, 100000, 12000
    FROM generate_series(${sql.lit(from)}, ${sql.lit(to)}) AS n ORDER BY n`.execute(trx);
  await sql`
    INSERT INTO invoice_lines (business_id, invoice_id, position, created_at, updated_at, item_id, quantity,
      unit_price, discount_percent, amount, unit_cost, vat_amount)
    SELECT v.business_id, v.id, 1, ${at}, ${at}, s.item_id, 1000, 112000, NULL, 112000, 50000, 12000
    FROM invoices v
    JOIN stocks s ON s.id = ${range.firstStock} + (v.branch_id - ${range.firstBranch}) * ${chain.itemsPerBranch}
      + (v.id / ${chain.branches}) % ${chain.itemsPerBranch}
    WHERE v.business_id = ${businessId} AND v.id > ${after}`.execute(trx);
  await sql`
    INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance, quantity_delta,
      unit_cost, document_type, document_id, document_line_id, document_number, occurred_at, created_by)
    SELECT v.business_id, s.id, l.item_id, v.branch_id, NULL, 'on_hand', -1000, 50000, 'invoice', v.id, l.id,
      v.number, v.invoice_date || 'T03:00:00.000Z', NULL
    FROM invoice_lines l
    JOIN invoices v ON v.id = l.invoice_id
    JOIN stocks s ON s.id = ${range.firstStock} + (v.branch_id - ${range.firstBranch}) * ${chain.itemsPerBranch}
      + (v.id / ${chain.branches}) % ${chain.itemsPerBranch}
    WHERE v.business_id = ${businessId} AND v.id > ${after}`.execute(trx);
  await sql`
    INSERT INTO invoice_payments (business_id, created_at, updated_at, deleted_at, created_by, updated_by, number,
      invoice_id, payment_date, amount, payment_method, terminal_id)
    SELECT business_id, ${at}, ${at}, NULL, NULL, NULL, 'CHP-' || id, id, invoice_date, 112000, 'cash', terminal_id
    FROM invoices WHERE business_id = ${businessId} AND id > ${after} AND status = 'paid'`.execute(trx);
}

const daysAgo = (days: ReturnType<typeof sql>) =>
  sql`to_char((now() AT TIME ZONE 'UTC') - (${days}) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function sqlWords(words: readonly string[]) {
  return (index: ReturnType<typeof sql>) =>
    sql`(ARRAY[${sql.join(words.map((word) => sql.lit(word)))}])[(${index}) + 1]`;
}

async function movementTotal(db: Kysely<Database>): Promise<number> {
  const counted = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM stock_movements`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

// --- The measures -------------------------------------------------------------------------------------------------

type ChainTargets = {
  db: Kysely<Database>;
  businessId: number;
  branchId: number;
  invoiceId: number;
  stockId: number;
  invoices: number;
};

// The branch the postings and the Z take place at: the last chain branch whose today is still open (a run's Z closes
// its branch's day, so a second run the same day takes the next), its days up to yesterday closed, as a chain's are,
// so that today's Z closes today alone.
async function benchTargets(url: string, businessId: number): Promise<ChainTargets> {
  const db = connectDatabase({ kind: 'postgres', url, maxConnections: 2 });
  const branch = await db
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', businessId)
    .where('code', 'like', 'CH%')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('z_readings')
            .select('z_readings.id')
            .whereRef('z_readings.branch_id', '=', 'branches.id')
            .where('z_readings.business_date', '=', businessDate(new Date())),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const terminal = await db
    .selectFrom('terminals')
    .select('id')
    .where('branch_id', '=', branch.id)
    .executeTakeFirstOrThrow();
  const yesterday = businessDate(new Date(Date.now() - 86_400_000));
  await sql`
    INSERT INTO z_readings (business_id, created_at, updated_at, branch_id, business_date, number, z_counter, figures,
      net_sales, previous_grand_total, accumulated_grand_total, cash_difference, terminal_id)
    SELECT ${businessId}, now()::text, now()::text, ${branch.id}, ${yesterday}, 'CH-Z-' || ${branch.id}, ${chain.days},
      '{}', 0, 0, 0, 0, ${terminal.id}
    WHERE NOT EXISTS (SELECT 1 FROM z_readings WHERE branch_id = ${branch.id} AND business_date >= ${yesterday})`.execute(
    db,
  );
  const middle = await sql<{ id: number }>`
    SELECT id FROM invoices WHERE business_id = ${businessId} ORDER BY id OFFSET ${Math.floor(chain.invoices / 2)} LIMIT 1`.execute(
    db,
  );
  const stock = await db
    .selectFrom('stocks')
    .select('id')
    .where('business_id', '=', businessId)
    .where('warehouse_id', '=', sql<number>`(SELECT MIN(id) FROM warehouses WHERE code LIKE 'CHW%')`)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    db,
    businessId,
    branchId: branch.id,
    stockId: stock.id,
    invoiceId: middle.rows[0]?.id ?? 1,
    invoices: chain.invoices,
  };
}

async function benchChainReads(session: Session, bench: ChainTargets): Promise<void> {
  const get = (path: string) =>
    measureHttp({ url: `${session.base}${path}`, headers: session.read, connections, seconds: 5 });
  const varied = (base: string, texts: readonly string[]) => {
    let asked = 0;
    return measureHttp({
      url: `${session.base}${base}`,
      headers: session.read,
      connections,
      seconds: 5,
      pathFor: () => `${base}?search=${encodeURIComponent(texts[asked++ % texts.length] ?? '')}`,
    });
  };
  // Phone digits no request has asked: each names its own contacts.
  const phoneTexts = shuffled(Array.from({ length: 20_000 }, (_, index) => `0917${String(index).padStart(5, '0')}`));
  const numberTexts = Array.from({ length: 50_000 }, () =>
    `CH-${String(Math.floor(Math.random() * chain.invoices)).padStart(8, '0')}`.slice(
      0,
      9 + Math.floor(Math.random() * 3),
    ),
  );
  const deep = Math.floor(chain.invoices / 15 / 2);
  const cases: [string, Promise<Figures> | (() => Promise<Figures>)][] = [
    [`items: quick search, never seen (varied texts)`, () => varied('/api/items', variedTexts(chain.items))],
    ['contacts: search by phone digits, never seen', () => varied('/api/contacts', phoneTexts)],
    ['invoices: search by number, never seen', () => varied('/api/invoices', numberTexts)],
    ['invoices: list page 1', () => get('/api/invoices?page=1&per_page=15')],
    [`invoices: list page ${deep.toLocaleString('en-US')}`, () => get(`/api/invoices?page=${deep}&per_page=15`)],
    ['invoices: one branch, page 1', () => get(`/api/invoices?page=1&per_page=15&branch_id=${bench.branchId}`)],
    [
      'a warehouse stock: its movements, page 1',
      () => get(`/api/stocks/${bench.stockId}/movements?page=1&per_page=15`),
    ],
    ['stocks: list page 1', () => get('/api/stocks?page=1&per_page=15')],
    ['invoices: read one', () => get(`/api/invoices/${bench.invoiceId}`)],
  ];
  const rows: string[][] = [];
  for (const [label, run] of cases) {
    const figures = await (typeof run === 'function' ? run() : run);
    rows.push([label, figures.perSecond.toFixed(0), ms(figures.p50), ms(figures.p99), String(figures.failures)]);
  }
  printTable(
    `Chain reads over HTTP: ${chain.items.toLocaleString('en-US')} items, ${chain.contacts.toLocaleString('en-US')} contacts, ${bench.invoices.toLocaleString('en-US')} invoices, ${chain.movements.toLocaleString('en-US')} movements; ${connections} connections, 5 s each`,
    ['case', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
    rows,
  );
}

// One-line invoices at the bench branch over its distinct stocked items, the load spread over the server processes.
async function benchChainPostings(sessions: Session[], bench: ChainTargets, seconds: number): Promise<Figures> {
  const body = await invoiceInputs({ db: bench.db, businessId: bench.businessId, branchId: bench.branchId }, 1);
  const first = sessions[0] as Session;
  const tried = await fetch(`${first.base}/api/invoices`, {
    method: 'POST',
    headers: first.write,
    body: JSON.stringify(body()),
  });
  if (!tried.ok) console.log(`Chain: a posting answered ${tried.status}: ${(await tried.text()).slice(0, 300)}`);
  const share = Math.max(1, Math.floor(connections / sessions.length));
  const results = await Promise.all(
    sessions.map((session) =>
      measureHttp({
        url: `${session.base}/api/invoices`,
        headers: session.write,
        connections: share,
        seconds,
        method: 'POST',
        bodyFor: () => JSON.stringify(body()),
      }),
    ),
  );
  return {
    perSecond: results.reduce((sum, figures) => sum + figures.perSecond, 0),
    p50: Math.max(...results.map((figures) => figures.p50)),
    p99: Math.max(...results.map((figures) => figures.p99)),
    failures: results.reduce((sum, figures) => sum + figures.failures, 0),
  };
}

// The bench branch's Z after the postings: one, as a day has.
async function benchChainZ(session: Session, bench: ChainTargets): Promise<void> {
  const started = performance.now();
  const answer = await fetch(`${session.base}/api/z-readings`, {
    method: 'POST',
    headers: session.write,
    body: JSON.stringify({ branch_id: bench.branchId, business_date: businessDate(new Date()) }),
  });
  const took = performance.now() - started;
  const text = answer.ok ? '' : ` (${(await answer.text()).slice(0, 200)})`;
  console.log(`Chain: the bench branch's Z-reading answered ${answer.status} in ${took.toFixed(0)} ms${text}.`);
  await bench.db.destroy();
}

// Every owner's report and book, its default figures (this month, today), one request at a time, from the replica.
async function benchChainReports(session: Session, seconds: number): Promise<void> {
  const rows: string[][] = [];
  for (const report of ownerReports) {
    const { durations, failures, flagged } = await measureOneAtATime(
      `${session.base}/api/reports/${report.name}`,
      session.read,
      seconds,
      { most: 200, flag: (body) => typeof body === 'object' && body !== null && 'figures_at' in body },
    );
    const at = (fraction: number) => ms(percentile(durations, fraction));
    rows.push([report.name, String(durations.length), at(0.5), at(0.95), String(failures), String(flagged)]);
  }
  printTable(
    'Chain: every owner report and book from the streaming replica, one request at a time (ms)',
    ['report', 'requests', 'p50', 'p95', 'non-2xx', 'figures behind'],
    rows,
  );
}
