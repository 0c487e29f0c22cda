import * as contract from '../../../generated/zod/debit-memos/debit-memos.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { documentLines, locationNames } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { lineLots } from '../../ledger/stock/line-lots.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createDebitMemo, debitMemoDocumentType, postDebitMemo } from './debit-memos-posting.ts';

// Debit memos (docs/domain/purchasing.md, Debit memos).
export const debitMemosResource = documentResource({
  table: 'debit_memos',
  schemas: contractSchemas(contract, 'DebitMemo', 'DebitMemos'),
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'memo_date', label: 'memo date', withinWeek: true },
  costs: {
    fields: ['total', 'applied_to_bill', 'refund_amount', 'supplier_credit_amount'],
    lineFields: ['unit_cost', 'amount'],
  },
  workPlaces: atOwnLocation,
  figures: { money: ['unit_cost'], quantities: ['quantity'] },
  create: createDebitMemo,
  post: postDebitMemo,
  async present(ctx, rows) {
    const lotsOf = await lineLots(ctx.db, debitMemoDocumentType, 'on_hand', rows);
    const { linesOf, itemOf } = await documentLines(ctx.db, 'debit_memo_lines', rows);
    const bills = await ctx.db
      .selectFrom('bills')
      .select(['id', 'number'])
      .where('id', 'in', [...rows.map((row) => row.bill_id ?? 0), 0])
      .execute();
    const { contacts } = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
    });
    const locationName = await locationNames(ctx.db, rows);
    const pesos = (value: number) => centavosToPesos(Number(value));
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'number', 'reference_number', 'contact_id']),
      contact_name: nameOf(contacts, row.contact_id),
      branch_id: row.branch_id,
      warehouse_id: row.warehouse_id,
      location_name: locationName(row.branch_id, row.warehouse_id),
      bill_id: row.bill_id,
      bill_number: bills.find((bill) => bill.id === row.bill_id)?.number ?? null,
      memo_date: row.memo_date,
      reason: row.reason,
      notes: row.notes,
      total: pesos(row.total),
      applied_to_bill: pesos(row.applied_amount),
      refund_amount: row.settlement === 'refund' ? pesos(row.excess_amount) : 0,
      supplier_credit_amount: row.settlement === 'supplier_credit' ? pesos(row.excess_amount) : 0,
      settlement: row.settlement,
      refund_method: row.refund_method,
      refund_reference: row.refund_reference,
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        item_id: line.item_id,
        ...itemOf(line.item_id),
        bill_line_id: line.bill_line_id,
        quantity: fromThousandths(Number(line.quantity)),
        unit_cost: pesos(line.unit_cost),
        amount: pesos(line.amount),
        lot_number: line.lot_number,
        return_stock: line.return_stock === 1,
        lots: lotsOf(line.id),
      })),
    }));
  },
});
