import { sql } from 'kysely';
import * as contract from '../../../generated/zod/bills/bills.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
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
    lineFields: ['unit_cost', 'amount'],
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
      })),
    }));
  },
});
