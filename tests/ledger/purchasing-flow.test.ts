import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillPayment, postBillPayment } from '../../server/areas/purchasing/bill-payments-posting.ts';
import { createBill, postBill } from '../../server/areas/purchasing/bills-posting.ts';
import {
  createPurchaseOrder,
  postPurchaseOrder,
  updatePurchaseOrder,
} from '../../server/areas/purchasing/purchase-orders-posting.ts';
import { createReceiveOrder, postReceiveOrder } from '../../server/areas/purchasing/receive-orders-posting.ts';
import { createInvoice } from '../../server/areas/sales/invoices-posting.ts';
import { forceDeleteDocument, restoreDocument, voidDocument } from '../../server/ledger/document-lifecycle.ts';
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

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await createLedgerFixture(database.db);
});

afterAll(async () => {
  await database.destroy();
});

const today = '2026-11-21';

async function orderTenFrames() {
  const [frame] = fixture.itemIds;
  const id = await posting(database.db, fixture.businessId, (context) =>
    createPurchaseOrder(context, {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      order_date: today,
      lines: [{ item_id: frame, quantity: 10, unit_cost: 1500, discount_percent: 10 }],
    }),
  );
  const order = await database.db
    .selectFrom('purchase_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const [line] = await database.db
    .selectFrom('purchase_order_lines')
    .selectAll()
    .where('purchase_order_id', '=', id)
    .execute();
  if (!line) throw new Error('The order has no line.');
  return { order, line, frame };
}

function receive(orderId: number, lineId: number, itemId: number, quantity: number, unitCost = 1350) {
  return posting(database.db, fixture.businessId, (context) =>
    createReceiveOrder(context, {
      purchase_order_id: orderId,
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ purchase_order_line_id: lineId, item_id: itemId, quantity, unit_cost: unitCost }],
    }),
  );
}

describe('purchasing: order, receive, bill, pay', () => {
  it('totals an order with its discount and numbers it', async () => {
    const { order } = await orderTenFrames();
    expect(Number(order.subtotal)).toBe(1_500_000);
    expect(Number(order.discount_total)).toBe(150_000);
    expect(Number(order.total)).toBe(1_350_000);
    expect(order.status).toBe('open');
    expect(order.number).toMatch(new RegExp(`^PO-\\d{8}-W${String(fixture.warehouseId).padStart(5, '0')}-\\d{8}$`));
    expect(order.reference_number).toMatch(
      new RegExp(`^RN-${String(fixture.supplierId + 1).padStart(8, '0')}-\\d{8}-\\d{4}$`),
    );
  });

  it('receives in parts, refuses more than the order line awaits, and moves the status', async () => {
    const { order, line, frame } = await orderTenFrames();
    const before = await balanceOf(database.db, fixture.businessId, frame, `W${fixture.warehouseId}`);
    await receive(order.id, line.id, frame, 4);
    const partial = await database.db
      .selectFrom('purchase_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(partial.status).toBe('partially_received');

    const refused = await refusalOf(receive(order.id, line.id, frame, 7));
    expect(refused.status).toBe(422);
    expect(refused.fields).toEqual(['lines.0.quantity']);

    await receive(order.id, line.id, frame, 6);
    const full = await database.db
      .selectFrom('purchase_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(full.status).toBe('received');
    const after = await balanceOf(database.db, fixture.businessId, frame, `W${fixture.warehouseId}`);
    expect(after.on_hand - before.on_hand).toBe(10);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });

  it('voids a receipt back to the order and restores it under the same guard', async () => {
    const { order, line, frame } = await orderTenFrames();
    const first = await receive(order.id, line.id, frame, 10);
    await posting(database.db, fixture.businessId, (context) =>
      voidDocument(context, 'receive_orders', first, postReceiveOrder),
    );
    const reopened = await database.db
      .selectFrom('purchase_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(reopened.status).toBe('open');

    await receive(order.id, line.id, frame, 3);
    const refused = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        restoreDocument(context, 'receive_orders', first, postReceiveOrder),
      ),
    );
    expect(refused.fields).toEqual(['lines.0.quantity']);
    expect(await ledgerMismatches(database.db, fixture.businessId)).toEqual([]);
  });

  it('refuses to void a receipt whose goods have already left', async () => {
    const [, , solution] = fixture.itemIds;
    const id = await posting(database.db, fixture.businessId, (context) =>
      createReceiveOrder(context, {
        contact_id: fixture.supplierId,
        branch_id: fixture.branchIds[1],
        received_date: today,
        lines: [{ item_id: solution, quantity: 2, unit_cost: 250 }],
      }),
    );
    const sale = await posting(database.db, fixture.businessId, (context) =>
      createInvoice(context, {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[1],
        invoice_date: today,
        lines: [{ item_id: solution, quantity: 1, unit_price: 400 }],
      }),
    );
    const { number } = await database.db
      .selectFrom('invoices')
      .select('number')
      .where('id', '=', sale)
      .executeTakeFirstOrThrow();
    const refused = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        voidDocument(context, 'receive_orders', id, postReceiveOrder),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`Invoice ${number}`);
    const receipt = await database.db
      .selectFrom('receive_orders')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(receipt.deleted_at).toBeNull();
  });

  it('bills at most what is unbilled and pays at most the balance', async () => {
    const { order, line, frame } = await orderTenFrames();
    const bill = (quantity: number) =>
      posting(database.db, fixture.businessId, (context) =>
        createBill(context, {
          purchase_order_id: order.id,
          contact_id: fixture.supplierId,
          warehouse_id: fixture.warehouseId,
          bill_date: today,
          lines: [{ purchase_order_line_id: line.id, item_id: frame, quantity, unit_cost: 1500, discount_percent: 10 }],
        }),
      );
    const billId = await bill(8);
    expect((await refusalOf(bill(3))).fields).toEqual(['lines.0.quantity']);

    const pay = (amount: number) =>
      posting(database.db, fixture.businessId, (context) =>
        createBillPayment(context, { bill_id: billId, payment_date: today, amount, payment_method: 'bank_transfer' }),
      );
    const readBill = () =>
      database.db.selectFrom('bills').selectAll().where('id', '=', billId).executeTakeFirstOrThrow();
    expect(Number((await readBill()).total)).toBe(1_080_000);
    const firstPayment = await pay(5000);
    expect((await readBill()).status).toBe('partially_paid');
    const tooMuch = await refusalOf(pay(5800.01));
    expect(tooMuch.fields).toEqual(['amount']);
    await pay(5800);
    expect((await readBill()).status).toBe('paid');

    const voidBill = await refusalOf(
      posting(database.db, fixture.businessId, (context) => voidDocument(context, 'bills', billId, postBill)),
    );
    expect(voidBill.status).toBe(422);

    await posting(database.db, fixture.businessId, (context) =>
      voidDocument(context, 'bill_payments', firstPayment, postBillPayment),
    );
    const reopened = await readBill();
    expect(reopened.status).toBe('partially_paid');
    expect(Number(reopened.amount_paid)).toBe(580_000);
  });

  it('edits an order only while nothing is received, and voids it only then', async () => {
    const { order, line, frame } = await orderTenFrames();
    await posting(database.db, fixture.businessId, (context) =>
      updatePurchaseOrder(context, order.id, { lines: [{ item_id: frame, quantity: 12, unit_cost: 1000 }] }),
    );
    const edited = await database.db
      .selectFrom('purchase_orders')
      .select('total')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(edited.total)).toBe(1_200_000);

    const [newLine] = await database.db
      .selectFrom('purchase_order_lines')
      .select('id')
      .where('purchase_order_id', '=', order.id)
      .execute();
    expect(newLine?.id).not.toBe(line.id);
    await receive(order.id, newLine?.id ?? 0, frame, 1, 1000);
    const refusedEdit = await refusalOf(
      posting(database.db, fixture.businessId, (context) => updatePurchaseOrder(context, order.id, { notes: 'late' })),
    );
    expect(refusedEdit.status).toBe(422);
    const refusedVoid = await refusalOf(
      posting(database.db, fixture.businessId, (context) =>
        voidDocument(context, 'purchase_orders', order.id, postPurchaseOrder),
      ),
    );
    expect(refusedVoid.status).toBe(422);
  });

  it('deletes permanently only a voided document', async () => {
    const { order } = await orderTenFrames();
    const active = await refusalOf(
      posting(database.db, fixture.businessId, (context) => forceDeleteDocument(context, 'purchase_orders', order.id)),
    );
    expect(active.status).toBe(409);
    await posting(database.db, fixture.businessId, async (context) => {
      await voidDocument(context, 'purchase_orders', order.id, postPurchaseOrder);
      await forceDeleteDocument(context, 'purchase_orders', order.id);
    });
    const gone = await database.db
      .selectFrom('purchase_orders')
      .select('id')
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });
});
