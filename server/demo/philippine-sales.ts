import type { Kysely } from 'kysely';
import { createInvoicePayment } from '../areas/sales/invoice-payments-posting.ts';
import { createInvoice } from '../areas/sales/invoices-posting.ts';
import type { Database } from '../db/database.ts';
import { businessDate } from '../domain/business-date.ts';
import { centavosToPesos } from '../domain/money.ts';
import { demoContext, invoiceTotalOf, momentOn, stockedItems } from './demo-context.ts';
import type { DemoMasterData } from './master-data.ts';

// Senior citizens and PWDs buying eyewear over the last week, each with the ID they showed.
const holders = [
  {
    program: 'Senior Citizen',
    name: 'Lourdes M. Villanueva',
    id: 'OSCA-MKT-2019-04418',
    daysAgo: 6,
    extra: 'Accessory',
  },
  { program: 'PWD', name: 'Ramon T. Aquino', id: 'PWD-137601-000-2231', daysAgo: 4, extra: null },
  {
    program: 'Senior Citizen',
    name: 'Eduardo P. Santos',
    id: 'OSCA-QC-2021-11873',
    daysAgo: 2,
    extra: 'Lens Solution',
  },
  { program: 'Senior Citizen', name: 'Teresita G. Ramos', id: 'OSCA-MKT-2016-00952', daysAgo: 0, extra: null },
] as const;

function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

// The demo business as a Philippine shop: its BIR registration on the invoice, and a few sales to holders of the
// Senior Citizen and PWD programs.
export async function seedDemoPhilippineSales(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  await db
    .updateTable('businesses')
    .set({
      registered_name: 'Spectacle Optical Co.',
      tin: '123-456-789-000',
      is_vat_registered: 1,
      invoice_footer:
        'BIR Permit to Use No. FP052026-116-0381223-00000 · ATP No. 116AU20260000004521 issued 05/04/2026 · ' +
        'Serial Nos. 00000001-99999999 · THIS INVOICE SHALL BE VALID FOR FIVE (5) YEARS FROM THE DATE OF THE ATP.',
    })
    .where('id', '=', master.businessId)
    .execute();

  const typeId = new Map(
    (
      await db.selectFrom('item_types').select(['id', 'name']).where('business_id', '=', master.businessId).execute()
    ).map((type) => [type.name, type.id]),
  );
  // The programs themselves come with every new business (its starting data).
  const programIds = new Map(
    (
      await db
        .selectFrom('discount_programs')
        .select(['id', 'name'])
        .where('business_id', '=', master.businessId)
        .execute()
    ).map((program) => [program.name, program.id]),
  );

  const today = businessDate(now);
  for (const [index, holder] of holders.entries()) {
    const branchId = master.branchIds[index % master.branchIds.length] ?? 0;
    const date = daysBefore(today, holder.daysAgo);
    const wanted = ['Frame', 'Ophthalmic Lens', ...(holder.extra ? [holder.extra] : [])];
    const lines = [];
    for (const type of wanted) {
      const stocked = await stockedItems(db, master)
        .innerJoin('sale_item_prices', 'sale_item_prices.item_id', 'items.id')
        .select(['items.id', 'sale_item_prices.unit_price'])
        .where('stocks.branch_id', '=', branchId)
        .where('stocks.quantity_on_hand', '>=', 2000)
        .where('items.item_type_id', '=', typeId.get(type) ?? 0)
        .orderBy('items.id')
        .offset(index)
        .limit(1)
        .executeTakeFirst();
      if (stocked)
        lines.push({ item_id: stocked.id, quantity: 1, unit_price: centavosToPesos(Number(stocked.unit_price)) });
    }
    if (lines.length === 0) continue;
    const context = demoContext(db, master, momentOn(date, 5, now));
    const invoiceId = await createInvoice(context, {
      contact_id: master.customerIds[index % master.customerIds.length] ?? 0,
      branch_id: branchId,
      invoice_date: date,
      lines,
      special_discount: {
        program_id: programIds.get(holder.program) ?? 0,
        holder_name: holder.name,
        holder_id_number: holder.id,
      },
    });
    const invoiceTotal = await invoiceTotalOf(db, invoiceId);
    await createInvoicePayment(context, {
      invoice_id: invoiceId,
      payment_date: date,
      amount: centavosToPesos(invoiceTotal),
      payment_method: index % 2 === 0 ? 'cash' : 'e_wallet',
    });
  }
}
