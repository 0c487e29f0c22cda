import { CreateInvoiceBody } from '../../generated/zod/invoices/invoices.zod.ts';
import type { InvoiceInput } from '../../server/areas/sales/invoices-posting.ts';
import { businessDate } from '../../server/domain/business-date.ts';
import type { BenchDatabase } from './bench-database.ts';

// A new invoice of `lineCount` lines each call, for the bench's first customer at its branch, walking through the
// stocked items so that postings do not drain one stock row.
export async function invoiceInputs(
  bench: Pick<BenchDatabase, 'db' | 'businessId' | 'branchId'>,
  lineCount: number,
): Promise<() => InvoiceInput> {
  const customer = await bench.db
    .selectFrom('contacts')
    .innerJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
    .select('contacts.id')
    .where('contacts.business_id', '=', bench.businessId)
    .where('contact_types.name', '=', 'Customer')
    .orderBy('contacts.id')
    .executeTakeFirstOrThrow();
  const items = await bench.db
    .selectFrom('stocks')
    .select('item_id')
    .where('business_id', '=', bench.businessId)
    .where('branch_id', '=', bench.branchId)
    .where('quantity_on_hand', '>=', 100_000)
    .orderBy('item_id')
    .limit(5_000)
    .execute();
  let next = 0;
  return () =>
    CreateInvoiceBody.parse({
      contact_id: customer.id,
      branch_id: bench.branchId,
      // The shop's day in Manila: no sale is dated after it, and the bench's user may not need to backdate.
      invoice_date: businessDate(new Date()),
      lines: Array.from({ length: lineCount }, () => {
        next = (next + 1) % items.length;
        return { item_id: items[next]?.item_id, quantity: 1, unit_price: 1_250, discount_percent: 0 };
      }),
    });
}
