import { sql } from 'kysely';
import * as contract from '../../../generated/zod/invoices/invoices.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { byCreditedBalance, withCreditedBalance } from '../../engine/open-documents.ts';
import { childRows, childRowsColumn, referencedColumn, referencedText } from '../../engine/read-one.ts';
import type { Row } from '../../engine/resource.ts';
import { paidAndBalance } from '../../ledger/document-presenting.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import {
  type LineLotRow,
  lineLots,
  lineLotsColumn,
  lotsByLine,
  type PresentedLineLot,
} from '../../ledger/stock/line-lots.ts';
import { terminalOfOwnBranch } from '../../ledger/terminals.ts';
import { vatOf } from '../../ledger/vat-presenting.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { journalEntry } from '../cash/e-journal.ts';
import { createInvoice, postInvoice, updateInvoice } from './invoices-posting.ts';
import { presentSaleHeads, saleHead } from './sale-heads.ts';
import { presentSalesLines, salesLine } from './sales-lines.ts';

export const invoicesResource = documentResource({
  table: 'invoices',
  schemas: contractSchemas(contract, 'Invoice', 'Invoices'),
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'invoice_date', label: 'invoice date', sales: true },
  workPlaces: atOwnLocation,
  terminal: terminalOfOwnBranch,
  journal: (ctx, record, event) => journalEntry(ctx, 'invoice', record, event),
  conditions: {
    has_balance: withCreditedBalance('credited_total'),
    // docs/domain/sales.md, Credit memos: the invoices that standing memos credited.
    // credited_total also keeps the payer's share (invoice-benefits.ts).
    has_credits: (rows, value) => (value === 1 ? rows.where(sql<boolean>`credited_total > payer_share`) : rows),
  },
  sorts: byCreditedBalance('credited_total'),
  figures: { money: ['unit_price'], quantities: ['quantity'] },
  create: createInvoice,
  update: updateInvoice,
  post: postInvoice,
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(ctx.db, 'invoice_lines', rows, invoiceLineMore);
    const headOf = await presentSaleHeads(ctx.db, rows);
    const lotsOf = await lineLots(ctx.db, 'invoice', 'on_hand', rows);
    const {
      quotations,
      job_orders: jobOrders,
      payers,
    } = await namesIn(ctx.db, {
      quotations: { table: 'quotations', ids: rows.map((row) => row.quotation_id), column: 'number' },
      job_orders: { table: 'job_orders', ids: rows.map((row) => row.job_order_id), column: 'number' },
      payers: { table: 'contacts', ids: rows.map((row) => row.payer_id) },
    });
    return rows.map((row) =>
      presentInvoice(
        row,
        headOf(row),
        {
          quotation_number: nameOf(quotations, row.quotation_id),
          job_order_number: nameOf(jobOrders, row.job_order_id),
          payer_name: nameOf(payers, row.payer_id),
        },
        linesOf(row.id),
        lotsOf,
      ),
    );
  },
  // The answer after every posting, and the read of one invoice: the header, its names, its lines with their
  // items and their lots in one statement instead of four (docs/PERFORMANCE.md, What moved the numbers).
  one: {
    columns: (dialect) => [
      referencedColumn('contact_name', 'invoices', 'contact_id', 'contacts'),
      referencedColumn('branch_name', 'invoices', 'branch_id', 'branches'),
      referencedColumn('quotation_number', 'invoices', 'quotation_id', 'quotations', 'number'),
      referencedColumn('job_order_number', 'invoices', 'job_order_id', 'job_orders', 'number'),
      referencedColumn('payer_name', 'invoices', 'payer_id', 'contacts'),
      referencedColumn('special_discount_program_name', 'invoices', 'special_discount_program_id', 'discount_programs'),
      referencedColumn(
        'special_discount_program_percent',
        'invoices',
        'special_discount_program_id',
        'discount_programs',
        'percent',
      ),
      childRowsColumn(dialect, 'invoice_lines', 'invoices', {
        table: 'invoice_lines',
        fields: [
          'id',
          'position',
          'item_id',
          'quantity',
          'unit_price',
          'discount_percent',
          'amount',
          'tax_class',
          'special_discount_amount',
          'lot_number',
          'credited_quantity',
          'credited_amount',
          'warranty_until',
        ],
        // The business first: the lines' index is by business and invoice.
        on: { business_id: 'business_id', invoice_id: 'id' },
        joined: { table: 'items', reference: 'item_id', fields: { item_code: 'code', item_name: 'name' } },
      }),
      lineLotsColumn(dialect, 'line_lots', 'invoices', 'invoice', 'on_hand'),
    ],
    present: (_ctx, row) => {
      const program =
        row.special_discount_program_id === null
          ? null
          : {
              name: referencedText(row.special_discount_program_name),
              percent: Number(row.special_discount_program_percent ?? 0),
            };
      const head = saleHead(
        row,
        { contact: referencedText(row.contact_name), branch: referencedText(row.branch_name) },
        vatOf(row, program),
      );
      const lines = childRows<OneLine>(row.invoice_lines)
        .sort((a, b) => a.position - b.position)
        .map((line) => ({
          ...salesLine(line, { item_code: line.item_code ?? null, item_name: line.item_name ?? null }),
          ...invoiceLineMore(line),
        }));
      const links = {
        quotation_number: referencedText(row.quotation_number),
        job_order_number: referencedText(row.job_order_number),
        payer_name: referencedText(row.payer_name),
      };
      return presentInvoice(row, head, links, lines, lotsByLine(childRows<LineLotRow>(row.line_lots)));
    },
  },
});

type InvoiceRow = Row<'invoices'>;

type OneLine = Parameters<typeof salesLine>[0] &
  Parameters<typeof invoiceLineMore>[0] & { position: number; item_code?: string | null; item_name?: string | null };

function invoiceLineMore(line: {
  lot_number: string | null;
  credited_quantity: number;
  credited_amount: number;
  warranty_until: string | null;
}) {
  return {
    lot_number: line.lot_number ?? null,
    warranty_until: line.warranty_until ?? null,
    credited_quantity: fromThousandths(Number(line.credited_quantity)),
    credited_amount: centavosToPesos(Number(line.credited_amount)),
  };
}

// docs/domain/sales.md, HMO and PhilHealth benefits: the payer's part and the member's.
function payerSplit(row: InvoiceRow, payerName: string | null) {
  return {
    loa_id: row.loa_id,
    payer_id: row.payer_id,
    payer_name: payerName,
    payer_share: centavosToPesos(Number(row.payer_share)),
    member_share: centavosToPesos(Number(row.total) - Number(row.payer_share)),
  };
}

function presentInvoice<Line extends { id: number }>(
  row: InvoiceRow,
  head: ReturnType<typeof saleHead>,
  links: { quotation_number: string | null; job_order_number: string | null; payer_name: string | null },
  lines: readonly Line[],
  lotsOf: (lineId: number) => PresentedLineLot[],
) {
  return {
    ...auditColumns(row),
    ...storedFields(row, [
      'business_id',
      'contact_id',
      'branch_id',
      'terminal_id',
      'invoice_date',
      'due_date',
      'quotation_id',
      'job_order_id',
      'notes',
    ]),
    ...head,
    quotation_number: links.quotation_number,
    job_order_number: links.job_order_number,
    credited_total: centavosToPesos(Number(row.credited_total) - Number(row.payer_share)),
    ...payerSplit(row, links.payer_name),
    ...paidAndBalance(row, Number(row.credited_total)),
    status: row.status,
    lines: lines.map((line) => ({ ...line, lots: lotsOf(line.id) })),
  };
}
