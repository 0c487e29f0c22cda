import type { Kysely } from 'kysely';
import { recordDocumentHistory } from './document-history.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';

export type StatusTable = 'purchase_orders' | 'bills' | 'invoices' | 'stock_requests' | 'stock_transfers';

type StatusRows = Record<StatusTable, { id: number; business_id: number; status: string; updated_at: string }>;

// Sets the status another document's posting implies (a receipt fills an order, a payment pays a bill); a move to
// a different status is an entry in the document's history, action `status`. A status in `kept` was set by a
// person's word (an order closed short) and no posting moves it.
export async function moveStatus(
  context: PostingContext,
  table: StatusTable,
  id: number,
  status: string,
  kept: readonly string[] = [],
) {
  const db = context.trx as unknown as Kysely<StatusRows>;
  const current = await db
    .selectFrom(table)
    .select('status')
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  if (kept.includes(current.status)) return;
  await db
    .updateTable(table)
    .set({ status, updated_at: timestampOf(context) })
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .execute();
  if (current.status !== status) {
    await recordDocumentHistory(context, table, id, 'status', { status: [current.status, status] });
  }
}
