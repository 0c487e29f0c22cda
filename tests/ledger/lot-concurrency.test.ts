import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockTransfer } from '../../server/areas/logistics/stock-transfers-posting.ts';
import { createReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoice } from '../../server/areas/sales/invoices-posting.ts';
import type { Refusal } from '../../server/domain/refusal.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches, lotMismatches, posting } from './ledger-fixture.ts';

// Cashiers at two counters selling the last boxes of a contact lens at the same moment: the stock row lock makes
// them queue, so each sale sees what the one before it left, the earliest good lot empties first, and the expired
// lot never leaves. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

let database: TestDatabase;
let fixture: LedgerFixture;
const today = '2026-11-21';

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await createLedgerFixture(database.db);
});

afterAll(async () => {
  await database.destroy();
});

describe('concurrent sales of a lot-tracked item', () => {
  it('let exactly the unexpired units through, earliest expiry first, and never the expired lot', async () => {
    const branchId = fixture.branchIds[0];
    const lens = fixture.itemIds[1];
    await database.db.updateTable('items').set({ is_lot_tracked: 1 }).where('id', '=', lens).execute();
    await posting(database.db, fixture.businessId, (context) =>
      createReceiveOrder(context, {
        contact_id: fixture.supplierId,
        branch_id: branchId,
        received_date: '2026-01-10',
        lines: [
          { item_id: lens, quantity: 4, unit_cost: 90, lot_number: 'LATE', expires_on: '2027-06-30' },
          { item_id: lens, quantity: 5, unit_cost: 90, lot_number: 'GONE', expires_on: '2026-11-20' },
          { item_id: lens, quantity: 3, unit_cost: 90, lot_number: 'SOON', expires_on: '2026-11-21' },
        ],
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        posting(database.db, fixture.businessId, (context) =>
          createInvoice(context, {
            contact_id: fixture.customerId,
            branch_id: branchId,
            invoice_date: today,
            lines: [{ item_id: lens, quantity: 1, unit_price: 150 }],
          }),
        ),
      ),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Refusal] : []));
    expect(accepted).toHaveLength(7);
    expect(refusals).toHaveLength(13);
    for (const refusal of refusals) {
      expect(refusal.kind).toBe('invalid');
      expect(Object.keys(refusal.errors ?? {})).toEqual(['lines.0.quantity']);
    }
    const sold = await database.db
      .selectFrom('stock_movements')
      .select(['lot_number', 'quantity_delta'])
      .where('business_id', '=', fixture.businessId)
      .where('document_type', '=', 'invoice')
      .orderBy('id')
      .execute();
    expect(sold.map((movement) => movement.lot_number)).toEqual([
      ...Array.from({ length: 3 }, () => 'SOON'),
      ...Array.from({ length: 4 }, () => 'LATE'),
    ]);
    const lots = await database.db
      .selectFrom('stock_lots')
      .select(['lot_number', 'quantity_on_hand'])
      .where('item_id', '=', lens)
      .orderBy('lot_number')
      .execute();
    expect(lots.map((lot) => [lot.lot_number, Number(lot.quantity_on_hand)])).toEqual([
      ['GONE', 5000],
      ['LATE', 0],
      ['SOON', 0],
    ]);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
    expect(await lotMismatches(database.db, fixture.businessId)).toEqual([]);
  });

  it('lets sales of a lot-tracked and a plain item run beside transfers of both without deadlock', async () => {
    const branchId = fixture.branchIds[1];
    const [frame, lens] = fixture.itemIds;
    await posting(database.db, fixture.businessId, (context) =>
      createReceiveOrder(context, {
        contact_id: fixture.supplierId,
        branch_id: branchId,
        received_date: today,
        lines: [
          { item_id: lens, quantity: 40, unit_cost: 90, lot_number: 'QC-1', expires_on: '2027-03-31' },
          { item_id: frame, quantity: 40, unit_cost: 900 },
        ],
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, index) =>
        posting(database.db, fixture.businessId, (context) =>
          index % 2 === 0
            ? createInvoice(context, {
                contact_id: fixture.customerId,
                branch_id: branchId,
                invoice_date: today,
                lines: [
                  { item_id: lens, quantity: 1, unit_price: 150 },
                  { item_id: frame, quantity: 1, unit_price: 1500 },
                ],
              })
            : createStockTransfer(context, {
                from_branch_id: branchId,
                to_warehouse_id: fixture.warehouseId,
                transfer_date: today,
                lines: [
                  { item_id: frame, quantity: 1 },
                  { item_id: lens, quantity: 1 },
                ],
              }),
        ),
      ),
    );
    expect(
      outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason)),
    ).toEqual([]);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
    expect(await lotMismatches(database.db, fixture.businessId)).toEqual([]);
  });
});
