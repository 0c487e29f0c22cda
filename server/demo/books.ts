import { type Kysely, sql } from 'kysely';
import { createBillPayment } from '../areas/purchasing/bill-payments-posting.ts';
import { createBill } from '../areas/purchasing/bills-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { demoContext, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

type Booked = { table: 'invoices' | 'bills' | 'bill_payments'; column: string };

const booked: Record<'sale' | 'bill' | 'payment', Booked> = {
  sale: { table: 'invoices', column: 'invoice_date' },
  bill: { table: 'bills', column: 'bill_date' },
  payment: { table: 'bill_payments', column: 'payment_date' },
};

/**
 * The demo's trade covers the last five weeks, which leaves a month's books thin or empty on some days of the
 * calendar (the 1st of a month holds one day of sales; late in a month, last month holds no bill payment). So that
 * every book (docs/domain/reports.md, The books) reads for this month and the last whatever the day, this month's
 * books get, on today, and last month's, on its last day, a paid eye examination, a supplier's bill and its payment,
 * each only where the month lacks one. Run before the cash drawers, so that last month's day is read and closed by a
 * Z-reading like every other.
 */
export async function seedDemoBooks(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const lastMonthEnd = new Date(Date.parse(`${today.slice(0, 8)}01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  // The business's first item that is a service (an exam) or that is kept in stock (a frame).
  const firstItem = (inventoryTracked: 0 | 1) =>
    db
      .selectFrom('items')
      .select('id')
      .where('business_id', '=', master.businessId)
      .where('is_inventory_tracked', '=', inventoryTracked)
      .orderBy('id')
      .executeTakeFirst();
  const exam = await firstItem(0);
  const frame = await firstItem(1);
  const [supplierId] = [...master.supplierIds.values()];
  const [branchId] = master.branchIds;
  const [customerId] = master.customerIds;
  if (!exam || !frame || supplierId === undefined || branchId === undefined || customerId === undefined) return;

  for (const day of [lastMonthEnd, today]) {
    const context = demoContext(db, master, momentOn(day, 4, now));
    const lacks = async (kind: keyof typeof booked) => {
      const { table, column } = booked[kind];
      const row = await db
        .selectFrom(table)
        .select(sql<number | string>`COUNT(*)`.as('count'))
        .where('business_id', '=', master.businessId)
        .where(sql.ref(column), '>=', `${day.slice(0, 8)}01`)
        .where(sql.ref(column), '<=', day)
        .executeTakeFirstOrThrow();
      return Number(row.count) === 0;
    };
    if (await lacks('sale')) {
      const invoiceId = await createInvoice(context, {
        contact_id: customerId,
        branch_id: branchId,
        invoice_date: day,
        lines: [{ item_id: exam.id, quantity: 1, unit_price: 800 }],
      });
      await createInvoicePayment(context, {
        invoice_id: invoiceId,
        payment_date: day,
        amount: 800,
        payment_method: 'cash',
      });
    }
    const needsPayment = await lacks('payment');
    if (!(await lacks('bill')) && !needsPayment) continue;
    const billId = await createBill(context, {
      contact_id: supplierId,
      branch_id: branchId,
      bill_date: day,
      supplier_invoice_number: `SI-${day.replaceAll('-', '')}`,
      lines: [{ item_id: frame.id, quantity: 2, unit_cost: 1120 }],
    });
    const bill = await db.selectFrom('bills').select('total').where('id', '=', billId).executeTakeFirstOrThrow();
    await createBillPayment(context, {
      bill_id: billId,
      payment_date: day,
      amount: centavosToPesos(Number(bill.total)),
      payment_method: 'bank_transfer',
      reference: `BT-${day.replaceAll('-', '')}`,
    });
  }

  // A buyer who gave a TIN, so that the Summary List of Sales shows a taxpayer's row beside the one of the buyers
  // without: the first named customer who bought this quarter.
  const quarterStart = `${today.slice(0, 5)}${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const buyer = await db
    .selectFrom('invoices')
    .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
    .select('contacts.id')
    .where('invoices.business_id', '=', master.businessId)
    .where('invoices.invoice_date', '>=', quarterStart)
    .where('contacts.phone', 'is not', null)
    .orderBy('invoices.id')
    .executeTakeFirst();
  if (buyer) {
    await db
      .updateTable('contacts')
      .set({ tin: '123-456-789-000', address: 'Legazpi Village, Makati City' })
      .where('id', '=', buyer.id)
      .execute();
  }
}
