import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { fromThousandths } from '../../server/domain/quantity.ts';
import { Refusal } from '../../server/domain/refusal.ts';
import { refusalStatus } from '../../server/http/errors.ts';
import type { PostingContext } from '../../server/ledger/posting-context.ts';
import { addTerminal } from '../../server/ledger/terminals.ts';
import type { TestApi, TestClient } from '../support/test-api.ts';

export type LedgerFixture = {
  businessId: number;
  branchIds: [number, number];
  warehouseId: number;
  supplierId: number;
  customerId: number;
  itemIds: [number, number, number];
  serviceItemId: number;
};

// Master data a ledger test needs, written straight to the tables so these tests depend on no HTTP layer.
export async function createLedgerFixture(db: Kysely<Database>): Promise<LedgerFixture> {
  const at = new Date().toISOString();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null };
  const insertId = async <T extends keyof Database & string>(table: T, values: Record<string, unknown>) => {
    const row = await (db as unknown as Kysely<Record<string, { id: number }>>)
      .insertInto(table)
      .values({ ...audit, ...values } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const businessId = await insertId('businesses', { name: 'Clear Sight Optical' });
  const tenant = { business_id: businessId };
  const branchA = await insertId('branches', { ...tenant, code: 'MKT', name: 'Makati' });
  const branchB = await insertId('branches', { ...tenant, code: 'QC', name: 'Quezon City' });
  const warehouseId = await insertId('warehouses', { ...tenant, code: 'WH', name: 'Pasig Warehouse' });
  // Each branch comes with its first terminal, as one made through the API does.
  for (const branchId of [branchA, branchB]) {
    await addTerminal(db, { business_id: businessId, branch_id: branchId, name: 'Terminal 1', at, by: null });
  }
  const supplierType = await insertId('contact_types', { ...tenant, name: 'Supplier' });
  const customerType = await insertId('contact_types', { ...tenant, name: 'Customer' });
  const supplierId = await insertId('contacts', { ...tenant, contact_type_id: supplierType, name: 'Lens Supply Co.' });
  const customerId = await insertId('contacts', { ...tenant, contact_type_id: customerType, name: 'Maria Santos' });
  const mass = await insertId('measuring_masses', { ...tenant, name: 'Count' });
  const piece = await insertId('unit_of_measurements', {
    ...tenant,
    name: 'Piece',
    abbreviation: 'pc',
    measuring_mass_id: mass,
  });
  const frameType = await insertId('item_types', { ...tenant, name: 'Frame' });
  const serviceType = await insertId('item_types', { ...tenant, name: 'Service' });
  const item = (code: string, name: string, tracked = 1) =>
    insertId('items', {
      ...tenant,
      code,
      name,
      item_type_id: tracked ? frameType : serviceType,
      unit_of_measurement_id: piece,
      is_inventory_tracked: tracked,
      reorder_level: 2000,
    });
  const itemIds: [number, number, number] = [
    await item('RB-2140', 'Wayfarer frame'),
    await item('OA-1DAY', 'Daily contact lens'),
    await item('SOL-360', 'Lens solution 360 ml'),
  ];
  const serviceItemId = await item('EYE-EXAM', 'Eye examination', 0);
  return { businessId, branchIds: [branchA, branchB], warehouseId, supplierId, customerId, itemIds, serviceItemId };
}

// Runs one posting in its own transaction, as a request would.
export function posting<T>(
  db: Kysely<Database>,
  businessId: number,
  work: (context: PostingContext) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .execute((trx) =>
      work({ trx, dialect: dialectOf(db), businessId, userId: null, now: new Date(), holds: () => true }),
    );
}

export type Balance = { on_hand: number; in_transit: number };

export async function balanceOf(
  db: Kysely<Database>,
  businessId: number,
  itemId: number,
  locationKey: string,
): Promise<Balance> {
  const row = await db
    .selectFrom('stocks')
    .select(['quantity_on_hand', 'quantity_in_transit'])
    .where('business_id', '=', businessId)
    .where('item_id', '=', itemId)
    .where('location_key', '=', locationKey)
    .executeTakeFirst();
  return {
    on_hand: fromThousandths(Number(row?.quantity_on_hand ?? 0)),
    in_transit: fromThousandths(Number(row?.quantity_in_transit ?? 0)),
  };
}

// For every stock row and balance, the movements must add up to the figure on the row.
export async function ledgerMismatches(db: Kysely<Database>, businessId: number): Promise<string[]> {
  const stocks = await db.selectFrom('stocks').selectAll().where('business_id', '=', businessId).execute();
  const sums = await db
    .selectFrom('stock_movements')
    .select(['stock_id', 'balance', db.fn.sum<string | number>('quantity_delta').as('total')])
    .where('business_id', '=', businessId)
    .groupBy(['stock_id', 'balance'])
    .execute();
  const sumOf = (stockId: number, balance: string) =>
    Number(sums.find((row) => row.stock_id === stockId && row.balance === balance)?.total ?? 0);
  const mismatches: string[] = [];
  for (const stock of stocks) {
    if (sumOf(stock.id, 'on_hand') !== Number(stock.quantity_on_hand)) mismatches.push(`${stock.id} on hand`);
    if (sumOf(stock.id, 'in_transit') !== Number(stock.quantity_in_transit)) mismatches.push(`${stock.id} in transit`);
    if (Number(stock.quantity_on_hand) < 0 || Number(stock.quantity_in_transit) < 0)
      mismatches.push(`${stock.id} negative`);
  }
  return mismatches;
}

// The 422 a posting throws, as { status, errors } so that a test can name the field that was refused.
export async function refusalOf(
  work: Promise<unknown>,
): Promise<{ status: number; fields: string[]; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refusal) {
      const fields = error.errors ? Object.keys(error.errors) : [];
      return { status: refusalStatus[error.kind], fields, message: error.message };
    }
    throw error;
  }
  throw new Error('The posting was expected to be refused.');
}

// For every lot and balance, the movements naming the lot add up to the lot's row; and for every stock row of a
// lot-tracked item, its figures are the sums of its lots'.
export async function lotMismatches(db: Kysely<Database>, businessId: number): Promise<string[]> {
  const lots = await db.selectFrom('stock_lots').selectAll().where('business_id', '=', businessId).execute();
  const sums = await db
    .selectFrom('stock_movements')
    .select(['stock_lot_id', 'balance', db.fn.sum<string | number>('quantity_delta').as('total')])
    .where('business_id', '=', businessId)
    .where('stock_lot_id', 'is not', null)
    .groupBy(['stock_lot_id', 'balance'])
    .execute();
  const sumOf = (lotId: number, balance: string) =>
    Number(sums.find((row) => row.stock_lot_id === lotId && row.balance === balance)?.total ?? 0);
  const mismatches: string[] = [];
  for (const lot of lots) {
    if (sumOf(lot.id, 'on_hand') !== Number(lot.quantity_on_hand)) mismatches.push(`lot ${lot.lot_number} on hand`);
    if (sumOf(lot.id, 'in_transit') !== Number(lot.quantity_in_transit)) {
      mismatches.push(`lot ${lot.lot_number} in transit`);
    }
    if (Number(lot.quantity_on_hand) < 0 || Number(lot.quantity_in_transit) < 0) {
      mismatches.push(`lot ${lot.lot_number} negative`);
    }
  }
  const stocks = await db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .select(['stocks.id', 'stocks.quantity_on_hand', 'stocks.quantity_in_transit'])
    .where('stocks.business_id', '=', businessId)
    .where('items.is_lot_tracked', '=', 1)
    .execute();
  for (const stock of stocks) {
    const own = lots.filter((lot) => lot.stock_id === stock.id);
    const onHand = own.reduce((sum, lot) => sum + Number(lot.quantity_on_hand), 0);
    const inTransit = own.reduce((sum, lot) => sum + Number(lot.quantity_in_transit), 0);
    if (onHand !== Number(stock.quantity_on_hand)) mismatches.push(`stock ${stock.id} on hand is not its lots' sum`);
    if (inTransit !== Number(stock.quantity_in_transit)) {
      mismatches.push(`stock ${stock.id} in transit is not its lots' sum`);
    }
  }
  return mismatches;
}

// Two businesses' master data and an owner of both, signed in: what a test needs to show that one business's
// answers never hold the other's rows.
export async function twoBusinessesAndTheirOwner(
  api: TestApi,
): Promise<{ ours: LedgerFixture; theirs: LedgerFixture; admin: TestClient }> {
  const ours = await createLedgerFixture(api.db);
  const theirs = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [ours.businessId, theirs.businessId],
  });
  return { ours, theirs, admin: await api.signIn('owner@example.test') };
}
