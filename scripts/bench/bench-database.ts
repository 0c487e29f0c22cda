import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDatabase } from '../../server/db/seed/index.ts';
import type { Location } from '../../server/domain/location.ts';
import { locationKey } from '../../server/domain/location.ts';

// SQLite by default; PostgreSQL when BENCH_DATABASE_URL names a database, in a schema of its own.
export type BenchTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const benchSchema = 'spectacle_bench';

// The URL a server process uses to reach the same data: PostgreSQL's search_path set to the bench schema.
export function serverDatabaseUrl(target: BenchTarget): string | null {
  if (target.kind === 'sqlite') return null;
  const url = new URL(target.url);
  url.searchParams.set('options', `-c search_path=${benchSchema}`);
  return url.toString();
}

export type BenchDatabase = {
  db: Kysely<Database>;
  businessId: number;
  branchId: number;
  locations: Location[];
  sampleItemId: number;
  searchText: string;
};

const batch = 2_000;
const frameWords = ['Aviator', 'Wayfarer', 'Clubmaster', 'Round', 'Cat Eye', 'Rectangle', 'Browline', 'Oval'];
const lensWords = ['Single Vision', 'Progressive', 'Bifocal', 'Blue Cut', 'Photochromic', 'Polarized'];

// The demo business plus `itemCount` more items (with their own brands and types) and a stock row with an
// opening movement for every item at every location, so that list and stock queries see production-sized tables.
export async function openBenchDatabase(
  target: BenchTarget,
  itemCount: number,
  rebuild: boolean,
): Promise<BenchDatabase> {
  const { db, fresh } = await connectBench(target, rebuild);
  await migrateToLatest(db);
  await seedDatabase(db, { demo: true, passwordCost: owaspScryptCost, now: new Date() });
  const business = await db.selectFrom('businesses').select('id').orderBy('id').executeTakeFirstOrThrow();
  const businessId = business.id;
  if (fresh) await addBenchItems(db, businessId, itemCount);

  const branches = await db.selectFrom('branches').select('id').where('business_id', '=', businessId).execute();
  const warehouses = await db.selectFrom('warehouses').select('id').where('business_id', '=', businessId).execute();
  const locations: Location[] = [
    ...branches.map((branch) => ({ branch_id: branch.id, warehouse_id: null })),
    ...warehouses.map((warehouse) => ({ branch_id: null, warehouse_id: warehouse.id })),
  ].slice(0, 3);
  if (fresh) {
    await addOpeningStock(db, businessId, locations);
    // Planner statistics, as after any bulk load; PostgreSQL's autovacuum would gather them later on its own.
    await sql`ANALYZE`.execute(db);
  }

  const sample = await db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id', 'desc')
    .offset(Math.floor(itemCount / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const branchId = branches[0]?.id;
  if (branchId === undefined) throw new Error('The demo business has no branch.');
  return { db, businessId, branchId, locations, sampleItemId: sample.id, searchText: 'Clubmaster 4' };
}

async function connectBench(target: BenchTarget, rebuild: boolean) {
  if (target.kind === 'sqlite') {
    if (rebuild) for (const suffix of ['', '-wal', '-shm']) rmSync(`${target.path}${suffix}`, { force: true });
    const fresh = !existsSync(target.path);
    mkdirSync(dirname(target.path), { recursive: true });
    return { db: connectDatabase(target), fresh };
  }
  const admin = connectDatabase({ kind: 'postgres', url: target.url, maxConnections: 1 });
  try {
    if (rebuild) await sql`DROP SCHEMA IF EXISTS ${sql.id(benchSchema)} CASCADE`.execute(admin);
    const existing = await sql<{ found: number }>`
      SELECT 1 AS found FROM information_schema.schemata WHERE schema_name = ${benchSchema}`.execute(admin);
    if (existing.rows.length === 0) await sql`CREATE SCHEMA ${sql.id(benchSchema)}`.execute(admin);
    return {
      db: connectDatabase({ kind: 'postgres', url: target.url, searchPath: benchSchema }),
      fresh: existing.rows.length === 0,
    };
  } finally {
    await admin.destroy();
  }
}

async function addBenchItems(db: Kysely<Database>, businessId: number, itemCount: number): Promise<void> {
  const at = new Date().toISOString();
  const tenant = { business_id: businessId, created_at: at, updated_at: at, created_by: null, updated_by: null };
  const unit = await db
    .selectFrom('unit_of_measurements')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const brandIds: number[] = [];
  const typeIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let index = 1; index <= 200; index += 1) {
      const brand = await trx
        .insertInto('brands')
        .values({ ...tenant, name: `Bench Brand ${index}`, description: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      brandIds.push(brand.id);
    }
    for (let index = 1; index <= 20; index += 1) {
      const type = await trx
        .insertInto('item_types')
        .values({ ...tenant, name: `Bench Type ${index}`, description: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.push(type.id);
    }
  });
  for (let start = 0; start < itemCount; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(itemCount, start + batch); index += 1) {
      const isFrame = index % 3 !== 0;
      const words = isFrame ? frameWords : lensWords;
      rows.push({
        ...tenant,
        code: `BENCH-${String(index).padStart(6, '0')}`,
        barcode: String(4_800_000_000_000 + index),
        name: `${words[index % words.length]} ${index}`,
        description: null,
        brand_id: brandIds[index % brandIds.length] ?? null,
        item_type_id: typeIds[index % typeIds.length] ?? 0,
        item_classification_id: null,
        unit_of_measurement_id: unit.id,
        is_inventory_tracked: 1,
        reorder_level: 2_000,
      });
    }
    await db.insertInto('items').values(rows).execute();
  }
}

async function addOpeningStock(db: Kysely<Database>, businessId: number, locations: Location[]): Promise<void> {
  const at = new Date().toISOString();
  let lastId = 0;
  for (;;) {
    const items = await db
      .selectFrom('items')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(Math.floor(batch / locations.length))
      .execute();
    if (items.length === 0) return;
    lastId = items[items.length - 1]?.id ?? lastId;
    await db.transaction().execute(async (trx) => {
      for (const location of locations) {
        const stocks = await trx
          .insertInto('stocks')
          .values(
            items.map((item) => ({
              business_id: businessId,
              item_id: item.id,
              ...location,
              location_key: locationKey(location),
              quantity_on_hand: 1_000_000,
              quantity_in_transit: 0,
              average_unit_cost: 50_000,
              created_at: at,
              updated_at: at,
              deleted_at: null,
              created_by: null,
              updated_by: null,
            })),
          )
          .onConflict((conflict) => conflict.columns(['business_id', 'item_id', 'location_key']).doNothing())
          .returning(['id', 'item_id'])
          .execute();
        if (stocks.length === 0) continue;
        await trx
          .insertInto('stock_movements')
          .values(
            stocks.map((stock) => ({
              business_id: businessId,
              stock_id: stock.id,
              item_id: stock.item_id,
              ...location,
              balance: 'on_hand' as const,
              quantity_delta: 1_000_000,
              unit_cost: 50_000,
              document_type: 'opening-balance',
              document_id: stock.id,
              document_line_id: null,
              document_number: null,
              occurred_at: at,
              created_by: null,
            })),
          )
          .execute();
      }
    });
  }
}
