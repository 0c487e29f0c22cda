import type { Kysely } from 'kysely';
import { createStockRequest } from '../areas/logistics/stock-requests-posting.ts';
import { createStockTransfer } from '../areas/logistics/stock-transfers-posting.ts';
import { createArrival } from '../areas/logistics/transfer-arrivals.ts';
import { settleStockTransfer } from '../areas/logistics/transfer-settlement.ts';
import { createBillPayment } from '../areas/purchasing/bill-payments-posting.ts';
import { createBill } from '../areas/purchasing/bills-posting.ts';
import { closePurchaseOrder } from '../areas/purchasing/purchase-order-close.ts';
import { createPurchaseOrder } from '../areas/purchasing/purchase-orders-posting.ts';
import { createReceiveOrder } from '../areas/purchasing/receive-orders-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import { createQuotation } from '../areas/sales/quotations-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { latestSalePrice } from '../ledger/default-prices.ts';
import { demoContext, invoiceTotalOf, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

type StockedItem = { id: number; supplierId: number; cost: number };

// A small deterministic generator (mulberry32), so that every demo database tells the same story.
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)) };
}

function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

// Opening stock five weeks ago, transfers to both branches, then four weeks of sales, a second round of
// purchases and a few quotations: every document posted through the same services as the API's.
export async function seedDemoDocuments(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const random = randomSource(20261121);
  const today = businessDate(now);
  const contextOn = (date: string) => demoContext(db, master, momentOn(date, 3, now));
  const warehouse = { warehouse_id: master.warehouseId };

  const priced = await db
    .selectFrom('purchase_item_prices')
    .innerJoin('items', 'items.id', 'purchase_item_prices.item_id')
    .select([
      'items.id as id',
      'purchase_item_prices.contact_id as supplierId',
      'purchase_item_prices.unit_cost as cost',
    ])
    .where('items.business_id', '=', master.businessId)
    .where('items.is_inventory_tracked', '=', 1)
    .orderBy('items.id')
    .execute();
  const items: StockedItem[] = priced.map((row) => ({
    id: row.id,
    supplierId: row.supplierId,
    cost: Number(row.cost),
  }));
  const service = await db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', master.businessId)
    .where('is_inventory_tracked', '=', 0)
    .executeTakeFirst();
  const suppliers = [...new Set(items.map((item) => item.supplierId))];

  // Opening stock: one order per supplier, received in full into the warehouse, billed, and mostly paid.
  const opening = daysBefore(today, 35);
  const onHand = new Map<number, number>();
  for (const [index, supplierId] of suppliers.entries()) {
    const lines = items
      .filter((item) => item.supplierId === supplierId)
      .map((item) => ({ item_id: item.id, quantity: random.between(12, 30), unit_cost: centavosToPesos(item.cost) }));
    const orderId = await createPurchaseOrder(contextOn(opening), {
      contact_id: supplierId,
      ...warehouse,
      order_date: opening,
      lines,
    });
    const orderLines = await db
      .selectFrom('purchase_order_lines')
      .select(['id', 'item_id', 'quantity', 'unit_cost', 'discount_percent'])
      .where('purchase_order_id', '=', orderId)
      .orderBy('position')
      .execute();
    const received = daysBefore(today, 33);
    await createReceiveOrder(contextOn(received), {
      purchase_order_id: orderId,
      contact_id: supplierId,
      ...warehouse,
      received_date: received,
      lines: orderLines.map((line) => ({
        purchase_order_line_id: line.id,
        item_id: line.item_id,
        quantity: Number(line.quantity) / 1000,
        unit_cost: centavosToPesos(Number(line.unit_cost)),
      })),
    });
    for (const line of orderLines) onHand.set(line.item_id, Number(line.quantity) / 1000);
    const billId = await createBill(contextOn(received), {
      purchase_order_id: orderId,
      contact_id: supplierId,
      ...warehouse,
      bill_date: received,
      due_date: daysBefore(today, 3),
      supplier_invoice_number: `SI-${2600 + index}`,
      lines: orderLines.map((line) => ({
        purchase_order_line_id: line.id,
        item_id: line.item_id,
        quantity: Number(line.quantity) / 1000,
        unit_cost: centavosToPesos(Number(line.unit_cost)),
        discount_percent: line.discount_percent,
      })),
    });
    const bill = await db.selectFrom('bills').select('total').where('id', '=', billId).executeTakeFirstOrThrow();
    const share = index % 3 === 2 ? 0.5 : 1;
    await createBillPayment(contextOn(daysBefore(today, 20)), {
      bill_id: billId,
      payment_date: daysBefore(today, 20),
      amount: centavosToPesos(Math.round(Number(bill.total) * share)),
      payment_method: 'bank_transfer',
      reference: `BT-${7100 + index}`,
    });
  }

  // Each branch asks the warehouse for a share of everything and receives most of it; one return.
  const branchStock = new Map<string, number>();
  for (const [index, branchId] of master.branchIds.entries()) {
    const requested = items.map((item) => ({
      item_id: item.id,
      quantity: Math.max(1, Math.floor((onHand.get(item.id) ?? 0) * 0.4)),
    }));
    const requestDate = daysBefore(today, 31);
    const requestId = await createStockRequest(contextOn(requestDate), {
      from_warehouse_id: master.warehouseId,
      to_branch_id: branchId,
      request_date: requestDate,
      lines: requested,
    });
    const requestLines = await db
      .selectFrom('stock_request_lines')
      .select(['id', 'item_id', 'quantity'])
      .where('stock_request_id', '=', requestId)
      .orderBy('position')
      .execute();
    const transferDate = daysBefore(today, 30);
    const transferId = await createStockTransfer(contextOn(transferDate), {
      stock_request_id: requestId,
      from_warehouse_id: master.warehouseId,
      to_branch_id: branchId,
      transfer_date: transferDate,
      lines: requestLines.map((line) => ({
        stock_request_line_id: line.id,
        item_id: line.item_id,
        quantity: Number(line.quantity) / 1000,
      })),
    });
    for (const line of requestLines)
      onHand.set(line.item_id, (onHand.get(line.item_id) ?? 0) - Number(line.quantity) / 1000);
    const transferLines = await db
      .selectFrom('stock_transfer_lines')
      .select(['id', 'item_id', 'quantity'])
      .where('stock_transfer_id', '=', transferId)
      .orderBy('position')
      .execute();
    const returnedLine = index === 0 ? transferLines[0] : undefined;
    // The second branch's delivery came one short and one broken: the warehouse settles the missing one as lost.
    const shortLine = index === 1 ? transferLines.find((line) => Number(line.quantity) >= 3000) : undefined;
    const shortBy = (line: (typeof transferLines)[number]) => (line === returnedLine ? 1 : line === shortLine ? 2 : 0);
    const arrival = daysBefore(today, 29);
    await createArrival(contextOn(arrival), 'stock-receive', {
      stock_transfer_id: transferId,
      date: arrival,
      lines: transferLines.map((line) => ({
        stock_transfer_line_id: line.id,
        quantity: Number(line.quantity) / 1000 - shortBy(line),
        ...(line === shortLine ? { damaged_quantity: 1, damage_reason: 'Temple snapped in the box' } : {}),
      })),
    });
    for (const line of transferLines) {
      branchStock.set(`${branchId}:${line.item_id}`, Number(line.quantity) / 1000 - shortBy(line));
    }
    if (shortLine) {
      await settleStockTransfer(contextOn(arrival), transferId, {
        lines: [{ stock_transfer_line_id: shortLine.id, quantity: 1, outcome: 'lost' }],
      });
    }
    if (returnedLine) {
      await createArrival(contextOn(arrival), 'stock-return', {
        stock_transfer_id: transferId,
        date: arrival,
        reason: 'Frame arrived scratched',
        lines: [{ stock_transfer_line_id: returnedLine.id, quantity: 1 }],
      });
    }
  }

  // Four weeks of counter sales, most paid on the spot, some on account.
  for (let day = 28; day >= 0; day -= 1) {
    const date = daysBefore(today, day);
    for (const branchId of master.branchIds) {
      const invoices = random.between(1, 4);
      for (let count = 0; count < invoices; count += 1) {
        const candidates = items.filter((item) => (branchStock.get(`${branchId}:${item.id}`) ?? 0) >= 1);
        const chosen = [...new Set([0, 1].map(() => candidates[random.between(0, candidates.length - 1)]))].filter(
          (item): item is StockedItem => item !== undefined,
        );
        if (chosen.length === 0) continue;
        const lines = [];
        for (const item of chosen) {
          const price = (await latestSalePrice(db, master.businessId, item.id, branchId, date)) ?? item.cost * 2;
          lines.push({ item_id: item.id, quantity: 1, unit_price: centavosToPesos(price) });
          branchStock.set(`${branchId}:${item.id}`, (branchStock.get(`${branchId}:${item.id}`) ?? 0) - 1);
        }
        if (service && random.next() < 0.3) {
          const price = (await latestSalePrice(db, master.businessId, service.id, branchId, date)) ?? 50_000;
          lines.push({ item_id: service.id, quantity: 1, unit_price: centavosToPesos(price) });
        }
        const customerId = master.customerIds[random.between(0, master.customerIds.length - 1)] ?? 0;
        const invoiceId = await createInvoice(contextOn(date), {
          contact_id: customerId,
          branch_id: branchId,
          invoice_date: date,
          due_date: daysBefore(today, day - 30),
          lines,
        });
        const invoiceTotal = await invoiceTotalOf(db, invoiceId);
        const roll = random.next();
        if (roll < 0.85) {
          const amount = roll < 0.7 ? invoiceTotal : Math.round(invoiceTotal / 2);
          await createInvoicePayment(contextOn(date), {
            invoice_id: invoiceId,
            payment_date: date,
            amount: centavosToPesos(amount),
            payment_method: roll < 0.4 ? 'cash' : roll < 0.6 ? 'card' : 'e_wallet',
          });
        }
      }
    }
  }

  // A restocking order two weeks ago, half received and billed (at a higher cost on one line) but not yet paid.
  const restock = daysBefore(today, 14);
  const supplierId = suppliers[0];
  if (supplierId !== undefined) {
    const lines = items
      .filter((item) => item.supplierId === supplierId)
      .slice(0, 4)
      .map((item) => ({ item_id: item.id, quantity: 10, unit_cost: centavosToPesos(item.cost) }));
    const orderId = await createPurchaseOrder(contextOn(restock), {
      contact_id: supplierId,
      ...warehouse,
      order_date: restock,
      expected_date: daysBefore(today, -7),
      lines,
    });
    const orderLines = await db
      .selectFrom('purchase_order_lines')
      .select(['id', 'item_id', 'unit_cost'])
      .where('purchase_order_id', '=', orderId)
      .orderBy('position')
      .execute();
    const half = orderLines.map((line) => ({
      purchase_order_line_id: line.id,
      item_id: line.item_id,
      quantity: 5,
      unit_cost: centavosToPesos(Number(line.unit_cost)),
    }));
    const arrived = daysBefore(today, 10);
    await createReceiveOrder(contextOn(arrived), {
      purchase_order_id: orderId,
      contact_id: supplierId,
      ...warehouse,
      received_date: arrived,
      lines: half,
    });
    // The supplier's invoice charges ₱50 more a piece on the first line than the order said: the bill's cost is the
    // true cost, and the five on hand at the warehouse are revalued by it (docs/domain/purchasing.md, Bills).
    await createBill(contextOn(arrived), {
      purchase_order_id: orderId,
      contact_id: supplierId,
      ...warehouse,
      bill_date: arrived,
      due_date: daysBefore(today, -20),
      supplier_invoice_number: 'SI-2700',
      lines: half.map((line, index) => (index === 0 ? { ...line, unit_cost: line.unit_cost + 50 } : line)),
    });
  }

  // An order closed short: half of it came, the supplier said the rest is discontinued.
  const shortSupplier = suppliers[1];
  const shortItem = items.find((item) => item.supplierId === shortSupplier);
  if (shortSupplier !== undefined && shortItem) {
    const ordered = daysBefore(today, 21);
    const orderId = await createPurchaseOrder(contextOn(ordered), {
      contact_id: shortSupplier,
      ...warehouse,
      order_date: ordered,
      lines: [{ item_id: shortItem.id, quantity: 4, unit_cost: centavosToPesos(shortItem.cost) }],
    });
    const line = await db
      .selectFrom('purchase_order_lines')
      .select(['id', 'unit_cost'])
      .where('purchase_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const arrived = daysBefore(today, 18);
    await createReceiveOrder(contextOn(arrived), {
      purchase_order_id: orderId,
      contact_id: shortSupplier,
      ...warehouse,
      received_date: arrived,
      lines: [
        {
          purchase_order_line_id: line.id,
          item_id: shortItem.id,
          quantity: 2,
          unit_cost: centavosToPesos(Number(line.unit_cost)),
        },
      ],
    });
    await closePurchaseOrder(contextOn(daysBefore(today, 12)), orderId, 'The supplier discontinued the colour.');
  }

  for (const [index, customerId] of master.customerIds.slice(0, 3).entries()) {
    const item = items[index * 7];
    const branchId = master.branchIds[index % master.branchIds.length];
    if (!item || branchId === undefined) continue;
    const date = daysBefore(today, 2 + index);
    const price = (await latestSalePrice(db, master.businessId, item.id, branchId, date)) ?? item.cost * 2;
    await createQuotation(contextOn(date), {
      contact_id: customerId,
      branch_id: branchId,
      quotation_date: date,
      valid_until: daysBefore(today, -14),
      lines: [{ item_id: item.id, quantity: 2, unit_price: centavosToPesos(price) }],
    });
  }

  // Work still open today: an order placed with a supplier and a branch's request for stock, both untouched.
  const [firstSupplier] = suppliers;
  const [firstBranch] = master.branchIds;
  const waiting = items.filter((item) => item.supplierId === firstSupplier).slice(0, 3);
  if (firstSupplier !== undefined && waiting.length > 0) {
    await createPurchaseOrder(contextOn(today), {
      contact_id: firstSupplier,
      ...warehouse,
      order_date: today,
      expected_date: daysBefore(today, -7),
      lines: waiting.map((item) => ({ item_id: item.id, quantity: 10, unit_cost: centavosToPesos(item.cost) })),
    });
  }
  if (firstBranch !== undefined && waiting.length > 0) {
    await createStockRequest(contextOn(today), {
      from_warehouse_id: master.warehouseId,
      to_branch_id: firstBranch,
      request_date: today,
      needed_by: daysBefore(today, -3),
      lines: waiting.map((item) => ({ item_id: item.id, quantity: 2 })),
    });
  }
}
