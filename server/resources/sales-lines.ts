import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { centavosToPesos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { documentLines } from './document-presenting.ts';

// Quotation and invoice lines share one shape in the contract.
export async function presentSalesLines(
  db: Kysely<Database>,
  table: 'quotation_lines' | 'invoice_lines',
  documentIds: readonly number[],
) {
  const { linesOf, itemOf } = await documentLines(db, table, documentIds);
  return (documentId: number) =>
    linesOf(documentId).map((line) => ({
      id: line.id,
      item_id: line.item_id,
      quantity: fromThousandths(Number(line.quantity)),
      unit_price: centavosToPesos(Number(line.unit_price)),
      discount_percent: line.discount_percent,
      ...itemOf(line.item_id),
      amount: centavosToPesos(Number(line.amount)),
      tax_class: line.tax_class,
      special_discount_amount: centavosToPesos(Number(line.special_discount_amount)),
    }));
}
