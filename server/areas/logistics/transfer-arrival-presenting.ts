import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { documentLines, routeNames } from '../../ledger/document-presenting.ts';
import { receiptHolders } from '../../ledger/receipt-holds.ts';
import { lineLots } from '../../ledger/stock/line-lots.ts';

// Stock receives and stock returns show their transfer's number and route and their lines the same way.
export async function presentArrivalParts(
  db: Kysely<Database>,
  table: 'stock_receive_lines' | 'stock_return_lines',
  rows: readonly { id: number; business_id: number; deleted_at: string | null; stock_transfer_id: number }[],
) {
  const heldBy = await receiptHolders(db, table === 'stock_receive_lines' ? 'stock-receive' : 'stock-return', rows);
  const { linesOf, itemOf } = await documentLines(db, table, rows);
  const lotsOf = await lineLots(
    db,
    table === 'stock_receive_lines' ? 'stock-receive' : 'stock-return',
    'in_transit',
    rows,
  );
  // A receive's line names its lot and expiry; a return's line the lot asked for and the lots it took.
  // A receive's line also keeps what came damaged.
  const lotFieldsOf = (line: {
    id: number;
    lot_number: string | null;
    expires_on?: string | null;
    damaged_quantity?: number;
    damage_reason?: string | null;
  }) =>
    table === 'stock_receive_lines'
      ? {
          lot_number: line.lot_number,
          expires_on: line.expires_on ?? null,
          damaged_quantity: fromThousandths(Number(line.damaged_quantity ?? 0)),
          damage_reason: line.damage_reason ?? null,
        }
      : { lot_number: line.lot_number, lots: lotsOf(line.id) };
  const transfers = await db
    .selectFrom('stock_transfers')
    .select(['id', 'number', 'from_branch_id', 'from_warehouse_id', 'to_branch_id', 'to_warehouse_id'])
    .where('id', 'in', [...rows.map((row) => row.stock_transfer_id), 0])
    .execute();
  const transferOf = new Map(transfers.map((transfer) => [transfer.id, transfer]));
  const routeOf = await routeNames(db, transfers);
  return (row: { id: number; stock_transfer_id: number }) => {
    const transfer = transferOf.get(row.stock_transfer_id);
    return {
      stock_transfer_number: transfer?.number ?? null,
      held_by: heldBy(row.id),
      ...(transfer ? routeOf(transfer) : { from_location_name: null, to_location_name: null }),
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        stock_transfer_line_id: line.stock_transfer_line_id,
        quantity: fromThousandths(Number(line.quantity)),
        item_id: line.item_id,
        ...itemOf(line.item_id),
        ...lotFieldsOf(line),
      })),
    };
  };
}
