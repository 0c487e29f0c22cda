import type { Kysely } from 'kysely';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import type { ResourceContext } from '../engine/resource.ts';
import type { PostingContext } from '../ledger/posting-context.ts';
import type { DemoMasterData } from './master-data.ts';

// The demo business posts through the areas' own services, as its admin unless another user is named (with the
// admin's permissions either way: the demo writes its own story), at a moment of its past.
export function demoContext(
  db: Kysely<Database>,
  master: Pick<DemoMasterData, 'businessId' | 'adminUserId'>,
  moment: Date,
  userId = master.adminUserId,
): PostingContext {
  return { trx: db, dialect: dialectOf(db), businessId: master.businessId, userId, now: moment, holds: () => true };
}

// The demo's admin at the engine's level, for what the seed reads and writes beside the postings (the history, the
// e-journal) as the API would have.
export function demoResourceContext(
  db: Kysely<Database>,
  master: Pick<DemoMasterData, 'businessId' | 'adminUserId'>,
  options: { passwordCost: ScryptCost; now: Date },
): ResourceContext {
  return {
    db,
    businessId: master.businessId,
    identity: {
      userId: master.adminUserId,
      sessionId: '',
      permissions: new Set(),
      fullAccess: true,
      businessIds: [master.businessId],
      existingBusinessId: master.businessId,
      home: null,
    },
    now: options.now.toISOString(),
    passwordCost: options.passwordCost,
  };
}

// A demo document's moment: the given UTC hour of its day, or now for a document of today whose hour has not come.
export function momentOn(date: string, hourUtc: number, now: Date): Date {
  return new Date(Math.min(Date.parse(`${date}T${String(hourUtc).padStart(2, '0')}:00:00Z`), now.getTime()));
}

// The business's stock rows with their items, from which the demo picks what it sells, adjusts and counts.
export function stockedItems(db: Kysely<Database>, master: Pick<DemoMasterData, 'businessId'>) {
  return db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .where('stocks.business_id', '=', master.businessId);
}

// What a demo invoice came to, in centavos, for the payments that settle it.
export async function invoiceTotalOf(db: Kysely<Database>, invoiceId: number): Promise<number> {
  const invoice = await db.selectFrom('invoices').select('total').where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return Number(invoice.total);
}

// The `skip`-th item of a type, by id, kept without lots and with at least three on hand somewhere: one the demo can
// sell or adjust at the stock row's location, which the caller names.
export function stockedOfType(
  db: Kysely<Database>,
  master: Pick<DemoMasterData, 'businessId'>,
  type: string,
  skip: number,
) {
  return stockedItems(db, master)
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .where('stocks.quantity_on_hand', '>=', 3000)
    .where('items.is_lot_tracked', '=', 0)
    .where('item_types.name', '=', type)
    .orderBy('items.id')
    .offset(skip)
    .limit(1);
}
