import type { Kysely } from 'kysely';
import { createDebitMemo } from '../areas/purchasing/debit-memos-posting.ts';
import { type CreditMemoInput, createCreditMemo } from '../areas/sales/credit-memos-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { latestSalePrice } from '../ledger/default-prices.ts';
import { demoContext, invoiceTotalOf, momentOn } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// A few returns (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md, Debit memos), through the posting
// services: a senior citizen brings back part of a sale the day after and is refunded in cash, a customer's frame
// turns out defective and is not put back on the shelf (store credit), a customer exchanges a frame for another (the
// memo's store credit pays the new invoice, the difference in cash), and a supplier takes back one unit of a bill.
export async function seedDemoMemoranda(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const today = businessDate(now);
  const contextOn = (date: string) => demoContext(db, master, momentOn(date, 6, now));
  const dayAfter = (date: string) => {
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return next > today ? today : next;
  };
  const invoiceLine = (senior: boolean, type: string | null) =>
    db
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .innerJoin('items', 'items.id', 'invoice_lines.item_id')
      .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
      .select(['invoices.id as invoice_id', 'invoices.invoice_date', 'invoice_lines.id', 'invoice_lines.quantity'])
      .where('invoices.business_id', '=', master.businessId)
      .where('invoices.deleted_at', 'is', null)
      .where('invoices.special_discount_program_id', senior ? 'is not' : 'is', null)
      .where('items.is_inventory_tracked', '=', 1)
      .$if(type !== null, (query) => query.where('item_types.name', '=', type ?? ''))
      .orderBy('invoices.invoice_date', 'desc')
      .orderBy('invoice_lines.id')
      .limit(1)
      .executeTakeFirst();

  // One unit of the line (or all of it, where it sold less) comes back the day after the sale.
  const returnOneUnit = async (
    line: Awaited<ReturnType<typeof invoiceLine>>,
    memo: Pick<CreditMemoInput, 'reason' | 'notes' | 'settlement' | 'refund_method'>,
  ) => {
    if (!line) return;
    const date = dayAfter(line.invoice_date);
    await createCreditMemo(contextOn(date), {
      invoice_id: line.invoice_id,
      memo_date: date,
      ...memo,
      lines: [{ invoice_line_id: line.id, quantity: fromThousandths(Math.min(1000, Number(line.quantity))) }],
    });
  };
  await returnOneUnit(await invoiceLine(true, null), {
    reason: 'returned',
    notes: 'Changed her mind about the frame; returned unworn.',
    settlement: 'refund',
    refund_method: 'cash',
  });
  await returnOneUnit(await invoiceLine(false, 'Frame'), {
    reason: 'defective',
    notes: 'Hinge broke on the second day; frame set aside for the supplier.',
  });

  // An exchange the day after a paid sale: the frame comes back as store credit, which pays a new invoice for another
  // frame of the same branch; what the credit does not cover is paid in cash.
  const exchanged = await db
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .innerJoin('items', 'items.id', 'invoice_lines.item_id')
    .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
    .select([
      'invoices.id as invoice_id',
      'invoices.invoice_date',
      'invoices.contact_id',
      'invoices.branch_id',
      'invoice_lines.id',
      'invoice_lines.item_id',
      'invoice_lines.unit_price',
    ])
    .where('invoices.business_id', '=', master.businessId)
    .where('invoices.deleted_at', 'is', null)
    .where('invoices.status', '=', 'paid')
    .where('invoices.credited_total', '=', 0)
    .where('invoices.special_discount_program_id', 'is', null)
    .where('invoices.invoice_date', '<', today)
    .where('items.is_inventory_tracked', '=', 1)
    .where('items.is_lot_tracked', '=', 0)
    .where('item_types.name', '=', 'Frame')
    .orderBy('invoices.invoice_date', 'desc')
    .orderBy('invoice_lines.id')
    .limit(1)
    .executeTakeFirst();
  if (exchanged) {
    const date = dayAfter(exchanged.invoice_date);
    const context = contextOn(date);
    const memoId = await createCreditMemo(context, {
      invoice_id: exchanged.invoice_id,
      memo_date: date,
      reason: 'returned',
      notes: 'Exchange: the customer preferred another frame.',
      settlement: 'store_credit',
      lines: [{ invoice_line_id: exchanged.id, quantity: 1 }],
    });
    const other = await db
      .selectFrom('stocks')
      .innerJoin('items', 'items.id', 'stocks.item_id')
      .innerJoin('item_types', 'item_types.id', 'items.item_type_id')
      .select('items.id')
      .where('stocks.business_id', '=', master.businessId)
      .where('stocks.branch_id', '=', exchanged.branch_id)
      .where('stocks.quantity_on_hand', '>=', 1000)
      .where('items.id', '<>', exchanged.item_id)
      .where('items.is_lot_tracked', '=', 0)
      .where('item_types.name', '=', 'Frame')
      .orderBy('items.id')
      .limit(1)
      .executeTakeFirst();
    const memo = await db
      .selectFrom('credit_memos')
      .select(['number', 'total'])
      .where('id', '=', memoId)
      .executeTakeFirstOrThrow();
    if (other) {
      const price =
        (await latestSalePrice(db, master.businessId, other.id, exchanged.branch_id, date)) ??
        Number(exchanged.unit_price);
      const invoiceId = await createInvoice(context, {
        contact_id: exchanged.contact_id,
        branch_id: exchanged.branch_id,
        invoice_date: date,
        notes: `Exchange for ${memo.number}`,
        lines: [{ item_id: other.id, quantity: 1, unit_price: centavosToPesos(price) }],
      });
      const invoiceTotal = await invoiceTotalOf(db, invoiceId);
      const fromCredit = Math.min(Number(memo.total), invoiceTotal);
      await createInvoicePayment(context, {
        invoice_id: invoiceId,
        payment_date: date,
        amount: centavosToPesos(fromCredit),
        payment_method: 'store_credit',
      });
      if (invoiceTotal > fromCredit) {
        await createInvoicePayment(context, {
          invoice_id: invoiceId,
          payment_date: date,
          amount: centavosToPesos(invoiceTotal - fromCredit),
          payment_method: 'cash',
        });
      }
    }
  }

  // One unit of the latest bill whose item is still on hand where the bill was received.
  const billed = await db
    .selectFrom('bill_lines')
    .innerJoin('bills', 'bills.id', 'bill_lines.bill_id')
    .innerJoin('items', 'items.id', 'bill_lines.item_id')
    .innerJoin('stocks', (join) =>
      join
        .onRef('stocks.item_id', '=', 'bill_lines.item_id')
        .on((eb) =>
          eb.or([
            eb('bills.branch_id', 'is not', null).and('stocks.branch_id', '=', eb.ref('bills.branch_id')),
            eb('bills.warehouse_id', 'is not', null).and('stocks.warehouse_id', '=', eb.ref('bills.warehouse_id')),
          ]),
        ),
    )
    .select([
      'bills.id as bill_id',
      'bills.contact_id',
      'bills.branch_id',
      'bills.warehouse_id',
      'bills.bill_date',
      'bill_lines.id',
      'bill_lines.item_id',
    ])
    .where('bills.business_id', '=', master.businessId)
    .where('bills.deleted_at', 'is', null)
    .where('items.is_lot_tracked', '=', 0)
    .where('items.is_inventory_tracked', '=', 1)
    .where('stocks.quantity_on_hand', '>=', 2000)
    .orderBy('bills.bill_date', 'desc')
    .orderBy('bill_lines.id')
    .limit(1)
    .executeTakeFirst();
  if (billed) {
    const date = dayAfter(billed.bill_date);
    await createDebitMemo(contextOn(date), {
      contact_id: billed.contact_id,
      branch_id: billed.branch_id,
      warehouse_id: billed.warehouse_id,
      bill_id: billed.bill_id,
      memo_date: date,
      reason: 'defective',
      notes: 'Scratched lenses in the delivery; the supplier took them back.',
      lines: [{ item_id: billed.item_id, bill_line_id: billed.id, quantity: 1 }],
    });
  }
}
