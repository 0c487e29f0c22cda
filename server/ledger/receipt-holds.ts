import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { conflict } from '../domain/refusal.ts';
import type { PostingContext } from './posting-context.ts';

export type ReceiptKind = 'receive-order' | 'stock-receive' | 'stock-return';

const documentLabels: Record<string, string> = {
  invoice: 'Invoice',
  'stock-transfer': 'Stock transfer',
  'receive-order': 'Receive order',
  'stock-receive': 'Stock receive',
  'stock-return': 'Stock return',
  'job-order-remake': 'Remade job order',
  'warranty-claim': 'Warranty claim',
};

// The later document that keeps a receipt standing, as "Bill BL-…", or null when the receipt may be voided
// (docs/DECISIONS.md, "A receipt whose goods went on"). Goods are not traced piece by piece: any standing document
// that took the same item out of the same location after the receipt posted holds it, because voiding the
// receipt would rewrite the average cost those goods left at.
export async function receiptHeldBy(
  db: Kysely<Database>,
  businessId: number,
  kind: ReceiptKind,
  id: number,
): Promise<string | null> {
  if (kind === 'receive-order') {
    const bill = await billOfReceivedGoods(db, businessId, id);
    if (bill) return `Bill ${bill}`;
  }
  // A document counts when it moved the stock after the receipt posted and, over all its movements there, took
  // goods out: a document voided since nets to nothing. A stock receive's own write-off of what came damaged is
  // part of it, voided with it.
  const writeOff =
    kind === 'stock-receive'
      ? ((
          await db
            .selectFrom('stock_receives')
            .select('damage_adjustment_id')
            .where('id', '=', id)
            .where('business_id', '=', businessId)
            .executeTakeFirst()
        )?.damage_adjustment_id ?? 0)
      : 0;
  const later = await sql<{ document_type: string; document_number: string | null }>`
    SELECT moved.document_type, moved.document_number FROM stock_movements moved
    JOIN (
      SELECT stock_id, MAX(id) AS posted_at FROM stock_movements
      WHERE business_id = ${businessId} AND document_type = ${kind} AND document_id = ${id}
        AND balance = 'on_hand' AND quantity_delta > 0
      GROUP BY stock_id
    ) receipt ON receipt.stock_id = moved.stock_id
    WHERE moved.business_id = ${businessId} AND moved.balance = 'on_hand'
      AND NOT (moved.document_type = ${kind} AND moved.document_id = ${id})
      AND NOT (moved.document_type = 'stock-adjustment' AND moved.document_id = ${writeOff})
    GROUP BY moved.document_type, moved.document_id, moved.document_number
    HAVING SUM(moved.quantity_delta) < 0 AND MAX(moved.id) > MIN(receipt.posted_at)
    ORDER BY MAX(moved.id)
    LIMIT 1`.execute(db);
  const row = later.rows[0];
  if (!row) return null;
  return `${documentLabels[row.document_type] ?? row.document_type} ${row.document_number ?? ''}`.trim();
}

// A bill on the receipt's order lines that bills more than the order would still have received without it.
async function billOfReceivedGoods(db: Kysely<Database>, businessId: number, id: number): Promise<string | null> {
  const bill = await db
    .selectFrom('receive_order_lines as receipt')
    .innerJoin('purchase_order_lines as ordered', 'ordered.id', 'receipt.purchase_order_line_id')
    .innerJoin('bill_lines as billed', 'billed.purchase_order_line_id', 'ordered.id')
    .innerJoin('bills', 'bills.id', 'billed.bill_id')
    .select('bills.number')
    .where('receipt.receive_order_id', '=', id)
    .where('receipt.business_id', '=', businessId)
    .where('bills.deleted_at', 'is', null)
    .where(sql<boolean>`ordered.billed_quantity > ordered.received_quantity - receipt.quantity`)
    .orderBy('bills.id', 'desc')
    .executeTakeFirst();
  return bill?.number ?? null;
}

// A void of a receipt is refused while a later document stands on its goods (409 naming that document).
export async function refuseHeldReceipt(context: PostingContext, kind: ReceiptKind, id: number): Promise<void> {
  const holder = await receiptHeldBy(context.trx, context.businessId, kind, id);
  if (holder) throw conflict(`${holder} stands on the goods of this receipt; void it first.`);
}

// What holds each standing receipt of a page, for the view to offer Delete only where a void would pass.
export async function receiptHolders(
  db: Kysely<Database>,
  kind: ReceiptKind,
  rows: readonly { id: number; business_id: number; deleted_at: string | null }[],
): Promise<(id: number) => string | null> {
  const holders = new Map<number, string | null>();
  for (const row of rows) {
    if (row.deleted_at === null) holders.set(row.id, await receiptHeldBy(db, row.business_id, kind, row.id));
  }
  return (id) => holders.get(id) ?? null;
}
