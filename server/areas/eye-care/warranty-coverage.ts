import type { PostingContext } from '../../ledger/posting-context.ts';
import type { WarrantyTermRow } from '../../ledger/references.ts';
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

type Term = { months: number; types: number[]; brands: number[] };

// The standing terms as stored (their lists JSON arrays of ids), ready to match items against.
export function warrantyTermsOf(rows: readonly WarrantyTermRow[]): Term[] {
  return rows.map((term) => ({
    months: Number(term.months),
    types: idList(term.item_type_ids),
    brands: idList(term.brand_ids),
  }));
}

// The day the longest term covering the item ends, for a sale on `day` (null: no term covers it). A term covers an
// item of its types and brands, an empty list covering all.
export function warrantyUntil(
  terms: readonly Term[],
  item: { item_type_id: number; brand_id: number | null },
  day: string,
): string | null {
  const months = terms
    .filter(
      (term) =>
        (term.types.length === 0 || term.types.includes(item.item_type_id)) &&
        (term.brands.length === 0 || (item.brand_id !== null && term.brands.includes(item.brand_id))),
    )
    .reduce((longest, term) => Math.max(longest, term.months), 0);
  return months === 0 ? null : warrantyEnd(day, months);
}

// docs/domain/eye-care.md, Warranties: when an invoice posts, each line of an item a standing term covers (its type
// and brand among the term's, an empty list covering all) keeps the day its longest covering term ends. A new
// invoice's lines are written with it (sales/invoices-posting.ts); an edited invoice's are stamped here. A business
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
  const covering = warrantyTermsOf(terms);
  for (const line of lines) {
    const until = warrantyUntil(covering, line, invoiceDate);
    if (until === null) continue;
    await context.trx.updateTable('invoice_lines').set({ warranty_until: until }).where('id', '=', line.id).execute();
  }
}
