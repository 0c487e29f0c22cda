import type { PostingContext } from '../../ledger/posting-context.ts';
import { idList } from './warranty-terms.ts';

// The day a warranty of `months` bought on `day` ends: the same day of the month that many months on, or that month's
// last day when it is shorter (a 31 January sale under a 1-month term ends on 28 or 29 February).
export function warrantyEnd(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

// docs/domain/eye-care.md, Warranties: when an invoice posts, each line of an item a standing term covers (its type
// and brand among the term's, an empty list covering all) keeps the day its longest covering term ends. A business
// with no terms reads one row and writes nothing.
export async function stampWarranties(context: PostingContext, invoiceId: number, invoiceDate: string): Promise<void> {
  const terms = await context.trx
    .selectFrom('warranty_terms')
    .select(['months', 'item_type_ids', 'brand_ids'])
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .execute();
  if (terms.length === 0) return;
  const lines = await context.trx
    .selectFrom('invoice_lines')
    .innerJoin('items', 'items.id', 'invoice_lines.item_id')
    .select(['invoice_lines.id', 'items.item_type_id', 'items.brand_id'])
    .where('invoice_lines.business_id', '=', context.businessId)
    .where('invoice_lines.invoice_id', '=', invoiceId)
    .execute();
  const covering = terms.map((term) => ({
    months: Number(term.months),
    types: idList(term.item_type_ids),
    brands: idList(term.brand_ids),
  }));
  for (const line of lines) {
    const months = covering
      .filter(
        (term) =>
          (term.types.length === 0 || term.types.includes(line.item_type_id)) &&
          (term.brands.length === 0 || (line.brand_id !== null && term.brands.includes(line.brand_id))),
      )
      .reduce((longest, term) => Math.max(longest, term.months), 0);
    if (months === 0) continue;
    await context.trx
      .updateTable('invoice_lines')
      .set({ warranty_until: warrantyEnd(invoiceDate, months) })
      .where('id', '=', line.id)
      .execute();
  }
}
