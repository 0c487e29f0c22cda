import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { RemakeJobOrderBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import type { JobOrderTable } from '../../db/tables/eye-care.ts';
import { businessDate } from '../../domain/business-date.ts';
import { divideRounded } from '../../domain/line-amount.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { conflict, fieldError, refusal } from '../../domain/refusal.ts';
import { latestPurchaseCost } from '../../ledger/default-prices.ts';
import { enterDocument, enterNumberedLines } from '../../ledger/document-entry.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { lineField } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { findDocument, ownById, requireLineItems } from '../../ledger/references.ts';
import { lineIssue } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots } from '../../ledger/stock/stock-lots.ts';
import { recordJobOrderStatus } from './job-order-status-history.ts';
import { createJobOrder } from './job-orders-posting.ts';

// Remakes (docs/domain/eye-care.md, Remakes): a ready or claimed order made again, with why and who is accountable.

export type RemakeInput = z.output<typeof RemakeJobOrderBody>;
type JobOrderRow = Selectable<JobOrderTable> & { id: number };

// The stock movements of an unbilled remake's goods, leaving at claim: a kind of their own (remake cost), apart from
// sales (invoices) and shrinkage (adjustments), read by the Remakes report and counted by the stock valuation.
export const remakeCostMovement = 'job-order-remake';

const lensRoles = ['lens_od', 'lens_os'];

// A remake bills the patient only when the patient is accountable for it.
export function isUnbilledRemake(order: Pick<JobOrderRow, 'remake_of_id' | 'accountable'>): boolean {
  return order.remake_of_id !== null && order.accountable !== 'patient';
}

const percentOff = (centavos: number, percent: number) =>
  Number(divideRounded(BigInt(centavos) * BigInt(100 - percent), 100n));

export async function remakeJobOrder(context: PostingContext, id: number, input: RemakeInput): Promise<number> {
  const original = (await findDocument(context, 'job_orders', id)) as JobOrderRow;
  if (original.deleted_at !== null) throw conflict('Restore the job order before remaking it.');
  if (original.status !== 'ready' && original.status !== 'claimed') {
    throw fieldError(
      'status',
      original.status === 'remade'
        ? 'This job order is already remade.'
        : 'Only a ready or claimed job order is remade; an order not yet ready is changed or cancelled instead.',
    );
  }
  const stored = await linesOf(context.trx, 'job_order_lines', context.businessId, id)
    .read()
    .select(['id', 'role', 'item_id', 'quantity', 'unit_price', 'discount_percent', 'power_note'])
    .orderBy('position')
    .execute();
  const kept = input.lines === undefined ? stored : stored.filter((line) => input.lines?.includes(line.id));
  if (input.lines !== undefined && kept.length !== new Set(input.lines).size) {
    throw fieldError('lines', 'Choose the lines to remake from the original order’s own lines.');
  }
  const business = await context.trx
    .selectFrom('businesses')
    .select('remake_discount_percent')
    .where('id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  const billed = input.accountable === 'patient';
  const discount = Number(business.remake_discount_percent);
  const today = businessDate(context.now);
  const remakeId = await createJobOrder(context, {
    contact_id: original.contact_id,
    branch_id: original.branch_id,
    prescription_id: original.prescription_id,
    order_date: today,
    lab: original.lab,
    lab_contact_id: original.lab_contact_id,
    frame_a: original.frame_a === null ? null : Number(original.frame_a) / 100,
    frame_b: original.frame_b === null ? null : Number(original.frame_b) / 100,
    frame_dbl: original.frame_dbl === null ? null : Number(original.frame_dbl) / 100,
    frame_ed: original.frame_ed === null ? null : Number(original.frame_ed) / 100,
    fitting_notes: original.fitting_notes,
    customer_frame: Number(original.customer_frame) === 1,
    notes: input.notes?.trim() || null,
    lines: kept.map((line) => ({
      role: line.role,
      item_id: line.item_id,
      quantity: fromThousandths(Number(line.quantity)),
      // Unbilled, the remake carries no price: what it costs shows as remake cost when it is claimed.
      unit_price: billed ? centavosToPesos(percentOff(Number(line.unit_price), discount)) : 0,
      discount_percent: billed ? line.discount_percent : null,
      power_note: line.power_note,
    })),
  });
  const at = timestampOf(context);
  await context.trx
    .updateTable('job_orders')
    .set({ remake_of_id: id, remake_reason: input.remake_reason, accountable: input.accountable })
    .where('id', '=', remakeId)
    .execute();
  await context.trx
    .updateTable('job_orders')
    .set({ status: 'remade', updated_at: at, updated_by: context.userId })
    .where('id', '=', id)
    .execute();
  await recordJobOrderStatus(context, id, 'remade');
  await recordDocumentHistory(context, 'job_orders', id, 'status', { status: [original.status, 'remade'] });
  if (input.accountable === 'lab') await raiseLabCredit(context, original, remakeId, today);
  return remakeId;
}

// The day the order last became ready, from its recorded moves.
async function readyDayOf(context: PostingContext, jobOrderId: number): Promise<string | null> {
  const row = await context.trx
    .selectFrom('job_order_status_changes')
    .select('at')
    .where('business_id', '=', context.businessId)
    .where('job_order_id', '=', jobOrderId)
    .where('status', '=', 'ready')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? businessDate(new Date(row.at)) : null;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// A lab that made its own error redoes it free within its window (remake_warranty_days from the original's ready day):
// the lenses it makes again are owed back to the shop at their cost, the average at the branch, or the lab's price
// when none is on hand. Expected until the lab confirms it (server/areas/eye-care/lab-credits.ts).
async function raiseLabCredit(
  context: PostingContext,
  original: JobOrderRow,
  remakeId: number,
  today: string,
): Promise<void> {
  if (original.lab !== 'outside' || original.lab_contact_id === null) return;
  const labId = original.lab_contact_id;
  const lab = await ownById(context, 'contacts', labId).select('remake_warranty_days').executeTakeFirstOrThrow();
  const readyDay = await readyDayOf(context, original.id);
  if (readyDay === null || daysBetween(readyDay, today) > Number(lab.remake_warranty_days)) return;
  const lenses = (
    await linesOf(context.trx, 'job_order_lines', context.businessId, remakeId)
      .read()
      .select(['role', 'item_id', 'quantity'])
      .orderBy('position')
      .execute()
  ).filter((line) => lensRoles.includes(line.role));
  if (lenses.length === 0) return;
  const lines = [];
  for (const lens of lenses) {
    const stock = await context.trx
      .selectFrom('stocks')
      .select('average_unit_cost')
      .where('business_id', '=', context.businessId)
      .where('item_id', '=', lens.item_id)
      .where('branch_id', '=', original.branch_id)
      .executeTakeFirst();
    const average = Number(stock?.average_unit_cost ?? 0);
    const unitCost =
      average > 0
        ? average
        : ((await latestPurchaseCost(context.trx, context.businessId, lens.item_id, labId, today)) ?? 0);
    lines.push({ item_id: lens.item_id, quantity: Number(lens.quantity), unit_cost: unitCost });
  }
  const amount = lines.reduce(
    (sum, line) => sum + Number(divideRounded(BigInt(line.quantity) * BigInt(line.unit_cost), 1000n)),
    0,
  );
  const creditId = await enterDocument(context, 'lab_credits', {
    job_order_id: remakeId,
    lab_contact_id: labId,
    amount,
    status: 'expected',
    debit_memo_id: null,
    confirmed_at: null,
  });
  await enterNumberedLines(context, creditId, { table: 'lab_credit_lines', parent: 'lab_credit_id', rows: lines });
}

// An unbilled remake is claimed without an invoice: its goods leave the branch at their average cost, lot by lot, as
// remake cost.
export async function issueRemakeGoods(context: PostingContext, order: JobOrderRow): Promise<void> {
  const lines = await linesOf(context.trx, 'job_order_lines', context.businessId, order.id)
    .read()
    .select(['id', 'position', 'item_id', 'quantity'])
    .orderBy('position')
    .execute();
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const moved = lines.filter((line) => items.get(line.item_id)?.is_inventory_tracked);
  if (moved.length === 0) return;
  const location = { branch_id: order.branch_id, warehouse_id: null };
  const document = { type: remakeCostMovement, id: order.id, date: businessDate(context.now) };
  const { changes } = await issueWithLots(
    context,
    document,
    1,
    moved.map((line) => ({
      change: {
        ...lineIssue({ ...line, quantity: Number(line.quantity), unit_cost: 0 }, line.position, location, 1),
        lot: null,
      },
      lotTracked: items.get(line.item_id)?.is_lot_tracked ?? false,
      itemName: items.get(line.item_id)?.name ?? '',
      lotNumber: null,
      lotField: lineField(line.position, 'item_id'),
    })),
  );
  await applyStockChanges(context, { type: remakeCostMovement, id: order.id, number: order.number }, changes);
}

// A remake stays on record (docs/domain/eye-care.md, Remakes): its original is marked remade by it, its lab credit
// names it, and once claimed unbilled its goods left stock as remake cost. An open one is cancelled instead, which
// drops a lab credit not yet confirmed (cancelExpectedLabCredit).
export async function requireDeletableRemake(
  context: PostingContext,
  order: Pick<JobOrderRow, 'id' | 'number' | 'status' | 'remake_of_id' | 'accountable'>,
): Promise<void> {
  if (order.remake_of_id === null) return;
  if (order.status === 'claimed' && isUnbilledRemake(order)) {
    throw refusal(
      `${order.number} was claimed as a remake: its goods left stock as remake cost, so it stays on record and is not deleted.`,
    );
  }
  const original = await context.trx
    .selectFrom('job_orders')
    .select('number')
    .where('id', '=', order.remake_of_id)
    .executeTakeFirst();
  throw refusal(
    `${order.number} is the remake of ${original?.number ?? 'another order'} and stays on record: cancel it instead while it is open or in the lab.`,
  );
}

// A remake cancelled before the lab redid it owes the shop nothing: its expected credit goes; a confirmed one stands as
// the lab's debit memo.
export async function cancelExpectedLabCredit(context: PostingContext, jobOrderId: number): Promise<void> {
  await context.trx
    .updateTable('lab_credits')
    .set({ deleted_at: timestampOf(context), updated_at: timestampOf(context), updated_by: context.userId })
    .where('business_id', '=', context.businessId)
    .where('job_order_id', '=', jobOrderId)
    .where('status', '=', 'expected')
    .where('deleted_at', 'is', null)
    .execute();
}
