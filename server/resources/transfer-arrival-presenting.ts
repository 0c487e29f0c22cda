import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { groupBy, itemLabels, locationNames } from './document-support.ts';

// Stock receives and stock returns show their transfer's number and route and their lines the same way.
export async function presentArrivalParts(
  db: Kysely<Database>,
  table: 'stock_receive_lines' | 'stock_return_lines',
  parent: 'stock_receive_id' | 'stock_return_id',
  rows: readonly { id: number; stock_transfer_id: number }[],
) {
  const lines = await db
    .selectFrom(table)
    .select(['id', parent, 'stock_transfer_line_id', 'item_id', 'quantity', 'position'])
    .where(parent, 'in', [...rows.map((row) => row.id), 0])
    .orderBy('position')
    .execute();
  const items = await itemLabels(
    db,
    lines.map((line) => line.item_id),
  );
  const grouped = groupBy(lines, (line) => Number((line as Record<string, unknown>)[parent]));
  const transfers = await db
    .selectFrom('stock_transfers')
    .select(['id', 'number', 'from_branch_id', 'from_warehouse_id', 'to_branch_id', 'to_warehouse_id'])
    .where('id', 'in', [...rows.map((row) => row.stock_transfer_id), 0])
    .execute();
  const transferOf = new Map(transfers.map((transfer) => [transfer.id, transfer]));
  const locationName = await locationNames(db, [
    ...transfers.map((row) => ({ branch_id: row.from_branch_id, warehouse_id: row.from_warehouse_id })),
    ...transfers.map((row) => ({ branch_id: row.to_branch_id, warehouse_id: row.to_warehouse_id })),
  ]);
  return (row: { id: number; stock_transfer_id: number }) => {
    const transfer = transferOf.get(row.stock_transfer_id);
    return {
      stock_transfer_number: transfer?.number ?? null,
      from_location_name: transfer ? locationName(transfer.from_branch_id, transfer.from_warehouse_id) : null,
      to_location_name: transfer ? locationName(transfer.to_branch_id, transfer.to_warehouse_id) : null,
      lines: (grouped.get(row.id) ?? []).map((line) => ({
        id: line.id,
        stock_transfer_line_id: line.stock_transfer_line_id,
        quantity: fromThousandths(Number(line.quantity)),
        item_id: line.item_id,
        item_code: items.get(line.item_id)?.code ?? null,
        item_name: items.get(line.item_id)?.name ?? null,
      })),
    };
  };
}
