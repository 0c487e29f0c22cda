import * as contract from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { documentLines } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { lineLots } from '../../ledger/stock/line-lots.ts';
import { invoiceBranch, terminalOfFields } from '../../ledger/terminals.ts';
import { whereItsInvoiceIs } from '../../ledger/work-places.ts';
import { journalEntry } from '../cash/e-journal.ts';
import { createCreditMemo, creditMemoDocumentType, postCreditMemo } from './credit-memos-posting.ts';

// Credit memos (docs/domain/sales.md, Credit memos).
export const creditMemosResource = documentResource({
  table: 'credit_memos',
  schemas: contractSchemas(contract, 'CreditMemo', 'CreditMemos'),
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'memo_date', label: 'memo date', sales: true },
  costs: { fields: [], lineFields: ['unit_cost'] },
  workPlaces: whereItsInvoiceIs,
  terminal: (ctx, fields) => terminalOfFields(ctx, fields, (fields) => invoiceBranch(ctx, fields)),
  journal: (ctx, record, event) => journalEntry(ctx, 'credit_memo', record, event),
  figures: { money: ['amount'], quantities: ['quantity'] },
  create: createCreditMemo,
  post: postCreditMemo,
  async present(ctx, rows) {
    const lotsOf = await lineLots(ctx.db, creditMemoDocumentType, 'on_hand', rows, 'in');
    const { linesOf, itemOf } = await documentLines(ctx.db, 'credit_memo_lines', rows);
    const invoices = await ctx.db
      .selectFrom('invoices')
      .select(['id', 'number', 'invoice_date'])
      .where('id', 'in', [...rows.map((row) => row.invoice_id), 0])
      .execute();
    const { contacts, branches } = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
      branches: { table: 'branches', ids: rows.map((row) => row.branch_id) },
    });
    const pesos = (value: number) => centavosToPesos(Number(value));
    return rows.map((row) => {
      const invoice = invoices.find((candidate) => candidate.id === row.invoice_id);
      return {
        ...auditColumns(row),
        ...storedFields(row, ['business_id', 'number', 'reference_number', 'invoice_id']),
        invoice_number: invoice?.number ?? null,
        invoice_date: invoice?.invoice_date ?? null,
        contact_id: row.contact_id,
        contact_name: nameOf(contacts, row.contact_id),
        branch_id: row.branch_id,
        branch_name: nameOf(branches, row.branch_id),
        terminal_id: row.terminal_id,
        memo_date: row.memo_date,
        reason: row.reason,
        notes: row.notes,
        total: pesos(row.total),
        vatable_sales: pesos(row.vatable_sales),
        vat_amount: pesos(row.vat_amount),
        vat_exempt_sales: pesos(row.vat_exempt_sales),
        zero_rated_sales: pesos(row.zero_rated_sales),
        applied_to_invoice: pesos(row.applied_amount),
        refund_amount: row.settlement === 'refund' ? pesos(row.excess_amount) : 0,
        store_credit_amount: row.settlement === 'store_credit' ? pesos(row.excess_amount) : 0,
        settlement: row.settlement,
        refund_method: row.refund_method,
        refund_reference: row.refund_reference,
        lines: linesOf(row.id).map((line) => ({
          id: line.id,
          invoice_line_id: line.invoice_line_id,
          item_id: line.item_id,
          ...itemOf(line.item_id),
          quantity: fromThousandths(Number(line.quantity)),
          amount: pesos(line.amount),
          tax_class: line.tax_class,
          vat_amount: pesos(line.vat_amount),
          restock: line.restock === 1,
          unit_cost: pesos(line.unit_cost),
          lots: lotsOf(line.id),
        })),
      };
    });
  },
});
