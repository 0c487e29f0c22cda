import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoice } from '../../server/areas/sales/invoices-posting.ts';
import { createQuotation } from '../../server/areas/sales/quotations-posting.ts';
import { Refusal } from '../../server/domain/refusal.ts';
import { readDocumentNumberTotal } from '../../server/ledger/document-counter.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { balanceOf, createLedgerFixture, type LedgerFixture, ledgerMismatches, posting } from './ledger-fixture.ts';

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

describe('under concurrency', () => {
  it('gives 50 quotations created at once at one branch 50 distinct numbers and reference numbers', async () => {
    const branchId = fixture.branchIds[0];
    const ids = await Promise.all(
      Array.from({ length: 50 }, () =>
        posting(database.db, fixture.businessId, (context) =>
          createQuotation(context, {
            contact_id: fixture.customerId,
            branch_id: branchId,
            quotation_date: today,
            lines: [{ item_id: fixture.itemIds[0], quantity: 1, unit_price: 100 }],
          }),
        ),
      ),
    );
    const rows = await database.db
      .selectFrom('quotations')
      .select(['number', 'reference_number'])
      .where('id', 'in', ids)
      .execute();
    const sequences = rows.map((row) => Number(row.number.slice(-8))).sort((a, b) => a - b);
    expect(new Set(rows.map((row) => row.number)).size).toBe(50);
    expect(new Set(rows.map((row) => row.reference_number)).size).toBe(50);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const total = await readDocumentNumberTotal(database.db, fixture.businessId, 'quotation', {
      branch_id: branchId,
      warehouse_id: null,
    });
    expect(total).toBe(50);
  });

  it('with S units on hand lets exactly S of more than S one-unit invoices through and ends at zero', async () => {
    const units = 7;
    const branchId = fixture.branchIds[1];
    const [, lens] = fixture.itemIds;
    await posting(database.db, fixture.businessId, (context) =>
      createReceiveOrder(context, {
        contact_id: fixture.supplierId,
        branch_id: branchId,
        received_date: today,
        lines: [{ item_id: lens, quantity: units, unit_cost: 90 }],
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
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' && outcome.reason instanceof Refusal && outcome.reason.kind === 'invalid',
    );
    expect(accepted).toHaveLength(units);
    expect(refused).toHaveLength(20 - units);
    expect(await balanceOf(database.db, fixture.businessId, lens, `B${branchId}`)).toEqual({
      on_hand: 0,
      in_transit: 0,
    });
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });
});
