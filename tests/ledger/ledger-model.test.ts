import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockTransfer, postStockTransfer } from '../../server/areas/logistics/stock-transfers-posting.ts';
import { arrivalPosting, createArrival } from '../../server/areas/logistics/transfer-arrivals.ts';
import { createReceiveOrder, postReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoice, postInvoice } from '../../server/areas/sales/invoices-posting.ts';
import type { Location } from '../../server/domain/location.ts';
import { locationKey } from '../../server/domain/location.ts';
import { toThousandths } from '../../server/domain/quantity.ts';
import { Refusal } from '../../server/domain/refusal.ts';
import { type Posting, restoreDocument, voidDocument } from '../../server/ledger/document-lifecycle.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches, posting } from './ledger-fixture.ts';

// A model of what the ledger must say: balances per item and location, and every document with its one line.
type Kind = 'receive_orders' | 'invoices' | 'stock_transfers' | 'stock_receives' | 'stock_returns';
type ModelDocument = {
  kind: Kind;
  id: number;
  itemId: number;
  quantity: number;
  voided: boolean;
  location: Location;
  from?: Location;
  transfer?: ModelDocument;
  lineId?: number;
  received: number;
  returned: number;
  // When it last posted, in the order of the model's postings.
  posted?: number;
};

type Operation =
  | { op: 'receive'; item: number; place: number; quantity: number }
  | { op: 'invoice'; item: number; place: number; quantity: number }
  | { op: 'transfer'; item: number; place: number; to: number; quantity: number }
  | { op: 'stock-receive' | 'stock-return'; pick: number; quantity: number }
  | { op: 'void' | 'restore'; pick: number };

const today = '2026-11-21';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

const postings: Record<Kind, Posting> = {
  receive_orders: postReceiveOrder,
  invoices: postInvoice,
  stock_transfers: postStockTransfer,
  stock_receives: arrivalPosting('stock-receive'),
  stock_returns: arrivalPosting('stock-return'),
};

const quantityArbitrary = fc.integer({ min: 1, max: 8 }).map((value) => (value % 3 === 0 ? value / 2 : value));
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('receive' as const), item: fc.nat(1), place: fc.nat(2), quantity: quantityArbitrary }),
  fc.record({ op: fc.constant('invoice' as const), item: fc.nat(1), place: fc.nat(1), quantity: quantityArbitrary }),
  fc.record({
    op: fc.constant('transfer' as const),
    item: fc.nat(1),
    place: fc.nat(2),
    to: fc.integer({ min: 1, max: 2 }),
    quantity: quantityArbitrary,
  }),
  fc.record({
    op: fc.constantFrom('stock-receive' as const, 'stock-return' as const),
    pick: fc.nat(),
    quantity: quantityArbitrary,
  }),
  fc.record({ op: fc.constantFrom('void' as const, 'restore' as const), pick: fc.nat() }),
);

class LedgerModel {
  readonly balances = new Map<string, { on_hand: number; in_transit: number }>();
  readonly documents: ModelDocument[] = [];
  private postings = 0;

  // A receipt stands while a standing document posted after it took the same item out of where it landed.
  held(document: ModelDocument): boolean {
    const transfer = document.transfer;
    const landing =
      document.kind === 'receive_orders'
        ? document.location
        : document.kind === 'stock_receives'
          ? transfer?.location
          : document.kind === 'stock_returns'
            ? transfer?.from
            : undefined;
    if (!landing) return false;
    return this.documents.some((other) => {
      const source =
        other.kind === 'invoices' ? other.location : other.kind === 'stock_transfers' ? other.from : undefined;
      return (
        other !== document &&
        !other.voided &&
        (other.posted ?? 0) > (document.posted ?? 0) &&
        other.itemId === document.itemId &&
        source !== undefined &&
        locationKey(source) === locationKey(landing)
      );
    });
  }

  balance(itemId: number, location: Location) {
    const key = `${itemId}:${locationKey(location)}`;
    let entry = this.balances.get(key);
    if (!entry) {
      entry = { on_hand: 0, in_transit: 0 };
      this.balances.set(key, entry);
    }
    return entry;
  }

  // Whether posting (direction 1) or reversing (-1) the document is allowed, and if so, its effect applied.
  apply(document: ModelDocument, direction: 1 | -1): boolean {
    if (direction === -1 && this.held(document)) return false;
    const allowed = this.move(document, direction);
    if (allowed && direction === 1) document.posted = ++this.postings;
    return allowed;
  }

  private move(document: ModelDocument, direction: 1 | -1): boolean {
    const q = toThousandths(document.quantity);
    const at = this.balance(document.itemId, document.location);
    switch (document.kind) {
      case 'receive_orders':
        if (at.on_hand + direction * q < 0) return false;
        at.on_hand += direction * q;
        return true;
      case 'invoices':
        if (at.on_hand - direction * q < 0) return false;
        at.on_hand -= direction * q;
        return true;
      case 'stock_transfers': {
        const source = this.balance(document.itemId, document.from as Location);
        if (direction === -1 && document.received + document.returned > 0) return false;
        if (source.on_hand - direction * q < 0) return false;
        source.on_hand -= direction * q;
        at.in_transit += direction * q;
        return true;
      }
      case 'stock_receives':
      case 'stock_returns': {
        const transfer = document.transfer as ModelDocument;
        const landing = this.balance(
          document.itemId,
          document.kind === 'stock_receives' ? transfer.location : (transfer.from as Location),
        );
        if (direction === 1 && transfer.voided) return false;
        if (direction === 1 && transfer.received + transfer.returned + q > toThousandths(transfer.quantity))
          return false;
        if (landing.on_hand + direction * q < 0) return false;
        landing.on_hand += direction * q;
        at.in_transit -= direction * q;
        if (document.kind === 'stock_receives') transfer.received += direction * q;
        else transfer.returned += direction * q;
        return true;
      }
    }
  }
}

async function run(fixture: LedgerFixture, operations: Operation[]) {
  const places: Location[] = [
    { branch_id: fixture.branchIds[0], warehouse_id: null },
    { branch_id: fixture.branchIds[1], warehouse_id: null },
    { branch_id: null, warehouse_id: fixture.warehouseId },
  ];
  const model = new LedgerModel();
  const attempt = async (work: () => Promise<number | undefined>) => {
    try {
      return { ok: true as const, id: await work() };
    } catch (error) {
      expect(['conflict', 'invalid'], String(error)).toContain(error instanceof Refusal ? error.kind : error);
      return { ok: false as const, id: undefined };
    }
  };
  const postAs = <T>(work: Parameters<typeof posting<T>>[2]) => posting(database.db, fixture.businessId, work);

  for (const operation of operations) {
    let expected: boolean | null = null;
    let outcome: { ok: boolean; id: number | undefined } | null = null;
    let created: ModelDocument | null = null;
    if (operation.op === 'receive' || operation.op === 'invoice' || operation.op === 'transfer') {
      const itemId = fixture.itemIds[operation.item] as number;
      const place = places[operation.place] as Location;
      if (operation.op === 'transfer') {
        const to = places[(operation.place + operation.to) % 3] as Location;
        created = {
          kind: 'stock_transfers',
          id: 0,
          itemId,
          quantity: operation.quantity,
          voided: false,
          location: to,
          from: place,
          received: 0,
          returned: 0,
        };
        expected = model.apply(created, 1);
        outcome = await attempt(() =>
          postAs((context) =>
            createStockTransfer(context, {
              from_branch_id: place.branch_id,
              from_warehouse_id: place.warehouse_id,
              to_branch_id: to.branch_id,
              to_warehouse_id: to.warehouse_id,
              transfer_date: today,
              lines: [{ item_id: itemId, quantity: operation.quantity }],
            }),
          ),
        );
      } else if (operation.op === 'receive') {
        created = {
          kind: 'receive_orders',
          id: 0,
          itemId,
          quantity: operation.quantity,
          voided: false,
          location: place,
          received: 0,
          returned: 0,
        };
        expected = model.apply(created, 1);
        outcome = await attempt(() =>
          postAs((context) =>
            createReceiveOrder(context, {
              contact_id: fixture.supplierId,
              branch_id: place.branch_id,
              warehouse_id: place.warehouse_id,
              received_date: today,
              lines: [{ item_id: itemId, quantity: operation.quantity, unit_cost: 100 + operation.quantity }],
            }),
          ),
        );
      } else {
        created = {
          kind: 'invoices',
          id: 0,
          itemId,
          quantity: operation.quantity,
          voided: false,
          location: place,
          received: 0,
          returned: 0,
        };
        expected = model.apply(created, 1);
        outcome = await attempt(() =>
          postAs((context) =>
            createInvoice(context, {
              contact_id: fixture.customerId,
              branch_id: place.branch_id as number,
              invoice_date: today,
              lines: [{ item_id: itemId, quantity: operation.quantity, unit_price: 300 }],
            }),
          ),
        );
      }
    } else if (operation.op === 'stock-receive' || operation.op === 'stock-return') {
      const transfers = model.documents.filter((document) => document.kind === 'stock_transfers');
      const transfer = transfers[operation.pick % Math.max(transfers.length, 1)];
      if (!transfer) continue;
      const kind = operation.op === 'stock-receive' ? 'stock_receives' : 'stock_returns';
      created = {
        kind,
        id: 0,
        itemId: transfer.itemId,
        quantity: operation.quantity,
        voided: false,
        location: transfer.location,
        transfer,
        received: 0,
        returned: 0,
      };
      expected = model.apply(created, 1);
      outcome = await attempt(() =>
        postAs((context) =>
          createArrival(context, operation.op as 'stock-receive' | 'stock-return', {
            stock_transfer_id: transfer.id,
            date: today,
            lines: [{ stock_transfer_line_id: transfer.lineId as number, quantity: operation.quantity }],
          }),
        ),
      );
    } else {
      const wanted = operation.op !== 'void';
      const candidates = model.documents.filter((document) => document.voided === wanted);
      const document = candidates[operation.pick % Math.max(candidates.length, 1)];
      if (!document) continue;
      const direction = operation.op === 'void' ? -1 : 1;
      expected = model.apply(document, direction);
      const action = operation.op === 'void' ? voidDocument : restoreDocument;
      outcome = await attempt(async () => {
        await postAs((context) => action(context, document.kind, document.id, postings[document.kind]));
        return undefined;
      });
      if (outcome.ok) document.voided = operation.op === 'void';
    }
    expect(outcome?.ok, JSON.stringify(operation)).toBe(expected);
    if (created && outcome?.ok && outcome.id !== undefined) {
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
    await expectLedgerMatchesModel(fixture, model);
  }
}

async function expectLedgerMatchesModel(fixture: LedgerFixture, model: LedgerModel) {
  const rows = await database.db
    .selectFrom('stocks')
    .select(['item_id', 'location_key', 'quantity_on_hand', 'quantity_in_transit'])
    .where('business_id', '=', fixture.businessId)
    .execute();
  const actual = new Map(
    rows.map((row) => [
      `${row.item_id}:${row.location_key}`,
      { on_hand: Number(row.quantity_on_hand), in_transit: Number(row.quantity_in_transit) },
    ]),
  );
  for (const [key, expected] of model.balances) {
    expect(actual.get(key) ?? { on_hand: 0, in_transit: 0 }, key).toEqual(expected);
  }
  for (const [key, value] of actual) {
    expect(value, key).toEqual(model.balances.get(key) ?? { on_hand: 0, in_transit: 0 });
  }
  expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
}

describe('the stock ledger against a model', () => {
  it('agrees with the model after every one of 300+ random receives, transfers, arrivals, invoices, voids and restores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArbitrary, { minLength: 320, maxLength: 320 }), async (operations) => {
        await run(await createLedgerFixture(database.db), operations);
      }),
      { numRuns: 2 },
    );
  }, 120_000);
});
