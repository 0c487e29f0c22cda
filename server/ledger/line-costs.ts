import { sql } from 'kysely';
import { runReused } from '../db/reused-query.ts';
import type { PostingContext } from './posting-context.ts';

export type LineCost = { id: number; cost: number };

// The unit cost each issued line left at, kept on the line so that a void puts the goods back at the same cost:
// one UPDATE for all the lines of a posting, each line taking its own cost by id.
export async function writeLineCosts(
  context: PostingContext,
  table: 'invoice_lines' | 'stock_transfer_lines',
  costs: readonly LineCost[],
): Promise<void> {
  if (costs.length === 0) return;
  const values = costs.flatMap((line) => [line.id, line.cost]);
  await runReused(context.trx, `${table} costs of ${costs.length} lines`, values, (standIns) => {
    const idOf = (index: number) => standIns[index * 2] ?? 0;
    return context.trx
      .updateTable(table)
      .set({
        unit_cost: sql<number>`CASE ${sql.ref('id')} ${sql.join(
          costs.map((_, index) => sql`WHEN ${idOf(index)} THEN ${standIns[index * 2 + 1]}`),
          sql` `,
        )} ELSE ${sql.ref('unit_cost')} END`,
      })
      .where(
        'id',
        'in',
        costs.map((_, index) => idOf(index)),
      );
  });
}
