import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { pricedTotals } from '../../ledger/document-presenting.ts';
import { presentVat, type vatOf } from '../../ledger/vat-presenting.ts';

export type SaleRow = Parameters<typeof pricedTotals>[0] &
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
  const vatOfRow = await presentVat(db, rows);
  return (row: SaleRow) =>
    saleHead(
      row,
      { contact: nameOf(contacts, row.contact_id), branch: nameOf(branches, row.branch_id) },
      vatOfRow(row),
    );
}

// One sale's head, its names and VAT breakdown as read with it.
export function saleHead(
  row: SaleRow,
  names: { contact: string | null; branch: string | null },
  vat: ReturnType<typeof vatOf>,
) {
  return {
    number: row.number,
    reference_number: row.reference_number,
    contact_name: names.contact,
    branch_name: names.branch,
    ...pricedTotals(row),
    ...vat,
  };
}
