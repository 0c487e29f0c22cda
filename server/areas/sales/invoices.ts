import { sql } from 'kysely';
import type { z } from 'zod';
import {
  CreateInvoiceBody,
  ListInvoicesQueryParams,
  SearchInvoicesQueryParams,
  UpdateInvoiceBody,
} from '../../../generated/zod/invoices/invoices.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { byCreditedBalance, withCreditedBalance } from '../../engine/open-documents.ts';
import type { Resource } from '../../engine/resource.ts';
import { paidAndBalance, pricedTotals } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { lineLots } from '../../ledger/line-lots.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createInvoice, postInvoice, updateInvoice } from './invoices-posting.ts';
import { presentSalesLines } from './sales-lines.ts';
import { presentVat } from './vat-presenting.ts';

type Create = z.output<typeof CreateInvoiceBody>;
type Update = z.output<typeof UpdateInvoiceBody>;

export const invoicesResource: Resource<'invoices', Create, Update> = {
  prefix: 'invoices',
  singular: 'invoice',
  table: 'invoices',
  scope: 'business',
  schemas: {
    list: ListInvoicesQueryParams,
    search: SearchInvoicesQueryParams,
    create: CreateInvoiceBody,
    update: UpdateInvoiceBody,
  },
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'invoice_date', label: 'invoice date', sales: true },
  workPlaces: atOwnLocation,
  conditions: {
    has_balance: withCreditedBalance('credited_total'),
    // docs/domain/sales.md, Credit memos: the invoices that standing memos credited.
    has_credits: (rows, value) => (value === 1 ? rows.where(sql<boolean>`credited_total > 0`) : rows),
  },
  sorts: byCreditedBalance('credited_total'),
  toColumns(input) {
    checkFigures(input, ['unit_price'], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createInvoice(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updateInvoice(postingContextOf(ctx), existing.id, input);
  },
  ...documentLifecycle('invoices', postInvoice),
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(
      ctx.db,
      'invoice_lines',
      rows.map((row) => row.id),
      (line) => ({
        lot_number: line.lot_number ?? null,
        credited_quantity: fromThousandths(Number(line.credited_quantity)),
        credited_amount: centavosToPesos(Number(line.credited_amount)),
      }),
    );
    const lotsOf = await lineLots(
      ctx.db,
      'invoice',
      'on_hand',
      rows.map((row) => row.id),
    );
    const { contacts, branches } = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
      branches: { table: 'branches', ids: rows.map((row) => row.branch_id) },
    });
    const vatOf = await presentVat(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      contact_id: row.contact_id,
      branch_id: row.branch_id,
      invoice_date: row.invoice_date,
      due_date: row.due_date,
      quotation_id: row.quotation_id,
      job_order_id: row.job_order_id,
      notes: row.notes,
      number: row.number,
      reference_number: row.reference_number,
      contact_name: nameOf(contacts, row.contact_id),
      branch_name: nameOf(branches, row.branch_id),
      ...pricedTotals(row),
      ...vatOf(row),
      credited_total: centavosToPesos(Number(row.credited_total)),
      ...paidAndBalance(row, Number(row.credited_total)),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({ ...line, lots: lotsOf(line.id) })),
    }));
  },
};
