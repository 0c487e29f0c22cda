import { type Kysely, sql } from 'kysely';
import * as contract from '../../../generated/zod/bills/bills.zod.ts';
import type { Database } from '../../db/database.ts';
import { ledgerValueCentavos } from '../../domain/average-cost.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { storedFields } from '../../engine/dynamic.ts';
import { byCreditedBalance, withCreditedBalance } from '../../engine/open-documents.ts';
import { costedLine, documentLines, paidAndBalance, pricedTotals } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createBill, postBill } from './bills-posting.ts';
import { orderFollowUpIds, orderFollowUpNames } from './order-follow-up.ts';

export const billsResource = documentResource({
  table: 'bills',
  schemas: contractSchemas(contract, 'Bill', 'Bills'),
  searchColumns: ['number', 'supplier_invoice_number', 'notes'],
  documentDate: { field: 'bill_date', label: 'bill date', withinWeek: true },
  costs: {
    fields: ['subtotal', 'discount_total', 'total', 'debited_total', 'amount_paid', 'balance'],
    lineFields: ['unit_cost', 'amount', 'revalued_on_hand', 'revalued_to_cost_of_sales'],
  },
  workPlaces: atOwnLocation,
  conditions: {
    has_balance: withCreditedBalance('debited_total'),
    // docs/domain/purchasing.md, Debit memos: the bills that standing memos debited.
    has_credits: (rows, value) => (value === 1 ? rows.where(sql<boolean>`debited_total > 0`) : rows),
  },
  sorts: byCreditedBalance('debited_total'),
  figures: { money: ['unit_cost'], quantities: ['quantity'] },
  create: createBill,
  post: postBill,
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(ctx.db, 'bill_lines', rows);
    const namesOf = await orderFollowUpNames(ctx.db, rows);
    const revaluedOf = await revaluations(ctx.db, ctx.businessId ?? 0, rows);
    return rows.map((row) => ({
      ...orderFollowUpIds(row),
      ...storedFields(row, ['bill_date', 'due_date', 'supplier_invoice_number', 'notes', 'number']),
      ...namesOf(row),
      ...pricedTotals(row),
      debited_total: centavosToPesos(Number(row.debited_total)),
      ...paidAndBalance(row, Number(row.debited_total)),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({
        ...costedLine(line, itemOf),
        purchase_order_line_id: line.purchase_order_line_id,
        discount_percent: line.discount_percent,
        ...revaluedOf(line.id),
      })),
    }));
  },
});

// What each line's cost did to the goods it met (docs/domain/purchasing.md, Bills), summed over its matches in
// `bill_receipt_matches` with a void's reversals netting them out: the values are thousandths × centavos there.
async function revaluations(db: Kysely<Database>, businessId: number, bills: readonly { id: number }[]) {
  const rows =
    bills.length === 0
      ? []
      : await db
          .selectFrom('bill_receipt_matches')
          .select((eb) => [
            'bill_line_id',
            eb.fn.sum<string | number>('quantity').as('quantity'),
            eb.fn.sum<string | number>('on_hand_value').as('on_hand_value'),
            eb.fn.sum<string | number>('cost_of_sales_value').as('cost_of_sales_value'),
          ])
          .where('business_id', '=', businessId)
          .where(
            'bill_id',
            'in',
            bills.map((bill) => bill.id),
          )
          .where('unit_cost_difference', '<>', 0)
          .groupBy('bill_line_id')
          .execute();
  const byLine = new Map(rows.map((row) => [row.bill_line_id, row]));
  return (lineId: number) => {
    const row = byLine.get(lineId);
    return {
      revalued_quantity: fromThousandths(Number(row?.quantity ?? 0)),
      revalued_on_hand: centavosToPesos(ledgerValueCentavos(Number(row?.on_hand_value ?? 0))),
      revalued_to_cost_of_sales: centavosToPesos(ledgerValueCentavos(Number(row?.cost_of_sales_value ?? 0))),
    };
  };
}
