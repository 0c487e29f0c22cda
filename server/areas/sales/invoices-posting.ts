import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateInvoiceBody, UpdateInvoiceBody } from '../../../generated/zod/invoices/invoices.zod.ts';
import { insertReused } from '../../db/reused-insert.ts';
import { paymentStatus } from '../../domain/document-status.ts';
import type { Location } from '../../domain/location.ts';
import { conflict, fieldError, notFound, refusal } from '../../domain/refusal.ts';
import { latestSalePrice, missingSalePrice, resolveLinePrices } from '../../ledger/default-prices.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { writeLineCosts } from '../../ledger/line-costs.ts';
import { type PostingContext, type PostingDirection, timestampOf } from '../../ledger/posting-context.ts';
import { type PricedLine, priceLines } from '../../ledger/priced-lines.ts';
import { type ItemFacts, requireActive, requireLineItems } from '../../ledger/references.ts';
import { applyStockChanges } from '../../ledger/stock-ledger.ts';
import { issueWithLots } from '../../ledger/stock-lots.ts';
import { requireLinkableJobOrder } from '../eye-care/job-orders-posting.ts';
import {
  applyVat,
  storedSpecialDiscount,
  type VatHeaderColumns,
  type VatPricedLine,
  vatLineColumns,
} from './vat-priced-lines.ts';

export type InvoiceInput = z.output<typeof CreateInvoiceBody>;
export type InvoiceChanges = z.output<typeof UpdateInvoiceBody>;

// An omitted unit price is the branch's latest sale price on the invoice date. Answers the priced lines and the
// facts of their items, which posting them needs again.
async function priceInvoiceLines(
  context: PostingContext,
  lines: InvoiceInput['lines'],
  branchId: number,
  invoiceDate: string,
): Promise<{ priced: PricedLine[]; items: Map<number, ItemFacts> }> {
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  const resolved = await resolveLinePrices(
    lines,
    'unit_price',
    (line) => latestSalePrice(context.trx, context.businessId, line.item_id, branchId, invoiceDate),
    missingSalePrice,
  );
  return { priced: await priceLines(context, 'sale', resolved), items };
}

async function requireQuotation(context: PostingContext, quotationId: number | null | undefined): Promise<void> {
  if (quotationId == null) return;
  const quotation = await context.trx
    .selectFrom('quotations')
    .select('id')
    .where('id', '=', quotationId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!quotation) throw fieldError('quotation_id', 'The selected quotation_id is invalid.');
}

// A line as its posting reads it.
type StoredLine = { id: number; item_id: number; quantity: number; unit_cost: number; lot_number: string | null };

// lotNumbers: the lot each line names (null: earliest expiry first), by position. Answers the lines as stored,
// in position order.
async function insertLines(
  context: PostingContext,
  invoiceId: number,
  lines: readonly VatPricedLine[],
  lotNumbers: readonly (string | null | undefined)[],
): Promise<StoredLine[]> {
  const at = timestampOf(context);
  const inserted = await insertReused(
    context.trx,
    'invoice_lines',
    lines.map((line) => ({
      business_id: context.businessId,
      invoice_id: invoiceId,
      position: line.position,
      item_id: line.item_id,
      quantity: line.quantity,
      unit_price: line.price,
      discount_percent: line.discount_percent,
      amount: line.amount,
      ...vatLineColumns(line),
      unit_cost: 0,
      lot_number: lotNumbers[line.position] ?? null,
      created_at: at,
      updated_at: at,
    })),
    ['id', 'position'],
  );
  const idAt = new Map(inserted.map((row) => [row.position, row.id]));
  return lines.map((line) => ({
    id: idAt.get(line.position) ?? 0,
    item_id: line.item_id,
    quantity: line.quantity,
    unit_cost: 0,
    lot_number: lotNumbers[line.position] ?? null,
  }));
}

export async function createInvoice(context: PostingContext, input: InvoiceInput): Promise<number> {
  await requireActive(context, 'contacts', input.contact_id, 'contact_id');
  await requireActive(context, 'branches', input.branch_id, 'branch_id');
  await requireQuotation(context, input.quotation_id);
  await requireLinkableJobOrder(context, input.job_order_id, 'invoice', input.contact_id);
  const { priced, items } = await priceInvoiceLines(context, input.lines, input.branch_id, input.invoice_date);
  const { lines, header: totals } = await applyVat(context, priced, input.special_discount, items);
  const location = { branch_id: input.branch_id, warehouse_id: null };
  const at = timestampOf(context);
  // SQLite writes one transaction at a time, so when a counter's row is locked changes nothing there: the numbers
  // are taken at once. On PostgreSQL every invoice of a branch (and of a customer) queues on the same two counter
  // rows until its commit, so the invoice is written under a placeholder unique to it and numbered last.
  const numbers = context.dialect === 'sqlite' ? await takeInvoiceNumbers(context, location, input.contact_id) : null;
  const pending = `pending ${randomUUID()}`;
  const [header] = await insertReused(
    context.trx,
    'invoices',
    [
      {
        business_id: context.businessId,
        number: numbers?.number ?? pending,
        reference_number: numbers?.reference_number ?? pending,
        contact_id: input.contact_id,
        branch_id: input.branch_id,
        invoice_date: input.invoice_date,
        due_date: input.due_date ?? null,
        quotation_id: input.quotation_id ?? null,
        job_order_id: input.job_order_id ?? null,
        notes: input.notes ?? null,
        ...totals,
        amount_paid: 0,
        status: 'unpaid',
        created_at: at,
        updated_at: at,
        created_by: context.userId,
        updated_by: context.userId,
      },
    ],
    ['id', 'number', 'branch_id', 'invoice_date'],
  );
  if (!header) throw new Error('The invoice was not inserted.');
  const stored = await insertLines(
    context,
    header.id,
    lines,
    input.lines.map((line) => line.lot_number),
  );
  // The new invoice posts from what was just written, without reading it back.
  await moveStock(context, { ...header, number: numbers?.number ?? null }, stored, items, 1);
  if (!numbers) {
    const numberLast = () => numberInvoice(context, header.id, location, input.contact_id);
    if (context.lastSteps) context.lastSteps.push(numberLast);
    else await numberLast();
  }
  return header.id;
}

async function takeInvoiceNumbers(
  context: PostingContext,
  location: Location,
  contactId: number,
): Promise<{ number: string; reference_number: string }> {
  const number = await assignDocumentNumber(context, 'invoice', location);
  return { number, reference_number: await assignReferenceNumber(context, 'invoice', contactId) };
}

// Takes the invoice's numbers and writes them over its placeholder and onto its stock movements in one statement,
// so that from the counters' lock to the commit there are three round trips and the history entry (PostgreSQL).
async function numberInvoice(
  context: PostingContext,
  id: number,
  location: Location,
  contactId: number,
): Promise<{ number: string; reference_number: string }> {
  const numbers = await takeInvoiceNumbers(context, location, contactId);
  await sql`
    WITH numbered AS (
      UPDATE invoices SET number = ${numbers.number}, reference_number = ${numbers.reference_number}
      WHERE id = ${id} AND business_id = ${context.businessId}
    )
    UPDATE stock_movements SET document_number = ${numbers.number}
    WHERE business_id = ${context.businessId} AND document_type = 'invoice' AND document_id = ${id}`.execute(
    context.trx,
  );
  return numbers;
}

// An invoice takes its tracked items out of the branch at the branch's average cost, which the line keeps so
// that a void puts the goods back at the same cost; lot-tracked items leave by lot (stock-lots.ts), and a void
// puts them back into the lots they came from.
export const postInvoice: Posting = async (context, id, direction) => {
  const invoice = await context.trx
    .selectFrom('invoices')
    .select(['number', 'branch_id', 'amount_paid', 'invoice_date'])
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  if (direction === -1 && Number(invoice.amount_paid) > 0) {
    throw refusal('This invoice has payments; void them first.');
  }
  if (direction === -1 && (await hasStandingMemos(context, id))) {
    throw refusal('This invoice has credit memos; void them first.');
  }
  const lines = await context.trx
    .selectFrom('invoice_lines')
    .select(['id', 'item_id', 'quantity', 'unit_cost', 'lot_number'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  await moveStock(context, { id, ...invoice }, lines, items, direction);
};

async function moveStock(
  context: PostingContext,
  invoice: { id: number; number: string | null; branch_id: number; invoice_date: string },
  lines: readonly StoredLine[],
  items: ReadonlyMap<number, ItemFacts>,
  direction: PostingDirection,
): Promise<void> {
  const { id } = invoice;
  const tracked = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => items.get(line.item_id)?.is_inventory_tracked);
  const location = { branch_id: invoice.branch_id, warehouse_id: null };
  const { changes, lineOf } = await issueWithLots(
    context,
    { type: 'invoice', id, date: invoice.invoice_date },
    direction,
    tracked.map(({ line, index }) => ({
      change: {
        itemId: line.item_id,
        location,
        balance: 'on_hand' as const,
        delta: -direction * Number(line.quantity),
        unitCost: Number(line.unit_cost),
        costEffect: direction === 1 ? ('issue' as const) : ('receipt' as const),
        field: lineField(index, 'quantity'),
        documentLineId: line.id,
        lot: null,
      },
      lotTracked: items.get(line.item_id)?.is_lot_tracked ?? false,
      itemName: items.get(line.item_id)?.name ?? '',
      lotNumber: line.lot_number,
      lotField: lineField(index, 'lot_number'),
    })),
  );
  const costs = await applyStockChanges(context, { type: 'invoice', id, number: invoice.number }, changes);
  if (direction === 1) {
    await writeLineCosts(
      context,
      'invoice_lines',
      tracked.map(({ line }, position) => ({ id: line.id, cost: costs[lineOf.indexOf(position)] ?? 0 })),
    );
  }
}

// The lines as stored, to be priced again when only the special discount changes.
async function storedLines(context: PostingContext, id: number): Promise<PricedLine[]> {
  const rows = await context.trx
    .selectFrom('invoice_lines')
    .select(['item_id', 'quantity', 'unit_price', 'discount_percent', 'amount'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((row, position) => ({
    position,
    item_id: row.item_id,
    quantity: Number(row.quantity),
    price: Number(row.unit_price),
    discount_percent: row.discount_percent,
    gross: 0,
    discount: 0,
    amount: Number(row.amount),
  }));
}

// Editable while unpaid: the old lines' stock goes back, the new lines are priced and posted, all at once.
export async function updateInvoice(context: PostingContext, id: number, changes: InvoiceChanges): Promise<void> {
  const invoice = await context.trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirst();
  if (!invoice) throw notFound();
  if (invoice.deleted_at !== null) throw conflict('A voided invoice cannot be edited.');
  if (Number(invoice.amount_paid) > 0) throw refusal('Only an unpaid invoice can be edited.');
  if (await hasStandingMemos(context, id)) throw refusal('An invoice with credit memos cannot be edited.');
  if (changes.contact_id !== undefined) await requireActive(context, 'contacts', changes.contact_id, 'contact_id');
  if (changes.branch_id !== undefined) await requireActive(context, 'branches', changes.branch_id, 'branch_id');
  await requireQuotation(context, changes.quotation_id);
  await postInvoice(context, id, -1);
  const special = changes.special_discount === undefined ? storedSpecialDiscount(invoice) : changes.special_discount;
  let totals: Partial<VatHeaderColumns> & { total: number } = { total: Number(invoice.total) };
  if (changes.lines !== undefined || changes.special_discount !== undefined) {
    const priced =
      changes.lines === undefined
        ? await storedLines(context, id)
        : (
            await priceInvoiceLines(
              context,
              changes.lines,
              changes.branch_id ?? invoice.branch_id,
              changes.invoice_date ?? invoice.invoice_date,
            )
          ).priced;
    const { lines, header } = await applyVat(context, priced, special);
    totals = header;
    const lotNumbers =
      changes.lines === undefined
        ? (
            await context.trx
              .selectFrom('invoice_lines')
              .select('lot_number')
              .where('invoice_id', '=', id)
              .orderBy('position')
              .execute()
          ).map((row) => row.lot_number)
        : changes.lines.map((line) => line.lot_number);
    await context.trx.deleteFrom('invoice_lines').where('invoice_id', '=', id).execute();
    await insertLines(context, id, lines, lotNumbers);
  }
  await context.trx
    .updateTable('invoices')
    .set({
      contact_id: changes.contact_id ?? invoice.contact_id,
      branch_id: changes.branch_id ?? invoice.branch_id,
      invoice_date: changes.invoice_date ?? invoice.invoice_date,
      due_date: changes.due_date === undefined ? invoice.due_date : changes.due_date,
      quotation_id: changes.quotation_id === undefined ? invoice.quotation_id : changes.quotation_id,
      notes: changes.notes === undefined ? invoice.notes : changes.notes,
      ...totals,
      status: paymentStatus(totals.total, 0),
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .execute();
  await postInvoice(context, id, 1);
}

// A memo refers to the invoice as it was printed (docs/domain/sales.md, Credit memos): while one stands,
// the invoice is neither edited nor voided.
async function hasStandingMemos(context: PostingContext, invoiceId: number): Promise<boolean> {
  const memo = await context.trx
    .selectFrom('credit_memos')
    .select('id')
    .where('business_id', '=', context.businessId)
    .where('invoice_id', '=', invoiceId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return memo !== undefined;
}
