import type { Kysely } from 'kysely';
import { createZReading } from '../areas/cash/z-readings-posting.ts';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { latestSalePrice } from '../ledger/default-prices.ts';
import { addTerminal } from '../ledger/terminals.ts';
import { demoContext, invoiceTotalOf } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

const accreditation =
  'Spectacle Back Office v1.0 · Accreditation No. 0000-000-00000-000000 · Date Issued 2026-01-15 · Valid until 2031-01-14';

// docs/domain/cash.md, Terminals: every branch's first machine with its BIR numbers, and the line the software's
// accreditation prints, before the demo's first sale.
export async function seedDemoTerminals(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('businesses')
    .set({ software_accreditation: accreditation })
    .where('id', '=', master.businessId)
    .execute();
  for (const [index, branchId] of master.branchIds.entries()) {
    await addTerminal(db, {
      business_id: master.businessId,
      branch_id: branchId,
      name: 'Terminal 1',
      min: `2601150${index + 1}0000${index + 1}`,
      serial_number: `SPX-${index + 1}A-0001`,
      ac_number: `FP012026-0${index + 1}2-0012345-00000`,
      ac_date: '2026-01-15',
      at,
      by: null,
    });
  }
}

// Makati's second counter, in its own T series: two sales on the day before yesterday, after the first terminal's Z of
// that day, and its own Z, so that the branch's day reads as two Zs that add up to it. It is put away afterwards, so
// that the branch's papers go on from its first terminal without asking which (the demo's flows choose none).
export async function seedDemoSecondTerminal(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const [makati] = master.branchIds;
  const customer = master.customerIds[0];
  if (makati === undefined || customer === undefined) return;
  const day = businessDate(new Date(Date.parse(`${businessDate(now)}T00:00:00+08:00`) - 2 * 86_400_000));
  const terminalId = await addTerminal(db, {
    business_id: master.businessId,
    branch_id: makati,
    name: 'Terminal 2',
    min: '26011501000002',
    serial_number: 'SPX-1B-0002',
    ac_number: 'FP012026-012-0012346-00000',
    ac_date: '2026-01-15',
    at: now.toISOString(),
    by: null,
  });
  const context = demoContext(db, master, new Date(`${day}T07:00:00Z`));
  const stocked = await db
    .selectFrom('stocks')
    .innerJoin('items', 'items.id', 'stocks.item_id')
    .select(['items.id'])
    .where('stocks.business_id', '=', master.businessId)
    .where('stocks.branch_id', '=', makati)
    .where('stocks.quantity_on_hand', '>=', 2000)
    .where('items.is_lot_tracked', '=', 0)
    .orderBy('items.id')
    .limit(2)
    .execute();
  for (const [index, item] of stocked.entries()) {
    const price = (await latestSalePrice(db, master.businessId, item.id, makati, day)) ?? 150_000;
    const invoiceId = await createInvoice(context, {
      contact_id: master.customerIds[index] ?? customer,
      branch_id: makati,
      terminal_id: terminalId,
      invoice_date: day,
      lines: [{ item_id: item.id, quantity: 1, unit_price: centavosToPesos(price) }],
    });
    const invoiceTotal = await invoiceTotalOf(db, invoiceId);
    await createInvoicePayment(context, {
      invoice_id: invoiceId,
      terminal_id: terminalId,
      payment_date: day,
      amount: centavosToPesos(invoiceTotal),
      payment_method: 'card',
    });
  }
  await createZReading(demoContext(db, master, new Date(`${day}T13:30:00Z`)), {
    branch_id: makati,
    terminal_id: terminalId,
    business_date: day,
  });
  await db.updateTable('terminals').set({ active: 0 }).where('id', '=', terminalId).execute();
}
