import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockRequest } from '../../server/areas/logistics/stock-requests-posting.ts';
import { createStockTransfer, postStockTransfer } from '../../server/areas/logistics/stock-transfers-posting.ts';
import { arrivalPosting, createArrival } from '../../server/areas/logistics/transfer-arrivals.ts';
import { createReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoicePayment, updateInvoicePayment } from '../../server/areas/sales/invoice-payments-posting.ts';
import { createInvoice, postInvoice, updateInvoice } from '../../server/areas/sales/invoices-posting.ts';
import { restoreDocument, voidDocument } from '../../server/ledger/document-lifecycle.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import {
  balanceOf,
  createLedgerFixture,
  type LedgerFixture,
  ledgerMismatches,
  posting,
  refusalOf,
} from './ledger-fixture.ts';

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

function stockUp(
  itemId: number,
  quantity: number,
  unitCost: number,
  at: { branch_id?: number; warehouse_id?: number },
) {
  return posting(database.db, fixture.businessId, (context) =>
    createReceiveOrder(context, {
      contact_id: fixture.supplierId,
      ...at,
      received_date: today,
      lines: [{ item_id: itemId, quantity, unit_cost: unitCost }],
    }),
  );
}

function sell(itemId: number, quantity: number, branchId = fixture.branchIds[0]) {
  return posting(database.db, fixture.businessId, (context) =>
    createInvoice(context, {
      contact_id: fixture.customerId,
      branch_id: branchId,
      invoice_date: today,
      lines: [
        { item_id: fixture.serviceItemId, quantity: 1, unit_price: 500 },
        { item_id: itemId, quantity, unit_price: 2500 },
      ],
    }),
  );
}

describe('sales: invoices and their payments', () => {
  it('sells what the branch holds, refuses the rest naming the line, and never touches stock for services', async () => {
    const [frame] = fixture.itemIds;
    const branch = `B${fixture.branchIds[0]}`;
    await stockUp(frame, 3, 1200, { branch_id: fixture.branchIds[0] });
    const invoiceId = await sell(frame, 2);
    expect((await balanceOf(database.db, fixture.businessId, frame, branch)).on_hand).toBe(1);
    expect((await balanceOf(database.db, fixture.businessId, fixture.serviceItemId, branch)).on_hand).toBe(0);

    const refused = await refusalOf(sell(frame, 2));
    expect(refused.status).toBe(422);
    expect(refused.fields).toEqual(['lines.1.quantity']);

    const invoice = await database.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(Number(invoice.total)).toBe(550_000);
    expect(invoice.number).toMatch(/^I-\d{8}-B\d{5}-\d{8}$/);
    const [, soldLine] = await database.db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('position')
      .execute();
    expect(Number(soldLine?.unit_cost)).toBe(120_000);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });

  it('edits an unpaid invoice by reversing and re-posting, and refuses once paid', async () => {
    const [, lens] = fixture.itemIds;
    const branch = `B${fixture.branchIds[0]}`;
    await stockUp(lens, 10, 100, { branch_id: fixture.branchIds[0] });
    const invoiceId = await sell(lens, 4);
    await posting(database.db, fixture.businessId, (context) =>
      updateInvoice(context, invoiceId, { lines: [{ item_id: lens, quantity: 9, unit_price: 150 }] }),
    );
    expect((await balanceOf(database.db, fixture.businessId, lens, branch)).on_hand).toBe(1);
    const tooMany = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        updateInvoice(context, invoiceId, { lines: [{ item_id: lens, quantity: 11, unit_price: 150 }] }),
      ),
    );
    expect(tooMany.fields).toEqual(['lines.0.quantity']);
    expect((await balanceOf(database.db, fixture.businessId, lens, branch)).on_hand).toBe(1);

    const paymentId = await posting(database.db, fixture.businessId, (context) =>
      createInvoicePayment(context, {
        invoice_id: invoiceId,
        payment_date: today,
        amount: 1000,
        payment_method: 'cash',
      }),
    );
    const readInvoice = () =>
      database.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
    expect((await readInvoice()).status).toBe('partially_paid');
    const refusedEdit = await refusalOf(
      posting(database.db, fixture.businessId, (context) => updateInvoice(context, invoiceId, { notes: 'changed' })),
    );
    expect(refusedEdit.status).toBe(422);

    const overpay = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        updateInvoicePayment(context, paymentId, { amount: 1350.01 }),
      ),
    );
    expect(overpay.fields).toEqual(['amount']);
    await posting(database.db, fixture.businessId, (context) =>
      updateInvoicePayment(context, paymentId, { amount: 1350 }),
    );
    expect((await readInvoice()).status).toBe('paid');

    const voidPaid = await refusalOf(
      posting(database.db, fixture.businessId, (context) => voidDocument(context, 'invoices', invoiceId, postInvoice)),
    );
    expect(voidPaid.status).toBe(422);
  });

  it('puts the goods back when an invoice is voided and takes them again on restore', async () => {
    const [, , solution] = fixture.itemIds;
    const branch = `B${fixture.branchIds[1]}`;
    await stockUp(solution, 1, 300, { branch_id: fixture.branchIds[1] });
    const invoiceId = await sell(solution, 1, fixture.branchIds[1]);
    await posting(database.db, fixture.businessId, (context) =>
      voidDocument(context, 'invoices', invoiceId, postInvoice),
    );
    expect((await balanceOf(database.db, fixture.businessId, solution, branch)).on_hand).toBe(1);
    await sell(solution, 1, fixture.branchIds[1]);
    const refused = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        restoreDocument(context, 'invoices', invoiceId, postInvoice),
      ),
    );
    expect(refused.fields).toEqual(['lines.1.quantity']);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });
});

describe('logistics: request, transfer, receive, return', () => {
  it('moves goods through transit and completes the transfer when all arrived or went back', async () => {
    const [frame] = fixture.itemIds;
    const warehouse = `W${fixture.warehouseId}`;
    const branch = `B${fixture.branchIds[1]}`;
    await stockUp(frame, 10, 1000, { warehouse_id: fixture.warehouseId });
    const requestId = await posting(database.db, fixture.businessId, (context) =>
      createStockRequest(context, {
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: fixture.branchIds[1],
        request_date: today,
        lines: [{ item_id: frame, quantity: 6 }],
      }),
    );
    const [requestLine] = await database.db
      .selectFrom('stock_request_lines')
      .select('id')
      .where('stock_request_id', '=', requestId)
      .execute();
    const transfer = (quantity: number) =>
      posting(database.db, fixture.businessId, (context) =>
        createStockTransfer(context, {
          stock_request_id: requestId,
          from_warehouse_id: fixture.warehouseId,
          to_branch_id: fixture.branchIds[1],
          transfer_date: today,
          lines: [{ stock_request_line_id: requestLine?.id, item_id: frame, quantity }],
        }),
      );
    expect((await refusalOf(transfer(7))).fields).toEqual(['lines.0.quantity']);
    const transferId = await transfer(6);
    const request = await database.db
      .selectFrom('stock_requests')
      .select('status')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('transferred');
    expect(await balanceOf(database.db, fixture.businessId, frame, warehouse)).toMatchObject({ on_hand: 4 });
    expect(await balanceOf(database.db, fixture.businessId, frame, branch)).toMatchObject({ in_transit: 6 });

    const [transferLine] = await database.db
      .selectFrom('stock_transfer_lines')
      .select('id')
      .where('stock_transfer_id', '=', transferId)
      .execute();
    const arrive = (kind: 'stock-receive' | 'stock-return', quantity: number) =>
      posting(database.db, fixture.businessId, (context) =>
        createArrival(context, kind, {
          stock_transfer_id: transferId,
          date: today,
          lines: [{ stock_transfer_line_id: transferLine?.id ?? 0, quantity }],
        }),
      );
    const receiveId = await arrive('stock-receive', 4);
    const transferStatus = async () =>
      (
        await database.db
          .selectFrom('stock_transfers')
          .select('status')
          .where('id', '=', transferId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await transferStatus()).toBe('partially_received');
    expect((await refusalOf(arrive('stock-return', 3))).fields).toEqual(['lines.0.quantity']);
    await arrive('stock-return', 2);
    expect(await transferStatus()).toBe('completed');
    expect(await balanceOf(database.db, fixture.businessId, frame, branch)).toEqual({ on_hand: 4, in_transit: 0 });
    expect(await balanceOf(database.db, fixture.businessId, frame, warehouse)).toMatchObject({ on_hand: 6 });

    const voidTransfer = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        voidDocument(context, 'stock_transfers', transferId, postStockTransfer),
      ),
    );
    expect(voidTransfer.status).toBe(422);

    await posting(database.db, fixture.businessId, (context) =>
      voidDocument(context, 'stock_receives', receiveId, arrivalPosting('stock-receive')),
    );
    expect(await transferStatus()).toBe('partially_received');
    expect(await balanceOf(database.db, fixture.businessId, frame, branch)).toEqual({ on_hand: 0, in_transit: 4 });
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });

  it('refuses a transfer of more than the source holds and to the same place', async () => {
    const [, lens] = fixture.itemIds;
    const refused = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        createStockTransfer(context, {
          from_branch_id: fixture.branchIds[1],
          to_warehouse_id: fixture.warehouseId,
          transfer_date: today,
          lines: [{ item_id: lens, quantity: 1 }],
        }),
      ),
    );
    expect(refused.fields).toEqual(['lines.0.quantity']);
    const same = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        createStockTransfer(context, {
          from_warehouse_id: fixture.warehouseId,
          to_warehouse_id: fixture.warehouseId,
          transfer_date: today,
          lines: [{ item_id: lens, quantity: 1 }],
        }),
      ),
    );
    expect(same.status).toBe(422);
  });
});
