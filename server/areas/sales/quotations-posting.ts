import type { z } from 'zod';
import type { CreateQuotationBody } from '../../../generated/zod/quotations/quotations.zod.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { priceSaleLines } from '../../ledger/priced-lines.ts';
import { applyVat, saleLineColumns } from '../../ledger/vat-priced-lines.ts';

export type QuotationInput = z.output<typeof CreateQuotationBody>;

export async function createQuotation(context: PostingContext, input: QuotationInput): Promise<number> {
  const { priced } = await priceSaleLines(context, input.lines, input.branch_id, input.quotation_date);
  const { lines, header: totals } = await applyVat(context, priced, input.special_discount);
  const headerId = await enterDocument(
    context,
    'quotations',
    {
      number: await assignDocumentNumber(
        context,
        'quotation',
        { branch_id: input.branch_id, warehouse_id: null },
        input.quotation_date,
      ),
      reference_number: await assignReferenceNumber(context, 'quotation', input.contact_id, input.quotation_date),
      contact_id: input.contact_id,
      branch_id: input.branch_id,
      quotation_date: input.quotation_date,
      valid_until: input.valid_until ?? null,
      notes: input.notes ?? null,
      ...totals,
    },
    {
      table: 'quotation_lines',
      parent: 'quotation_id',
      rows: lines.map((line) => ({
        ...saleLineColumns(line),
      })),
    },
  );
  return headerId;
}

// A quotation has no stock or money effect: voiding and restoring it only flips its deleted_at.
export const postQuotation: Posting = async () => {};
