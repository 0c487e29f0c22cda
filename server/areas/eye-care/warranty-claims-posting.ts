import type { z } from 'zod';
import type { CreateWarrantyClaimBody } from '../../../generated/zod/warranty-claims/warranty-claims.zod.ts';
import { approveWarrantyExceptionsPermission } from '../../auth/identity.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { divideRounded } from '../../domain/line-amount.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError, Refusal } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { ownById, requireDocument, requireLineItems } from '../../ledger/references.ts';
import { lineIssue } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots } from '../../ledger/stock/stock-lots.ts';

// Warranty claims (docs/domain/eye-care.md, Warranties): a sold item brought back. A replacement leaves stock at the
// branch at its average cost, a movement of its own kind, warranty cost: apart from sales (no invoice) and from
// shrinkage (no adjustment), so that the Remakes report and the stock valuation show it and net sales never do.

export type WarrantyClaimInput = z.output<typeof CreateWarrantyClaimBody>;

export const warrantyCostMovement = 'warranty-claim';

export async function createWarrantyClaim(context: PostingContext, input: WarrantyClaimInput): Promise<number> {
  if (input.claim_date > businessDate(context.now)) {
    throw fieldError('claim_date', 'The claim date cannot be after today.');
  }
  const line = await ownById(context, 'invoice_lines', input.invoice_line_id)
    .select(['id', 'invoice_id', 'item_id', 'warranty_until'])
    .executeTakeFirst();
  if (!line) throw fieldError('invoice_line_id', unknownChoice('invoice_line_id'));
  const invoice = await requireDocument(context, 'invoices', line.invoice_id, 'invoice_line_id');
  if (input.claim_date < invoice.invoice_date) {
    throw fieldError('claim_date', `The claim date cannot be before the invoice's date (${invoice.invoice_date}).`);
  }
  const within = line.warranty_until !== null && input.claim_date <= line.warranty_until;
  if (!within && !context.holds(approveWarrantyExceptionsPermission)) {
    throw fieldError(
      'claim_date',
      line.warranty_until === null
        ? `No warranty covers this line; only a user with the permission ${approveWarrantyExceptionsPermission} may accept the claim.`
        : `The warranty ended on ${line.warranty_until}; only a user with the permission ${approveWarrantyExceptionsPermission} may accept the claim.`,
    );
  }
  const replaces = input.resolution === 'replace';
  if (replaces && input.replacement_item_id == null) {
    throw fieldError('replacement_item_id', 'A replacement names the item given in its place.');
  }
  if (!replaces && input.replacement_item_id != null) {
    throw fieldError('replacement_item_id', 'Only a claim resolved by replace takes a replacement item.');
  }
  const items = replaces ? await requireLineItems(context, [input.replacement_item_id ?? 0]) : new Map();
  const item = replaces ? items.get(input.replacement_item_id ?? 0) : undefined;
  if (replaces && !item) throw fieldError('replacement_item_id', unknownChoice('replacement_item_id'));
  const id = await enterDocument(context, 'warranty_claims', {
    number: await assignDocumentNumber(
      context,
      'warranty-claim',
      { branch_id: invoice.branch_id, warehouse_id: null },
      input.claim_date,
    ),
    contact_id: invoice.contact_id,
    branch_id: invoice.branch_id,
    invoice_id: invoice.id,
    invoice_line_id: line.id,
    claim_date: input.claim_date,
    issue: input.issue.trim(),
    resolution: input.resolution ?? null,
    replacement_item_id: replaces ? (input.replacement_item_id ?? null) : null,
    lot_number: replaces && item?.is_lot_tracked ? input.lot_number?.trim() || null : null,
    quantity: replaces ? toThousandths(input.quantity ?? 1) : 0,
    within_warranty: within ? 1 : 0,
    cost: 0,
    notes: input.notes ?? null,
  });
  await postWarrantyClaim(context, id, 1);
  return id;
}

// Posting (1) takes a replacement off hand at the average cost and keeps that cost; reversing (-1) puts it back at the
// cost it left at, in the lots it left.
export const postWarrantyClaim: Posting = async (context, id, direction) => {
  const claim = await ownById(context, 'warranty_claims', id).selectAll().executeTakeFirstOrThrow();
  if (claim.replacement_item_id === null || Number(claim.quantity) === 0) return;
  const items = await requireLineItems(context, [claim.replacement_item_id]);
  const item = items.get(claim.replacement_item_id);
  if (!item?.is_inventory_tracked) return;
  const quantity = Number(claim.quantity);
  const location = { branch_id: claim.branch_id, warehouse_id: null };
  const unitCost = quantity === 0 ? 0 : Number(divideRounded(BigInt(claim.cost) * 1000n, BigInt(quantity)));
  const change = lineIssue(
    { id: 0, item_id: claim.replacement_item_id, quantity, unit_cost: unitCost },
    0,
    location,
    direction,
  );
  const { changes } = await issueWithLots(
    context,
    { type: warrantyCostMovement, id, date: claim.claim_date },
    direction,
    [
      {
        change: { ...change, field: 'quantity', documentLineId: null, lot: null },
        lotTracked: item.is_lot_tracked,
        itemName: item.name,
        lotNumber: claim.lot_number,
        lotField: 'lot_number',
      },
    ],
  );
  let costs: number[];
  try {
    costs = await applyStockChanges(context, { type: warrantyCostMovement, id, number: claim.number }, changes);
  } catch (error) {
    if (direction === -1 && error instanceof Refusal && error.kind === 'invalid') {
      throw conflict('Restoring this claim would take stock below zero.');
    }
    throw error;
  }
  if (direction === 1) {
    // What the replacement cost, kept so that a void puts it back at the same cost and reports read it.
    const value = changes.reduce(
      (sum, moved, index) => sum + Number(divideRounded(BigInt(-moved.delta) * BigInt(costs[index] ?? 0), 1000n)),
      0,
    );
    await context.trx.updateTable('warranty_claims').set({ cost: value }).where('id', '=', id).execute();
  }
};
