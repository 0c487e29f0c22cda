import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Location } from '../../domain/location.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { locationNames } from '../../ledger/document-presenting.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';

// What a receipt and a bill (docs/domain/purchasing.md) share as documents that follow a purchase order: the order,
// the supplier and the location they are entered at.

type FollowUpRow = {
  purchase_order_id: number | null;
  contact_id: number;
  branch_id: number | null;
  warehouse_id: number | null;
};

// The head of a new receipt or bill: its number at its location, the order it follows and its supplier.
export async function orderFollowUpColumns(
  context: PostingContext,
  kind: 'receive-order' | 'bill',
  input: { purchase_order_id?: number | null | undefined; contact_id: number },
  location: Location,
  date: string,
) {
  return {
    number: await assignDocumentNumber(context, kind, location, date),
    purchase_order_id: input.purchase_order_id ?? null,
    contact_id: input.contact_id,
    ...location,
  };
}

// The ids a receipt or bill shows first, as stored.
export function orderFollowUpIds(row: Parameters<typeof auditColumns>[0] & FollowUpRow & { business_id: number }) {
  return {
    ...auditColumns(row),
    ...storedFields(row, ['business_id', 'purchase_order_id', 'contact_id', 'branch_id', 'warehouse_id']),
  };
}

// A receipt and a bill name the order they follow by its number, their supplier and their location, each looked up
// once for the whole page.
export async function orderFollowUpNames(db: Kysely<Database>, rows: readonly FollowUpRow[]) {
  const { contacts, orders } = await namesIn(db, {
    contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
    orders: { table: 'purchase_orders', ids: rows.map((row) => row.purchase_order_id), column: 'number' },
  });
  const locationName = await locationNames(db, rows);
  return (row: FollowUpRow) => ({
    purchase_order_number: nameOf(orders, row.purchase_order_id),
    contact_name: nameOf(contacts, row.contact_id),
    location_name: locationName(row.branch_id, row.warehouse_id),
  });
}
