import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { resources } from '../../server/areas/index.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/demo/index.ts';
import type { Location } from '../../server/domain/location.ts';
import { locationKey } from '../../server/domain/location.ts';
import { foldCountChanges } from '../../server/engine/maintained-total.ts';
import { ensureSearchIndexes, searchIndexesOf } from '../../server/engine/search/search-index.ts';

// SQLite by default; PostgreSQL when BENCH_DATABASE_URL names a database, in a schema of its own.
export type BenchTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

// One database per data set: `name` is its SQLite file in .bench/ or its PostgreSQL schema.
export type BenchData = { name: string; items: number; stockedItems: number };

// The URL a server process uses to reach the same data: PostgreSQL's search_path set to the bench schema.
export function serverDatabaseUrl(target: BenchTarget, data: BenchData): string | null {
  if (target.kind === 'sqlite') return null;
  const url = new URL(target.url);
  url.searchParams.set('options', `-c search_path=${schemaOf(data)}`);
  return url.toString();
}

export function sqlitePathOf(directory: string, data: BenchData): string {
  return join(directory, `${data.name}.db`);
}

const schemaOf = (data: BenchData) => `spectacle_${data.name.replaceAll('-', '_')}`;

export type BenchDatabase = {
  db: Kysely<Database>;
  businessId: number;
  branchId: number;
  locations: Location[];
  sampleItemId: number;
  searchText: string;
};

export const frameWords = ['Aviator', 'Wayfarer', 'Clubmaster', 'Round', 'Cat Eye', 'Rectangle', 'Browline', 'Oval'];
export const lensWords = ['Single Vision', 'Progressive', 'Bifocal', 'Blue Cut', 'Photochromic', 'Polarized'];

// The demo business plus `data.items` more items (with their own brands and types), and for the first
// `data.stockedItems` of them a stock row with an opening movement at each of 3 locations, so that list and stock
// queries see production-sized tables. Built in one transaction of set-based INSERT ... SELECT statements.
export async function openBenchDatabase(
  target: BenchTarget,
  data: BenchData,
  rebuild: boolean,
): Promise<BenchDatabase> {
  const { db, fresh } = await connectBench(target, data, rebuild);
  await migrateToLatest(db);
  await seedDatabase(db, { demo: true, passwordCost: owaspScryptCost, now: new Date() });
  const business = await db.selectFrom('businesses').select('id').orderBy('id').executeTakeFirstOrThrow();
  const businessId = business.id;
  const branches = await db.selectFrom('branches').select('id').where('business_id', '=', businessId).execute();
  const warehouses = await db.selectFrom('warehouses').select('id').where('business_id', '=', businessId).execute();
  const locations: Location[] = [
    ...branches.map((branch) => ({ branch_id: branch.id, warehouse_id: null })),
    ...warehouses.map((warehouse) => ({ branch_id: null, warehouse_id: warehouse.id })),
  ].slice(0, 3);
  if (fresh) {
    await db.transaction().execute(async (trx) => {
      // PostgreSQL's row triggers keeping the list totals update one counter row per inserted row: a million
      // versions of one row in one transaction, each found by walking the ones before it. The load runs without
      // them, and the totals are counted once after it.
      const postgres = dialectOf(trx) === 'postgres';
      if (postgres) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await addBenchItems(trx, businessId, data.items);
      await addOpeningStock(trx, businessId, locations, data.stockedItems);
      if (postgres) {
        await sql`SET LOCAL session_replication_role = DEFAULT`.execute(trx);
        for (const table of ['items', 'stocks'] as const) await recountTotals(trx, businessId, table);
      }
    });
  }
  // The search indexes in bulk, once, rather than row by row while loading; the server finds them built. A data set
  // built before a change of an index's layout is rebuilt here, not in the server's start, which the bench times.
  const indexed = await ensureSearchIndexes(db, searchIndexesOf(resources));
  if (fresh) {
    // The 300,000 stock rows' count changes (PostgreSQL), folded as the first lists read on a live database fold
    // them; otherwise the first seconds of the bench add them up on every stocks page.
    await foldCountChanges(db, businessId, 'stocks');
  }
  if (fresh || indexed) {
    // Planner statistics, as after any bulk load, and on PostgreSQL the folded rows' space reclaimed: its
    // autovacuum would do both later on its own.
    await (dialectOf(db) === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
  }
  // On SQLite the load's pages are copied from the write-ahead log into the file, as a shop's long since were: a
  // fresh 1,000,000-item load left 400 MB in the log, and a read of a page still there looks it up in the log first.
  if (dialectOf(db) === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);

  const sample = await db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id', 'desc')
    .offset(Math.floor(data.items / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const branchId = branches[0]?.id;
  if (branchId === undefined) throw new Error('The demo business has no branch.');
  return { db, businessId, branchId, locations, sampleItemId: sample.id, searchText: 'Clubmaster 4' };
}

export async function recountTotals(db: Kysely<Database>, businessId: number, table: string): Promise<void> {
  await sql`DELETE FROM record_count_changes WHERE business_id = ${businessId} AND table_name = ${table}`.execute(db);
  await sql`
    INSERT INTO record_counts (business_id, table_name, active, trashed)
    SELECT ${businessId}, ${table}, COUNT(*) FILTER (WHERE deleted_at IS NULL),
      COUNT(*) FILTER (WHERE deleted_at IS NOT NULL)
    FROM ${sql.table(table)} WHERE business_id = ${businessId}
    ON CONFLICT (business_id, table_name) DO UPDATE SET active = excluded.active, trashed = excluded.trashed`.execute(
    db,
  );
}

async function connectBench(target: BenchTarget, data: BenchData, rebuild: boolean) {
  if (target.kind === 'sqlite') {
    if (rebuild) for (const suffix of ['', '-wal', '-shm']) rmSync(`${target.path}${suffix}`, { force: true });
    const fresh = !existsSync(target.path);
    mkdirSync(dirname(target.path), { recursive: true });
    return { db: connectDatabase(target), fresh };
  }
  const schema = schemaOf(data);
  const admin = connectDatabase({ kind: 'postgres', url: target.url, maxConnections: 1 });
  try {
    if (rebuild) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(admin);
    const existing = await sql<{ found: number }>`
      SELECT 1 AS found FROM information_schema.schemata WHERE schema_name = ${schema}`.execute(admin);
    if (existing.rows.length === 0) await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(admin);
    return {
      db: connectDatabase({ kind: 'postgres', url: target.url, searchPath: schema }),
      fresh: existing.rows.length === 0,
    };
  } finally {
    await admin.destroy();
  }
}

// The numbers 0 .. count-1 as rows of one column `n`.
export function numbers(db: Kysely<Database>, count: number) {
  return dialectOf(db) === 'postgres'
    ? sql`SELECT generate_series(0, ${count - 1}) AS n`
    : sql`WITH RECURSIVE counter(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM counter WHERE n < ${count - 1})
        SELECT n FROM counter`;
}

function wordOf(words: readonly string[]) {
  return sql`CASE n % ${sql.lit(words.length)} ${sql.join(
    words.map((word, index) => sql`WHEN ${sql.lit(index)} THEN ${sql.lit(word)}`),
    sql` `,
  )} END`;
}

export async function addBenchItems(db: Kysely<Database>, businessId: number, itemCount: number): Promise<void> {
  const at = new Date().toISOString();
  const tenant = { business_id: businessId, created_at: at, updated_at: at, created_by: null, updated_by: null };
  const unit = await db
    .selectFrom('unit_of_measurements')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const brandIds = await db
    .insertInto('brands')
    .values(
      Array.from({ length: 200 }, (_, index) => ({ ...tenant, name: `Bench Brand ${index + 1}`, description: null })),
    )
    .returning('id')
    .execute();
  const typeIds = await db
    .insertInto('item_types')
    .values(
      Array.from({ length: 20 }, (_, index) => ({ ...tenant, name: `Bench Type ${index + 1}`, description: null })),
    )
    .returning('id')
    .execute();
  const postgres = dialectOf(db) === 'postgres';
  const text = (value: ReturnType<typeof sql>) => (postgres ? sql`(${value})::text` : sql`CAST(${value} AS TEXT)`);
  const brandOf = sql`CASE n % 200 ${sql.join(
    brandIds.map((brand, index) => sql`WHEN ${sql.lit(index)} THEN ${sql.lit(brand.id)}`),
    sql` `,
  )} END`;
  const typeOf = sql`CASE n % 20 ${sql.join(
    typeIds.map((type, index) => sql`WHEN ${sql.lit(index)} THEN ${sql.lit(type.id)}`),
    sql` `,
  )} END`;
  const code = postgres ? sql`'BENCH-' || lpad(n::text, 7, '0')` : sql`printf('BENCH-%07d', n)`;
  await sql`
    INSERT INTO items (business_id, created_at, updated_at, deleted_at, created_by, updated_by, code, barcode, name,
      description, brand_id, item_type_id, item_classification_id, unit_of_measurement_id, is_inventory_tracked,
      reorder_level)
    SELECT ${businessId}, ${at}, ${at}, NULL, NULL, NULL, ${code}, ${text(sql`4800000000000 + n`)},
      CASE WHEN n % 3 <> 0 THEN ${wordOf(frameWords)} ELSE ${wordOf(lensWords)} END || ' ' || ${text(sql`n`)},
      NULL, ${brandOf}, ${typeOf}, NULL, ${unit.id}, 1, 2000
    FROM (${numbers(db, itemCount)}) AS counter`.execute(db);
}

async function addOpeningStock(
  db: Kysely<Database>,
  businessId: number,
  locations: Location[],
  stockedItems: number,
): Promise<void> {
  const at = new Date().toISOString();
  const places = sql.join(
    locations.map(
      (location) =>
        sql`SELECT CAST(${sql.lit(location.branch_id)} AS INTEGER) AS branch_id,
          CAST(${sql.lit(location.warehouse_id)} AS INTEGER) AS warehouse_id,
          ${sql.lit(locationKey(location))} AS location_key`,
    ),
    sql` UNION ALL `,
  );
  await sql`
    INSERT INTO stocks (business_id, item_id, branch_id, warehouse_id, location_key, quantity_on_hand,
      quantity_in_transit, average_unit_cost, created_at, updated_at, deleted_at, created_by, updated_by)
    SELECT ${businessId}, item.id, place.branch_id, place.warehouse_id, place.location_key,
      1000000, 0, 50000, ${at}, ${at}, NULL, NULL, NULL
    FROM (SELECT id FROM items WHERE business_id = ${businessId} AND code LIKE 'BENCH-%' ORDER BY id
      LIMIT ${stockedItems}) AS item
    CROSS JOIN (${places}) AS place
    ORDER BY item.id, place.location_key`.execute(db);
  await sql`
    INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance, quantity_delta,
      unit_cost, document_type, document_id, document_line_id, document_number, occurred_at, created_by)
    SELECT business_id, id, item_id, branch_id, warehouse_id, 'on_hand', 1000000, 50000, 'opening-balance', id,
      NULL, NULL, ${at}, NULL
    FROM stocks WHERE business_id = ${businessId} AND quantity_on_hand = 1000000 AND average_unit_cost = 50000
      AND created_at = ${at}`.execute(db);
}

// Grows the ledger to `target` movements with history that changes no balance: pairs of movements in and out
// again on existing stock rows, as years of receipts and sales would leave behind. With `spreadDays` the pairs
// are posted over that many past days, as a shop's would be, rather than all now.
export async function growLedger(
  db: Kysely<Database>,
  businessId: number,
  target: number,
  spreadDays = 0,
): Promise<number> {
  const current = await movementCount(db);
  const pairs = Math.ceil(Math.max(0, target - current) / 2);
  if (pairs === 0) return current;
  // The opening stock rows were inserted by one statement, so their ids run without gaps.
  const opening = await db
    .selectFrom('stock_movements')
    .select((eb) => [eb.fn.min('stock_id').as('first'), eb.fn.countAll<number>().as('count')])
    .where('business_id', '=', businessId)
    .where('document_type', '=', 'opening-balance')
    .executeTakeFirstOrThrow();
  const first = Number(opening.first);
  const count = Number(opening.count);
  const now = new Date().toISOString();
  const at =
    spreadDays === 0
      ? sql`${now}`
      : dialectOf(db) === 'postgres'
        ? sql`to_char((${now}::timestamptz AT TIME ZONE 'UTC') - (counter.n % ${sql.lit(spreadDays)}) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${now}, '-' || (counter.n % ${sql.lit(spreadDays)}) || ' days')`;
  await db.transaction().execute(async (trx) => {
    for (const delta of [1000, -1000]) {
      await sql`
        INSERT INTO stock_movements (business_id, stock_id, item_id, branch_id, warehouse_id, balance,
          quantity_delta, unit_cost, document_type, document_id, document_line_id, document_number, occurred_at,
          created_by)
        SELECT stock.business_id, stock.id, stock.item_id, stock.branch_id, stock.warehouse_id, 'on_hand',
          ${sql.lit(delta)}, 50000, 'bench-history', counter.n, NULL, NULL, ${at}, NULL
        FROM (${numbers(trx, pairs)}) AS counter
        JOIN stocks AS stock ON stock.id = ${sql.lit(first)} + counter.n % ${sql.lit(count)}`.execute(trx);
    }
  });
  await sql`ANALYZE`.execute(db);
  return movementCount(db);
}

export async function movementCount(db: Kysely<Database>): Promise<number> {
  const counted = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

// Texts no process has seen, each with matches of its own, as cashiers type them: a catalogue word and the first
// one to four digits of a number below the catalogue's size ("Clubmaster 4", "Progressive 1093"), every text once,
// shuffled, so that neither the server's kept searches nor one text's matches in other spellings answer for them.
export function variedTexts(items: number): string[] {
  const words = [...frameWords, ...lensWords];
  const texts = new Set<string>();
  for (const word of words) {
    for (let digits = 1; digits <= Math.min(4, String(items).length); digits += 1) {
      for (let number = 10 ** (digits - 1); number < Math.min(10 ** digits, items); number += 1) {
        texts.add(`${word} ${number}`);
      }
    }
  }
  return shuffled([...texts]);
}

export function shuffled<T>(values: T[]): T[] {
  const result = [...values];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}
