import type { z } from 'zod';
import type { CreateQuotationBody } from '../../../generated/zod/quotations/quotations.zod.ts';
import { latestSalePrice, missingSalePrice, resolveLinePrices } from '../../ledger/default-prices.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { priceLines } from '../../ledger/priced-lines.ts';
import { requireActive, requireLineItems } from '../../ledger/references.ts';
import { applyVat, vatLineColumns } from '../../ledger/vat-priced-lines.ts';

export type QuotationInput = z.output<typeof CreateQuotationBody>;

export async function createQuotation(context: PostingContext, input: QuotationInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  await requireActive(context, 'branches', input.branch_id, 'branch_id');
  await requireLineItems(
    context,
    input.lines.map((line) => line.item_id),
  );
  const resolved = await resolveLinePrices(
    input.lines,
    'unit_price',
    (line) => latestSalePrice(context.trx, context.businessId, line.item_id, input.branch_id, input.quotation_date),
    missingSalePrice,
  );
  const { lines, header: totals } = await applyVat(
    context,
    await priceLines(context, 'sale', resolved),
    input.special_discount,
  );
  const at = timestampOf(context);
  const header = await context.trx
    .insertInto('quotations')
    .values({
      business_id: context.businessId,
      number: await assignDocumentNumber(context, 'quotation', { branch_id: input.branch_id, warehouse_id: null }),
      reference_number: await assignReferenceNumber(context, 'quotation', input.contact_id),
      contact_id: input.contact_id,
      branch_id: input.branch_id,
      quotation_date: input.quotation_date,
      valid_until: input.valid_until ?? null,
      notes: input.notes ?? null,
      ...totals,
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.trx
    .insertInto('quotation_lines')
    .values(
      lines.map((line) => ({
        business_id: context.businessId,
        quotation_id: header.id,
        position: line.position,
        item_id: line.item_id,
        quantity: line.quantity,
        unit_price: line.price,
        discount_percent: line.discount_percent,
        amount: line.amount,
        ...vatLineColumns(line),
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return header.id;
}

// A quotation has no stock or money effect: voiding and restoring it only flips its deleted_at.
export const postQuotation: Posting = async () => {};
