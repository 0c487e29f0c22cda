import { sql } from 'kysely';
import * as contract from '../../../generated/zod/quotations/quotations.zod.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createQuotation, postQuotation } from './quotations-posting.ts';
import { presentSaleHeads } from './sale-heads.ts';
import { presentSalesLines } from './sales-lines.ts';

export const quotationsResource = documentResource({
  table: 'quotations',
  schemas: contractSchemas(contract, 'Quotation', 'Quotations'),
  searchColumns: ['number', 'reference_number', 'notes'],
  references: { contact_id: 'contacts', branch_id: 'branches' },
  documentDate: { field: 'quotation_date', label: 'quotation date' },
  workPlaces: atOwnLocation,
  conditions: {
    // docs/domain/eye-care.md, Quotation to invoice: the quotations still open to invoice, for the invoice's picker.
    uninvoiced: (rows, value) =>
      value === 1
        ? rows
            .where('deleted_at', 'is', null)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('invoices')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('invoices.business_id', '=', 'quotations.business_id')
                    .whereRef('invoices.quotation_id', '=', 'quotations.id')
                    .where('invoices.deleted_at', 'is', null),
                ),
              ),
            )
        : rows,
  },
  figures: { money: ['unit_price'], quantities: ['quantity'] },
  create: createQuotation,
  post: postQuotation,
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(ctx.db, 'quotation_lines', rows);
    const headOf = await presentSaleHeads(ctx.db, rows);
    const invoices = await ctx.db
      .selectFrom('invoices')
      .select(['id', 'number', 'quotation_id'])
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('quotation_id', 'in', [...rows.map((row) => row.id), 0])
      .where('deleted_at', 'is', null)
      .execute();
    const invoiceOf = new Map(invoices.map((invoice) => [Number(invoice.quotation_id), invoice]));
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'contact_id', 'branch_id', 'quotation_date', 'valid_until', 'notes']),
      ...headOf(row),
      invoice_id: invoiceOf.get(row.id)?.id ?? null,
      invoice_number: invoiceOf.get(row.id)?.number ?? null,
      lines: linesOf(row.id),
    }));
  },
});
