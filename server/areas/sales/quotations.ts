import type { z } from 'zod';
import {
  CreateQuotationBody,
  ListQuotationsQueryParams,
  SearchQuotationsQueryParams,
} from '../../../generated/zod/quotations/quotations.zod.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';
import { pricedTotals } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createQuotation, postQuotation } from './quotations-posting.ts';
import { presentSalesLines } from './sales-lines.ts';
import { presentVat } from './vat-presenting.ts';

type Create = z.output<typeof CreateQuotationBody>;

export const quotationsResource: Resource<'quotations', Create> = {
  prefix: 'quotations',
  singular: 'quotation',
  table: 'quotations',
  scope: 'business',
  schemas: { list: ListQuotationsQueryParams, search: SearchQuotationsQueryParams, create: CreateQuotationBody },
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'quotation_date', label: 'quotation date' },
  workPlaces: atOwnLocation,
  toColumns(input) {
    checkFigures(input, ['unit_price'], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createQuotation(postingContextOf(ctx), input);
  },
  ...documentLifecycle('quotations', postQuotation),
  async present(ctx, rows) {
    const linesOf = await presentSalesLines(
      ctx.db,
      'quotation_lines',
      rows.map((row) => row.id),
    );
    const contacts = await namesById(
      ctx.db,
      'contacts',
      rows.map((row) => row.contact_id),
    );
    const branches = await namesById(
      ctx.db,
      'branches',
      rows.map((row) => row.branch_id),
    );
    const vatOf = await presentVat(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      contact_id: row.contact_id,
      branch_id: row.branch_id,
      quotation_date: row.quotation_date,
      valid_until: row.valid_until,
      notes: row.notes,
      number: row.number,
      reference_number: row.reference_number,
      contact_name: nameOf(contacts, row.contact_id),
      branch_name: nameOf(branches, row.branch_id),
      ...pricedTotals(row),
      ...vatOf(row),
      lines: linesOf(row.id),
    }));
  },
};
