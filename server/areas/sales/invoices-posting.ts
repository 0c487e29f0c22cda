import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateInvoiceBody, UpdateInvoiceBody } from '../../../generated/zod/invoices/invoices.zod.ts';
import { asLastStatement } from '../../db/pipelined-transaction.ts';
import { insertHeaderAndLines, insertReused } from '../../db/reused-insert.ts';
import { paymentStatus } from '../../domain/document-status.ts';
import type { Location } from '../../domain/location.ts';
import { conflict, fieldError, refusal } from '../../domain/refusal.ts';
import type { CreatedEntry } from '../../engine/resource.ts';
import { assignDocumentNumber, assignReferenceNumber, takeNumbersStep } from '../../ledger/document-counter.ts';
import { reviseDocument } from '../../ledger/document-entry.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, type PostingDirection, timestampOf } from '../../ledger/posting-context.ts';
import { type PricedLine, priceSaleLines } from '../../ledger/priced-lines.ts';
import {
  findDocument,
  type ItemFacts,
  ownById,
  requireActive,
  requireDocument,
  requireLineItems,
  requireSaleFacts,
} from '../../ledger/references.ts';
import { hasStandingMemos } from '../../ledger/settlement.ts';
import { lineIssue } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges, type LockedStockRows, lockStockRowsAhead } from '../../ledger/stock/stock-ledger.ts';
import { issueWithLots } from '../../ledger/stock/stock-lots.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import {
  applyVat,
  saleLineColumns,
  storedSpecialDiscount,
  type VatHeaderColumns,
  type VatPricedLine,
} from '../../ledger/vat-priced-lines.ts';
import { requireLinkableJobOrder } from '../eye-care/job-orders-posting.ts';
import { stampWarranties, warrantyTermsOf, warrantyUntil } from '../eye-care/warranty-coverage.ts';
import { followEInvoice, numberedEInvoice } from '../management/e-invoice-outbox.ts';
import { postInvoiceBenefit, refuseEditingSplitInvoice, splitInvoiceByLoa } from './invoice-benefits.ts';

export type InvoiceInput = z.output<typeof CreateInvoiceBody>;
export type InvoiceChanges = z.output<typeof UpdateInvoiceBody>;

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
  const inserted = await insertReused(
    context.trx,
    'invoice_lines',
    lineRows(context, lines, lotNumbers, []).map((row) => ({ ...row, invoice_id: invoiceId })),
    ['id', 'position'],
  );
  return asStored(lines, inserted, lotNumbers);
}

// warrantyEnds: the day each line's warranty ends, by position (none given: stamped after, stampWarranties).
function lineRows(
  context: PostingContext,
  lines: readonly VatPricedLine[],
  lotNumbers: readonly (string | null | undefined)[],
  warrantyEnds: readonly (string | null)[],
) {
  const at = timestampOf(context);
  return lines.map((line) => ({
    business_id: context.businessId,
    ...saleLineColumns(line),
    unit_cost: 0,
    lot_number: lotNumbers[line.position] ?? null,
    warranty_until: warrantyEnds[line.position] ?? null,
    created_at: at,
    updated_at: at,
  }));
}

function asStored(
  lines: readonly VatPricedLine[],
  inserted: readonly { id: number; position: number }[],
  lotNumbers: readonly (string | null | undefined)[],
): StoredLine[] {
  const idAt = new Map(inserted.map((row) => [row.position, row.id]));
  return lines.map((line) => ({
    id: idAt.get(line.position) ?? 0,
    item_id: line.item_id,
    quantity: line.quantity,
    unit_cost: 0,
    lot_number: lotNumbers[line.position] ?? null,
  }));
}

// docs/domain/eye-care.md, Quotation to invoice: an invoice's quotation is its own customer's, and one quotation
// becomes one standing invoice. On PostgreSQL the quotation's row is locked first, so that of two invoices made from
// it at once the second sees the first.
async function requireInvoiceableQuotation(
  context: PostingContext,
  quotationId: number | null | undefined,
  contactId: number,
  invoiceId: number | null,
): Promise<void> {
  if (quotationId == null) return;
  const quotation = await requireDocument(context, 'quotations', quotationId, 'quotation_id');
  if (context.dialect === 'postgres') {
    await ownById(context, 'quotations', quotationId).select('id').forUpdate().execute();
  }
  if (quotation.contact_id !== contactId) {
    const customer = await context.trx
      .selectFrom('contacts')
      .select('name')
      .where('id', '=', quotation.contact_id)
      .executeTakeFirst();
    throw fieldError(
      'quotation_id',
      `Quotation ${quotation.number} is ${customer?.name ?? 'another customer'}'s; choose one of this customer's quotations.`,
    );
  }
  const other = await context.trx
    .selectFrom('invoices')
    .select('number')
    .where('business_id', '=', context.businessId)
    .where('quotation_id', '=', quotationId)
    .where('deleted_at', 'is', null)
    .$if(invoiceId !== null, (query) => query.where('id', '!=', invoiceId ?? 0))
    .executeTakeFirst();
  if (other) {
    throw fieldError('quotation_id', `Quotation ${quotation.number} is already invoiced on ${other.number}.`);
  }
}

export async function createInvoice(context: PostingContext, input: InvoiceInput): Promise<number> {
  const facts = await requireSaleFacts(
    context,
    [
      ['contacts', input.contact_id, 'contact_id'],
      ['branches', input.branch_id, 'branch_id'],
    ],
    input.lines.map((line) => line.item_id),
    { warrantyTerms: true },
  );
  const terminal = await resolveTerminal(context, input.branch_id, input.terminal_id);
  await requireInvoiceableQuotation(context, input.quotation_id, input.contact_id, null);
  await requireLinkableJobOrder(context, input.job_order_id, 'invoice', input.contact_id);
  const { priced, items } = await priceSaleLines(
    context,
    input.lines,
    input.branch_id,
    input.invoice_date,
    facts.items,
  );
  const { lines, header: totals } = await applyVat(context, priced, input.special_discount, items, facts.vatRegistered);
  const location = { branch_id: input.branch_id, warehouse_id: null };
  const at = timestampOf(context);
  // SQLite writes one transaction at a time, so when a counter's row is locked changes nothing there: the numbers
  // are taken at once. On PostgreSQL every invoice of a branch (and of a customer) queues on the same two counter
  // rows until its commit, so the invoice is written under a placeholder and numbered last. The placeholder is
  // short, so that the number columns' trigram indexes gain few new entries; should two ever be equal, the second
  // insert only waits for the first's commit, which has replaced it by then.
  const numbers =
    context.dialect === 'sqlite'
      ? await takeInvoiceNumbers(context, location, input.contact_id, input.invoice_date, terminal.series_key)
      : null;
  const pending = `pending ${randomUUID().slice(0, 8)}`;
  const lotNumbers = input.lines.map((line) => line.lot_number);
  // Written with the lines: the terms came with the sale's facts, so the warranties cost no statement of their own.
  const terms = warrantyTermsOf(facts.warrantyTerms);
  const warrantyEnds = input.lines.map((line) => {
    const item = items.get(line.item_id);
    return item ? warrantyUntil(terms, item, input.invoice_date) : null;
  });
  // Where the stock moves is known before the invoice is written: its rows are locked with the invoice's insert.
  const locked = await lockStockRowsAhead(
    context,
    input.lines
      .filter((line) => items.get(line.item_id)?.is_inventory_tracked)
      .map((line) => ({ itemId: line.item_id, location })),
  );
  const inserted = await insertHeaderAndLines(
    context.trx,
    {
      table: 'invoices',
      row: {
        business_id: context.businessId,
        number: numbers?.number ?? pending,
        reference_number: numbers?.reference_number ?? pending,
        contact_id: input.contact_id,
        branch_id: input.branch_id,
        terminal_id: terminal.id,
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
    },
    {
      table: 'invoice_lines',
      headerColumn: 'invoice_id',
      rows: lineRows(context, lines, lotNumbers, warrantyEnds),
      returning: ['id', 'position'],
    },
  );
  const header = {
    id: inserted.id,
    branch_id: input.branch_id,
    invoice_date: input.invoice_date,
    series: terminal.series_key,
  };
  const stored = asStored(lines, inserted.lines, lotNumbers);
  // The new invoice posts from what was just written, without reading it back.
  await moveStock(context, { ...header, number: numbers?.number ?? null }, stored, items, 1, locked);
  await splitInvoiceByLoa(context, { ...header, contact_id: input.contact_id, loa_id: input.loa_id });
  if (!numbers) {
    if (context.lastSteps) {
      context.lastSteps.push((entry) =>
        numberInvoice(context, { ...header, location, contactId: input.contact_id }, pending, entry),
      );
    } else await numberInvoice(context, { ...header, location, contactId: input.contact_id }, pending, null);
  }
  // The e-invoice's lines are the ones just written, with the names and units the sale's facts read.
  const eisLines = lines.map((line) => ({
    name: items.get(line.item_id)?.name ?? '',
    abbreviation: items.get(line.item_id)?.unit ?? '',
    quantity: line.quantity,
    unit_price: line.price,
    amount: line.amount,
    vat_removed: line.vat_removed,
    special_discount_amount: line.special_discount_amount,
  }));
  await followEInvoice(context, 'invoice', header.id, 1, eisLines);
  return header.id;
}

async function takeInvoiceNumbers(
  context: PostingContext,
  location: Location,
  contactId: number,
  date: string,
  series: string,
): Promise<{ number: string; reference_number: string }> {
  const number = await assignDocumentNumber(context, 'invoice', location, date, series);
  return { number, reference_number: await assignReferenceNumber(context, 'invoice', contactId, date) };
}

// Takes the invoice's numbers and writes them over its placeholder and onto its stock movements in one statement,
// which also writes the invoice's history entry and its stored answer when the create hands them over, with the
// numbers put in where the placeholder stood. When it writes everything the create still had to, it is the
// transaction's last statement and goes out with the COMMIT: from the counters' lock to the commit there is this
// statement alone (PostgreSQL; db/pipelined-transaction.ts).
async function numberInvoice(
  context: PostingContext,
  invoice: { id: number; invoice_date: string; location: Location; contactId: number; series: string },
  pending: string,
  entry: CreatedEntry | null,
): Promise<{ number: string; reference_number: string }> {
  const spots = entry ? placeholderSpots(entry.row.changes, pending, historySpots) : null;
  const history =
    entry && spots
      ? sql`, history AS (
      INSERT INTO record_history (business_id, resource, record_id, action, changes, user_id, at)
      SELECT ${entry.row.business_id}, ${entry.row.resource}, ${entry.row.record_id}, ${entry.row.action},
        ${withNumbers(entry.row.changes, spots)}, ${entry.row.user_id}, ${entry.row.at}
      FROM numbers
    )`
      : sql``;
  const answer = entry?.answer ?? null;
  const answerSpots = answer ? placeholderSpots(answer.row.response_body, pending, answerSpotsOf) : null;
  const stored =
    answer && answerSpots
      ? sql`, answered AS (
      INSERT INTO idempotency_keys (business_id, user_id, idempotency_key, request_hash, status_code, response_body,
        created_at)
      SELECT ${answer.row.business_id}, ${answer.row.user_id}, ${answer.row.idempotency_key},
        ${answer.row.request_hash}, ${answer.row.status_code}, ${withNumbers(answer.row.response_body, answerSpots)},
        ${answer.row.created_at}
      FROM numbers
    )`
      : sql``;
  const print = entry?.journal ?? null;
  const printed = print && numberPrinted(print.row, pending) ? print.row : null;
  const journal = printed
    ? sql`, printed AS (
      INSERT INTO e_journal_entries (business_id, branch_id, terminal_id, document_type, document_id, number, event,
        entry_date, text, created_at, created_by)
      SELECT ${printed.business_id}, ${printed.branch_id}, ${printed.terminal_id ?? null}, ${printed.document_type},
        ${printed.document_id}, numbers.number, ${printed.event}, ${printed.entry_date},
        replace(${printed.text}, ${pending}, numbers.number), ${printed.created_at}, ${printed.created_by ?? null}
      FROM numbers
    )`
    : sql``;
  const last =
    entry?.last === true &&
    spots !== null &&
    (answer === null || answerSpots !== null) &&
    (print === null || printed !== null);
  const statement = sql<{ number: string; reference_number: string }>`
    WITH ${takeNumbersStep(context, 'invoice', invoice.location, invoice.contactId, invoice.invoice_date, invoice.series)}, numbered AS (
      UPDATE invoices SET number = numbers.number, reference_number = numbers.reference_number FROM numbers
      WHERE invoices.id = ${invoice.id} AND invoices.business_id = ${context.businessId}
    ), moved AS (
      UPDATE stock_movements SET document_number = numbers.number FROM numbers
      WHERE stock_movements.business_id = ${context.businessId} AND stock_movements.document_type = 'invoice'
        AND stock_movements.document_id = ${invoice.id}
    ), ${numberedEInvoice(context, invoice.id, pending)}${history}${stored}${journal}
    SELECT number, reference_number FROM numbers`;
  const found = await (last ? asLastStatement(statement) : statement).execute(context.trx);
  const [numbers] = found.rows;
  if (!numbers) throw new Error('The invoice counters did not move.');
  if (entry && spots) entry.taken = true;
  if (answer && answerSpots) answer.taken = true;
  if (print && printed) print.taken = true;
  return numbers;
}

// The print shows the number where the placeholder stands, once, and the reference number nowhere.
function numberPrinted(row: { number: string; text: string }, pending: string): boolean {
  return row.number === pending && row.text.split(pending).length === 2;
}

// Each placeholder's spot, and what stands there with the number in place of the placeholder: `as`, the number, `after`.
type Spots = { number: string; reference: string; numberAs: string; referenceAs: string; after: string };

// In a history entry's changes ({field: [old, new]}) the numbers are the new values; in an answer, the fields.
const historySpots = (pending: string): Spots => ({
  number: `"number":[null,${JSON.stringify(pending)}]`,
  reference: `"reference_number":[null,${JSON.stringify(pending)}]`,
  numberAs: '"number":[null,',
  referenceAs: '"reference_number":[null,',
  after: ']',
});
const answerSpotsOf = (pending: string): Spots => ({
  number: `"number":${JSON.stringify(pending)}`,
  reference: `"reference_number":${JSON.stringify(pending)}`,
  numberAs: '"number":',
  referenceAs: '"reference_number":',
  after: '',
});

// Where the placeholder stands in a JSON text: as the number and as the reference number, each once and nowhere
// else; otherwise the engine writes that text itself, after the numbers are known.
function placeholderSpots(text: string, pending: string, spotsOf: (pending: string) => Spots): Spots | null {
  const spots = spotsOf(pending);
  const once = (spot: string) => text.indexOf(spot) !== -1 && text.indexOf(spot) === text.lastIndexOf(spot);
  const elsewhere = text.split(pending).length - 1 !== 2;
  return once(spots.number) && once(spots.reference) && !elsewhere ? spots : null;
}

// The JSON text with the numbers the statement took in place of the placeholder.
function withNumbers(text: string, spots: Spots) {
  return sql`replace(replace(${text}, ${spots.number}, ${spots.numberAs} || to_json(numbers.number)::text || ${spots.after}),
          ${spots.reference}, ${spots.referenceAs} || to_json(numbers.reference_number)::text || ${spots.after})`;
}

// An invoice takes its tracked items out of the branch at the branch's average cost, which the line keeps so
// that a void puts the goods back at the same cost; lot-tracked items leave by lot (stock-lots.ts), and a void
// puts them back into the lots they came from.
export const postInvoice: Posting = async (context, id, direction) => {
  const invoice = await ownById(context, 'invoices', id)
    .select(['number', 'branch_id', 'amount_paid', 'invoice_date'])
    .executeTakeFirstOrThrow();
  if (direction === -1 && Number(invoice.amount_paid) > 0) {
    throw refusal('This invoice has payments; void them first.');
  }
  if (direction === -1 && (await hasStandingMemos(context, 'invoices', id))) {
    throw refusal('This invoice has credit memos; void them first.');
  }
  const lines = await linesOf(context.trx, 'invoice_lines', context.businessId, id)
    .read()
    .select(['id', 'item_id', 'quantity', 'unit_cost', 'lot_number'])
    .orderBy('position')
    .execute();
  const items = await requireLineItems(
    context,
    lines.map((line) => line.item_id),
  );
  await moveStock(context, { id, ...invoice }, lines, items, direction);
  await followEInvoice(context, 'invoice', id, direction);
  await postInvoiceBenefit(context, id, direction);
};

async function moveStock(
  context: PostingContext,
  invoice: { id: number; number: string | null; branch_id: number; invoice_date: string },
  lines: readonly StoredLine[],
  items: ReadonlyMap<number, ItemFacts>,
  direction: PostingDirection,
  lockedAhead?: LockedStockRows,
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
      change: { ...lineIssue(line, index, location, direction), lot: null },
      lotTracked: items.get(line.item_id)?.is_lot_tracked ?? false,
      itemName: items.get(line.item_id)?.name ?? '',
      lotNumber: line.lot_number,
      lotField: lineField(index, 'lot_number'),
    })),
  );
  await applyStockChanges(
    context,
    { type: 'invoice', id, number: invoice.number },
    changes,
    direction === 1
      ? (costs) => ({
          table: 'invoice_lines',
          costs: tracked.map(({ line }, position) => ({ id: line.id, cost: costs[lineOf.indexOf(position)] ?? 0 })),
        })
      : undefined,
    lockedAhead,
  );
}

// The lines as stored, to be priced again when only the special discount changes.
async function storedLines(context: PostingContext, id: number): Promise<PricedLine[]> {
  const rows = await linesOf(context.trx, 'invoice_lines', context.businessId, id)
    .read()
    .select(['item_id', 'quantity', 'unit_price', 'discount_percent', 'amount'])
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
  const invoice = await findDocument(context, 'invoices', id);
  if (invoice.deleted_at !== null) throw conflict('A voided invoice cannot be edited.');
  if (Number(invoice.amount_paid) > 0) throw refusal('Only an unpaid invoice can be edited.');
  refuseEditingSplitInvoice(invoice);
  if (await hasStandingMemos(context, 'invoices', id)) throw refusal('An invoice with credit memos cannot be edited.');
  if (changes.contact_id !== undefined) await requireActive(context, 'contacts', changes.contact_id, 'contact_id');
  if (changes.branch_id !== undefined) await requireActive(context, 'branches', changes.branch_id, 'branch_id');
  const quotationId = changes.quotation_id === undefined ? invoice.quotation_id : changes.quotation_id;
  await requireInvoiceableQuotation(context, quotationId, changes.contact_id ?? invoice.contact_id, id);
  await postInvoice(context, id, -1);
  const special = changes.special_discount === undefined ? storedSpecialDiscount(invoice) : changes.special_discount;
  let totals: Partial<VatHeaderColumns> & { total: number } = { total: Number(invoice.total) };
  if (changes.lines !== undefined || changes.special_discount !== undefined) {
    const priced =
      changes.lines === undefined
        ? await storedLines(context, id)
        : (
            await priceSaleLines(
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
            await linesOf(context.trx, 'invoice_lines', context.businessId, id)
              .read()
              .select('lot_number')
              .orderBy('position')
              .execute()
          ).map((row) => row.lot_number)
        : changes.lines.map((line) => line.lot_number);
    await linesOf(context.trx, 'invoice_lines', context.businessId, id).delete().execute();
    await insertLines(context, id, lines, lotNumbers);
  }
  await stampWarranties(context, id, changes.invoice_date ?? invoice.invoice_date);
  await reviseDocument(context, 'invoices', id, {
    contact_id: changes.contact_id ?? invoice.contact_id,
    branch_id: changes.branch_id ?? invoice.branch_id,
    invoice_date: changes.invoice_date ?? invoice.invoice_date,
    due_date: changes.due_date === undefined ? invoice.due_date : changes.due_date,
    quotation_id: changes.quotation_id === undefined ? invoice.quotation_id : changes.quotation_id,
    notes: changes.notes === undefined ? invoice.notes : changes.notes,
    ...totals,
    status: paymentStatus(totals.total, 0),
  });
  await postInvoice(context, id, 1);
}
