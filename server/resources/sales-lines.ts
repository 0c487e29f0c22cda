import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { centavosToPesos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { groupBy, itemLabels } from './document-support.ts';

// Quotation and invoice lines share one shape in the contract.
export async function presentSalesLines(
  db: Kysely<Database>,
  table: 'quotation_lines' | 'invoice_lines',
  parent: 'quotation_id' | 'invoice_id',
  documentIds: readonly number[],
) {
  const lines = await db
    .selectFrom(table)
    .select(['id', parent, 'item_id', 'quantity', 'unit_price', 'discount_percent', 'amount', 'position'])
    .where(parent, 'in', [...documentIds, 0])
    .orderBy('position')
    .execute();
  const items = await itemLabels(
    db,
    lines.map((line) => line.item_id),
  );
  const presented = lines.map((line) => ({
    documentId: Number((line as Record<string, unknown>)[parent]),
    line: {
      id: line.id,
      item_id: line.item_id,
      quantity: fromThousandths(Number(line.quantity)),
      unit_price: centavosToPesos(Number(line.unit_price)),
      discount_percent: line.discount_percent,
      item_code: items.get(line.item_id)?.code ?? null,
      item_name: items.get(line.item_id)?.name ?? null,
      amount: centavosToPesos(Number(line.amount)),
    },
  }));
  const grouped = groupBy(presented, (entry) => entry.documentId);
  return (documentId: number) => (grouped.get(documentId) ?? []).map((entry) => entry.line);
}
