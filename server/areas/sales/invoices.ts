import { sql } from 'kysely';
import * as contract from '../../../generated/zod/invoices/invoices.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { byCreditedBalance, withCreditedBalance } from '../../engine/open-documents.ts';
import { paidAndBalance } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { lineLots } from '../../ledger/line-lots.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createInvoice, postInvoice, updateInvoice } from './invoices-posting.ts';
import { presentSaleHeads } from './sale-heads.ts';
import { presentSalesLines } from './sales-lines.ts';

export const invoicesResource = documentResource({
  table: 'invoices',
  schemas: contractSchemas(contract, 'Invoice', 'Invoices'),
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'invoice_date', label: 'invoice date', sales: true },
  workPlaces: atOwnLocation,
  conditions: {
    has_balance: withCreditedBalance('credited_total'),
    // docs/domain/sales.md, Credit memos: the invoices that standing memos credited.
    has_credits: (rows, value) => (value === 1 ? rows.where(sql<boolean>`credited_total > 0`) : rows),
  },
  sorts: byCreditedBalance('credited_total'),
  figures: { money: ['unit_price'], quantities: ['quantity'] },
  create: createInvoice,
  update: updateInvoice,
  post: postInvoice,
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(ctx.db, 'invoice_lines', rows, (line) => ({
      lot_number: line.lot_number ?? null,
      credited_quantity: fromThousandths(Number(line.credited_quantity)),
      credited_amount: centavosToPesos(Number(line.credited_amount)),
    }));
    const headOf = await presentSaleHeads(ctx.db, rows);
    const lotsOf = await lineLots(ctx.db, 'invoice', 'on_hand', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'contact_id',
        'branch_id',
        'invoice_date',
        'due_date',
        'quotation_id',
        'job_order_id',
        'notes',
      ]),
      ...headOf(row),
      credited_total: centavosToPesos(Number(row.credited_total)),
      ...paidAndBalance(row, Number(row.credited_total)),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({ ...line, lots: lotsOf(line.id) })),
    }));
  },
});
