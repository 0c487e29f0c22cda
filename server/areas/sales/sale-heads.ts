import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { pricedTotals } from '../../ledger/document-presenting.ts';
import { presentVat } from '../../ledger/vat-presenting.ts';

type SaleRow = Parameters<typeof pricedTotals>[0] &
  Parameters<typeof presentVat>[1][number] & {
    number: string;
    reference_number: string;
    contact_id: number;
    branch_id: number;
  };

// A quotation and an invoice show their numbers, their customer and branch by name and their VAT-priced totals
// alike; the names and the special discounts' programs are looked up once for the whole page.
export async function presentSaleHeads(db: Kysely<Database>, rows: readonly SaleRow[]) {
  const { contacts, branches } = await namesIn(db, {
    contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
    branches: { table: 'branches', ids: rows.map((row) => row.branch_id) },
  });
  const vatOf = await presentVat(db, rows);
  return (row: SaleRow) => ({
    number: row.number,
    reference_number: row.reference_number,
    contact_name: nameOf(contacts, row.contact_id),
    branch_name: nameOf(branches, row.branch_id),
    ...pricedTotals(row),
    ...vatOf(row),
  });
}
