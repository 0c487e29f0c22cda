import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockTransfer, postStockTransfer } from '../../server/areas/logistics/stock-transfers-posting.ts';
import { arrivalPosting, createArrival } from '../../server/areas/logistics/transfer-arrivals.ts';
import { createReceiveOrder, postReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoice, postInvoice } from '../../server/areas/sales/invoices-posting.ts';
import { type Location, locationKey } from '../../server/domain/location.ts';
import { toThousandths } from '../../server/domain/quantity.ts';
import { Refusal } from '../../server/domain/refusal.ts';
import { type Posting, restoreDocument, voidDocument } from '../../server/ledger/document-lifecycle.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches, lotMismatches, posting } from './ledger-fixture.ts';

// The ledger of a lot-tracked item against a model that keeps every lot's balances itself and picks lots the way
// docs/domain/eye-care.md (Lots and expiry) says: the lot named, or the earliest expiry first (ties by lot number),
// never a lot that expired before the document's date; voids give back to the lots taken. After every random step the
// lots agree with the model, movements add up per lot, each stock row is the sum of its lots, and no expired box has
// left.

const today = '2026-11-21';
// L0 expired yesterday, L1 expires today (still good), L2 and L3 share a day (the lot number breaks the tie).
const lots = [
  { lot: 'L0', expires: '2026-11-20' },
  { lot: 'L1', expires: '2026-11-21' },
  { lot: 'L3', expires: '2027-01-15' },
  { lot: 'L2', expires: '2027-01-15' },
] as const;
const expiryOf = new Map<string, string>(lots.map((entry) => [entry.lot, entry.expires]));

type Kind = 'receive_orders' | 'invoices' | 'stock_transfers' | 'stock_receives' | 'stock_returns';
type Takes = Map<string, number>;
type ModelDocument = {
  kind: Kind;
  id: number;
  quantity: number;
  voided: boolean;
  place: Location;
  from?: Location;
  named: string | null;
  takes: Takes;
  transfer?: ModelDocument;
  lineId?: number;
  transit: Takes;
  arrived: number;
  // When it last posted, in the order of the model's postings.
  posted?: number;
};

type Operation =
  | { op: 'receive'; place: number; lot: number; quantity: number }
  | { op: 'invoice'; place: number; named: number | null; quantity: number }
  | { op: 'transfer'; place: number; to: number; named: number | null; quantity: number }
  | { op: 'stock-receive'; pick: number; lot: number; quantity: number }
  | { op: 'stock-return'; pick: number; named: number | null; quantity: number }
  | { op: 'void' | 'restore'; pick: number };

const postings: Record<Kind, Posting> = {
  receive_orders: postReceiveOrder,
  invoices: postInvoice,
  stock_transfers: postStockTransfer,
  stock_receives: arrivalPosting('stock-receive'),
  stock_returns: arrivalPosting('stock-return'),
};

const quantity = fc.integer({ min: 1, max: 6 });
const named = fc.option(fc.nat(3), { freq: 3 });
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('receive' as const), place: fc.nat(2), lot: fc.nat(3), quantity }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('invoice' as const), place: fc.nat(1), named, quantity }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      place: fc.nat(2),
      to: fc.integer({ min: 1, max: 2 }),
      named,
      quantity,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('stock-receive' as const), pick: fc.nat(), lot: fc.nat(3), quantity }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('stock-return' as const), pick: fc.nat(), named, quantity }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('void' as const, 'restore' as const), pick: fc.nat() }) },
);

class LotModel {
  readonly lots = new Map<string, { on_hand: number; in_transit: number }>();
  readonly documents: ModelDocument[] = [];
  private postings = 0;

  lot(location: Location, lot: string) {
    const key = `${locationKey(location)}:${lot}`;
    let entry = this.lots.get(key);
    if (!entry) {
      entry = { on_hand: 0, in_transit: 0 };
      this.lots.set(key, entry);
    }
    return entry;
  }

  // The lots an issue of q at `location` takes, or null when it must be refused.
  pick(location: Location, q: number, lot: string | null): Takes | null {
    if (lot !== null) {
      const entry = this.lot(location, lot);
      if ((expiryOf.get(lot) ?? '') < today || entry.on_hand < q) return null;
      return new Map([[lot, q]]);
    }
    const good = [...lots]
      .filter((entry) => entry.expires >= today)
      .sort((a, b) => (a.expires === b.expires ? (a.lot < b.lot ? -1 : 1) : a.expires < b.expires ? -1 : 1));
    const takes: Takes = new Map();
    let wanted = q;
    for (const entry of good) {
      const take = Math.min(wanted, this.lot(location, entry.lot).on_hand);
      if (take > 0) takes.set(entry.lot, take);
      wanted -= take;
    }
    return wanted === 0 ? takes : null;
  }

  // A receipt stands while a standing document posted after it took goods out of where it landed.
  held(document: ModelDocument): boolean {
    const transfer = document.transfer;
    const landing =
      document.kind === 'receive_orders'
        ? document.place
        : document.kind === 'stock_receives'
          ? transfer?.place
          : document.kind === 'stock_returns'
            ? transfer?.from
            : undefined;
    if (!landing) return false;
    return this.documents.some((other) => {
      const source =
        other.kind === 'invoices' ? other.place : other.kind === 'stock_transfers' ? other.from : undefined;
      return (
        other !== document &&
        !other.voided &&
        (other.posted ?? 0) > (document.posted ?? 0) &&
        source !== undefined &&
        locationKey(source) === locationKey(landing)
      );
    });
  }

  // Posting (1) or reversing (-1) a document: whether it is allowed, and if so its effect applied.
  apply(document: ModelDocument, direction: 1 | -1): boolean {
    if (direction === -1 && this.held(document)) return false;
    const allowed = this.move(document, direction);
    if (allowed && direction === 1) document.posted = ++this.postings;
    return allowed;
  }

  private move(document: ModelDocument, direction: 1 | -1): boolean {
    const q = toThousandths(document.quantity);
    switch (document.kind) {
      case 'receive_orders': {
        // A receipt of a lot already expired is refused, when posted and when restored alike.
        if (direction === 1 && (expiryOf.get(document.named ?? '') ?? '') < today) return false;
        const entry = this.lot(document.place, document.named ?? '');
        if (entry.on_hand + direction * q < 0) return false;
        entry.on_hand += direction * q;
        return true;
      }
      case 'invoices': {
        if (direction === 1) {
          const takes = this.pick(document.place, q, document.named);
          if (!takes) return false;
          document.takes = takes;
        }
        for (const [lot, taken] of document.takes) this.lot(document.place, lot).on_hand -= direction * taken;
        return true;
      }
      case 'stock_transfers': {
        const from = document.from as Location;
        if (direction === 1) {
          const takes = this.pick(from, q, document.named);
          if (!takes) return false;
          document.takes = takes;
        } else if (document.arrived > 0) return false;
        for (const [lot, taken] of document.takes) {
          this.lot(from, lot).on_hand -= direction * taken;
          this.lot(document.place, lot).in_transit += direction * taken;
        }
        document.transit = direction === 1 ? new Map(document.takes) : new Map();
        return true;
      }
      case 'stock_receives':
      case 'stock_returns': {
        const transfer = document.transfer as ModelDocument;
        const landing = document.kind === 'stock_receives' ? transfer.place : (transfer.from as Location);
        if (direction === 1) {
          if (transfer.voided) return false;
          let takes: Takes | null = null;
          if (document.named !== null) {
            if ((transfer.transit.get(document.named) ?? 0) >= q) takes = new Map([[document.named, q]]);
          } else {
            takes = new Map();
            let wanted = q;
            const inTransit = [...transfer.transit].sort(([a], [b]) =>
              (expiryOf.get(a) ?? '') === (expiryOf.get(b) ?? '')
                ? a < b
                  ? -1
                  : 1
                : (expiryOf.get(a) ?? '') < (expiryOf.get(b) ?? '')
                  ? -1
                  : 1,
            );
            for (const [lot, left] of inTransit) {
              const take = Math.min(wanted, left);
              if (take > 0) takes.set(lot, take);
              wanted -= take;
            }
            if (wanted > 0) takes = null;
          }
          if (!takes) return false;
          document.takes = takes;
        } else {
          for (const [lot, taken] of document.takes) if (this.lot(landing, lot).on_hand < taken) return false;
        }
        for (const [lot, taken] of document.takes) {
          this.lot(transfer.place, lot).in_transit -= direction * taken;
          this.lot(landing, lot).on_hand += direction * taken;
          transfer.transit.set(lot, (transfer.transit.get(lot) ?? 0) - direction * taken);
        }
        transfer.arrived += direction * q;
        return true;
      }
    }
  }
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

async function run(fixture: LedgerFixture, operations: readonly Operation[]) {
  const lens = fixture.itemIds[1];
  await database.db.updateTable('items').set({ is_lot_tracked: 1 }).where('id', '=', lens).execute();
  const places: Location[] = [
    { branch_id: fixture.branchIds[0], warehouse_id: null },
    { branch_id: fixture.branchIds[1], warehouse_id: null },
    { branch_id: null, warehouse_id: fixture.warehouseId },
  ];
  const model = new LotModel();
  const postAs = <T>(work: Parameters<typeof posting<T>>[2]) => posting(database.db, fixture.businessId, work);
  const attempt = async (work: () => Promise<number | undefined>) => {
    try {
      return { ok: true as const, id: await work() };
    } catch (error) {
      expect(['conflict', 'invalid'], String(error)).toContain(error instanceof Refusal ? error.kind : error);
      return { ok: false as const, id: undefined };
    }
  };
  const lotName = (index: number | null) => (index === null ? null : (lots[index]?.lot ?? null));
  const document = (kind: Kind, place: Location, q: number, lot: string | null): ModelDocument => ({
    kind,
    id: 0,
    quantity: q,
    voided: false,
    place,
    named: lot,
    takes: new Map(),
    transit: new Map(),
    arrived: 0,
  });

  for (const operation of operations) {
    let created: ModelDocument | null = null;
    let expected: boolean;
    let outcome: { ok: boolean; id: number | undefined };
    if (operation.op === 'receive') {
      const place = places[operation.place] as Location;
      const lot = lots[operation.lot] ?? lots[0];
      created = document('receive_orders', place, operation.quantity, lot.lot);
      expected = model.apply(created, 1);
      outcome = await attempt(() =>
        postAs((context) =>
          createReceiveOrder(context, {
            contact_id: fixture.supplierId,
            branch_id: place.branch_id,
            warehouse_id: place.warehouse_id,
            received_date: today,
            lines: [
              {
                item_id: lens,
                quantity: operation.quantity,
                unit_cost: 100,
                lot_number: lot.lot,
                expires_on: lot.expires,
              },
            ],
          }),
        ),
      );
    } else if (operation.op === 'invoice') {
      const place = places[operation.place] as Location;
      created = document('invoices', place, operation.quantity, lotName(operation.named));
      expected = model.apply(created, 1);
      outcome = await attempt(() =>
        postAs((context) =>
          createInvoice(context, {
            contact_id: fixture.customerId,
            branch_id: place.branch_id as number,
            invoice_date: today,
            lines: [
              { item_id: lens, quantity: operation.quantity, unit_price: 300, lot_number: lotName(operation.named) },
            ],
          }),
        ),
      );
    } else if (operation.op === 'transfer') {
      const from = places[operation.place] as Location;
      const to = places[(operation.place + operation.to) % 3] as Location;
      created = { ...document('stock_transfers', to, operation.quantity, lotName(operation.named)), from };
      expected = model.apply(created, 1);
      outcome = await attempt(() =>
        postAs((context) =>
          createStockTransfer(context, {
            from_branch_id: from.branch_id,
            from_warehouse_id: from.warehouse_id,
            to_branch_id: to.branch_id,
            to_warehouse_id: to.warehouse_id,
            transfer_date: today,
            lines: [{ item_id: lens, quantity: operation.quantity, lot_number: lotName(operation.named) }],
          }),
        ),
      );
    } else if (operation.op === 'stock-receive' || operation.op === 'stock-return') {
      const transfers = model.documents.filter((candidate) => candidate.kind === 'stock_transfers');
      const transfer = transfers[operation.pick % Math.max(transfers.length, 1)];
      if (!transfer) continue;
      const receiving = operation.op === 'stock-receive';
      const lot = receiving ? (lots[operation.lot]?.lot ?? 'L0') : lotName(operation.named);
      created = {
        ...document(receiving ? 'stock_receives' : 'stock_returns', transfer.place, operation.quantity, lot),
        transfer,
      };
      expected = model.apply(created, 1);
      outcome = await attempt(() =>
        postAs((context) =>
          createArrival(context, receiving ? 'stock-receive' : 'stock-return', {
            stock_transfer_id: transfer.id,
            date: today,
            lines: [
              {
                stock_transfer_line_id: transfer.lineId as number,
                quantity: operation.quantity,
                lot_number: lot,
                ...(receiving ? { expires_on: expiryOf.get(lot ?? '') ?? null } : {}),
              },
            ],
          }),
        ),
      );
    } else {
      const voiding = operation.op === 'void';
      const candidates = model.documents.filter((candidate) => candidate.voided !== voiding);
      const target = candidates[operation.pick % Math.max(candidates.length, 1)];
      if (!target) continue;
      expected = model.apply(target, voiding ? -1 : 1);
      const action = voiding ? voidDocument : restoreDocument;
      outcome = await attempt(async () => {
        await postAs((context) => action(context, target.kind, target.id, postings[target.kind]));
        return undefined;
      });
      if (outcome.ok) target.voided = voiding;
    }
    expect(outcome.ok, JSON.stringify(operation)).toBe(expected);
    if (created && outcome.ok && outcome.id !== undefined) {
      created.id = outcome.id;
      if (created.kind === 'stock_transfers') {
        const line = await database.db
          .selectFrom('stock_transfer_lines')
          .select('id')
          .where('stock_transfer_id', '=', created.id)
          .executeTakeFirstOrThrow();
        created.lineId = line.id;
      }
      model.documents.push(created);
    }
    await expectLotsMatchModel(fixture, model);
  }
  const expiredIssues = await database.db
    .selectFrom('stock_movements')
    .select(['document_type', 'lot_number'])
    .where('business_id', '=', fixture.businessId)
    .where('document_type', 'in', ['invoice', 'stock-transfer'])
    .where('balance', '=', 'on_hand')
    .where('quantity_delta', '<', 0)
    .where('expires_on', '<', today)
    .execute();
  expect(expiredIssues).toEqual([]);
}

async function expectLotsMatchModel(fixture: LedgerFixture, model: LotModel) {
  const rows = await database.db
    .selectFrom('stock_lots')
    .select(['location_key', 'lot_number', 'expires_on', 'quantity_on_hand', 'quantity_in_transit'])
    .where('business_id', '=', fixture.businessId)
    .execute();
  const actual = new Map(
    rows.map((row) => [
      `${row.location_key}:${row.lot_number}`,
      { on_hand: Number(row.quantity_on_hand), in_transit: Number(row.quantity_in_transit) },
    ]),
  );
  for (const row of rows) expect(row.expires_on, row.lot_number).toBe(expiryOf.get(row.lot_number));
  const empty = { on_hand: 0, in_transit: 0 };
  for (const [key, expected] of model.lots) expect(actual.get(key) ?? empty, key).toEqual(expected);
  for (const [key, value] of actual) expect(value, key).toEqual(model.lots.get(key) ?? empty);
  expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  expect(await lotMismatches(database.db, fixture.businessId)).toEqual([]);
}

describe('the lot ledger against a model', () => {
  it('agrees with the model per lot after every random receipt, sale, transfer, arrival, void and restore', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArbitrary, { minLength: 200, maxLength: 200 }), async (operations) => {
        await run(await createLedgerFixture(database.db), operations);
      }),
      { numRuns: 2 },
    );
  }, 180_000);
});
