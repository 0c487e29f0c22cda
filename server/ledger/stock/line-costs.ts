import { sql } from 'kysely';
import { runReused } from '../../db/reused-query.ts';
import type { PostingContext } from '../posting-context.ts';

export type LineCost = { id: number; cost: number };

export type LineCostTable = 'invoice_lines' | 'stock_transfer_lines';

// The costs of `table`'s lines, to be written where the stock changes that gave them are (stock-ledger.ts).
export type LineCosts = { table: LineCostTable; costs: readonly LineCost[] };

// The unit cost each issued line left at, kept on the line so that a void puts the goods back at the same cost:
// one UPDATE for all the lines of a posting, each line taking its own cost by id.
export async function writeLineCosts(context: PostingContext, { table, costs }: LineCosts): Promise<void> {
  if (costs.length === 0) return;
  await runReused(context.trx, `${table} costs of ${costs.length} lines`, lineCostValues(costs), (standIns) =>
    lineCostsUpdate(context, table, costs.length, standIns),
  );
}

export function lineCostValues(costs: readonly LineCost[]): number[] {
  return costs.flatMap((line) => [line.id, line.cost]);
}

// The UPDATE of `count` lines' costs, their ids and costs in pairs among `standIns`.
export function lineCostsUpdate(
  context: PostingContext,
  table: LineCostTable,
  count: number,
  standIns: readonly unknown[],
) {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const idOf = (index: number) => (standIns[index * 2] as number | undefined) ?? 0;
  return context.trx
    .updateTable(table)
    .set({
      unit_cost: sql<number>`CASE ${sql.ref('id')} ${sql.join(
        indexes.map((index) => sql`WHEN ${idOf(index)} THEN ${standIns[index * 2 + 1]}`),
        sql` `,
      )} ELSE ${sql.ref('unit_cost')} END`,
    })
    .where('id', 'in', indexes.map(idOf));
}
