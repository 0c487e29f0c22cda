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
  documentDate: { field: 'quotation_date', label: 'quotation date' },
  workPlaces: atOwnLocation,
  figures: { money: ['unit_price'], quantities: ['quantity'] },
  create: createQuotation,
  post: postQuotation,
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(ctx.db, 'quotation_lines', rows);
    const headOf = await presentSaleHeads(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'contact_id', 'branch_id', 'quotation_date', 'valid_until', 'notes']),
      ...headOf(row),
      lines: linesOf(row.id),
    }));
  },
});
