import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { documentLines } from '../../ledger/document-presenting.ts';

type SalesLineTable = 'quotation_lines' | 'invoice_lines';

// Quotation and invoice lines share one shape in the contract; `more` adds what one kind of line shows besides,
// from the same stored line.
export async function presentSalesLines<T extends SalesLineTable, More extends object = Record<never, never>>(
  db: Kysely<Database>,
  table: T,
  documents: readonly { id: number; business_id: number }[],
  more?: (line: Selectable<Database[T]>) => More,
) {
  const { linesOf, itemOf } = await documentLines<SalesLineTable>(db, table, documents);
  return (documentId: number) =>
    linesOf(documentId).map((line) => ({
      ...salesLine(line, itemOf(line.item_id)),
      // documentLines reads every column of `table`'s own rows.
      ...more?.(line as Selectable<Database[T]>),
    }));
}

type StoredSalesLine = {
  id: number;
  item_id: number;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  amount: number;
  tax_class: string;
  special_discount_amount: number;
};

// One stored line as the contract shows it, with its item's code and name.
export function salesLine(line: StoredSalesLine, item: { item_code: string | null; item_name: string | null }) {
  return {
    id: line.id,
    item_id: line.item_id,
    quantity: fromThousandths(Number(line.quantity)),
    unit_price: centavosToPesos(Number(line.unit_price)),
    discount_percent: line.discount_percent,
    ...item,
    amount: centavosToPesos(Number(line.amount)),
    tax_class: line.tax_class,
    special_discount_amount: centavosToPesos(Number(line.special_discount_amount)),
  };
}
