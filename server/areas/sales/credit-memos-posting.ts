import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateCreditMemoBody } from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { byThousandth, creditedAmount } from '../../domain/credited-amount.ts';
import { type Centavos, formatPesos, pesosToCentavos } from '../../domain/money.ts';
import { fromThousandths, type Thousandths, toThousandths } from '../../domain/quantity.ts';
import { conflict, type FieldErrors, fieldError, Refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber, assignReferenceNumber } from '../../ledger/document-counter.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { lineField, type Posting } from '../../ledger/document-lifecycle.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import type { PostingContext, PostingDirection } from '../../ledger/posting-context.ts';
import { ownById, requireDocument, requireLineItems } from '../../ledger/references.ts';
import { checkRefundMethod, queueOnBalance, settleMemo } from '../../ledger/settlement.ts';
import { lineArrival } from '../../ledger/stock/line-movements.ts';
import { applyStockChanges, type StockChange } from '../../ledger/stock/stock-ledger.ts';
import { postedLots, reverseLots, splitByLots } from '../../ledger/stock/stock-lots.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import { drawerForPayment } from '../cash/cash-sessions-posting.ts';
import { followEInvoice } from '../management/e-invoice-outbox.ts';

// Credit memos (docs/domain/sales.md, Credit memos): a posted invoice's goods or price taken back. A line
// credits what the customer paid for what comes back, VAT split as on the invoice line; the memo lowers the invoice's
// balance first and settles the rest as a refund or the customer's store credit; a restocked line puts the goods back
// into the lots they left from, at the cost they left at.

export type CreditMemoInput = z.output<typeof CreateCreditMemoBody>;

export const creditMemoDocumentType = 'credit-memo';

type InvoiceLineRow = {
  id: number;
  item_id: number;
  quantity: number;
  amount: number;
  vat_amount: number;
  tax_class: 'vatable' | 'vat_exempt' | 'zero_rated';
  unit_cost: number;
  credited_quantity: number;
  credited_amount: number;
  credited_vat: number;
};

type MemoLine = {
  invoice_line_id: number;
  item_id: number;
  quantity: Thousandths;
  amount: Centavos;
  vat_amount: Centavos;
  tax_class: InvoiceLineRow['tax_class'];
  restock: boolean;
  unit_cost: Centavos;
};

// What a line credits (creditedAmount); the VAT follows the amount in the line's own proportion, and is what is left
// of it with the last of the amount.
export function creditedFigures(
  line: InvoiceLineRow,
  quantity: Thousandths | null,
  amount: Centavos | null,
): { amount: Centavos; vat: Centavos } {
  const amountLeft = Number(line.amount) - Number(line.credited_amount);
  const credited = creditedAmount(
    {
      quantity: Number(line.quantity),
      amount: Number(line.amount),
      credited_quantity: Number(line.credited_quantity),
      credited_amount: Number(line.credited_amount),
    },
    quantity,
    amount,
  );
  const vatLeft = Number(line.vat_amount) - Number(line.credited_vat);
  const vat =
    credited === amountLeft
      ? vatLeft
      : Math.min(vatLeft, byThousandth(Number(line.vat_amount), credited, Number(line.amount)));
  return { amount: credited, vat };
}

export async function createCreditMemo(context: PostingContext, input: CreditMemoInput): Promise<number> {
  const invoice = await requireDocument(context, 'invoices', input.invoice_id, 'invoice_id');
  if (input.memo_date > businessDate(context.now)) {
    throw fieldError('memo_date', 'The memo date cannot be after today.');
  }
  if (input.memo_date < invoice.invoice_date) {
    throw fieldError('memo_date', `The memo date cannot be before the invoice's date (${invoice.invoice_date}).`);
  }
  await queueOnBalance(context, 'invoices', invoice.id);
  const invoiceLines = new Map(
    (
      await linesOf(context.trx, 'invoice_lines', context.businessId, invoice.id)
        .read()
        .select([
          'id',
          'item_id',
          'quantity',
          'amount',
          'vat_amount',
          'tax_class',
          'unit_cost',
          'credited_quantity',
          'credited_amount',
          'credited_vat',
        ])
        .execute()
    ).map((line) => [line.id, line]),
  );
  const items = await requireLineItems(
    context,
    [...invoiceLines.values()].map((line) => line.item_id),
  );
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const lines: MemoLine[] = [];
  input.lines.forEach((entry, index) => {
    const line = invoiceLines.get(entry.invoice_line_id);
    if (!line) {
      errors[lineField(index, 'invoice_line_id')] = ['The line is not one of this invoice.'];
      return;
    }
    if (seen.has(line.id)) {
      errors[lineField(index, 'invoice_line_id')] = ['The invoice line is credited twice.'];
      return;
    }
    seen.add(line.id);
    const quantity = entry.quantity == null ? null : toThousandths(entry.quantity);
    const amount = entry.amount == null ? null : pesosToCentavos(entry.amount);
    const quantityLeft = Number(line.quantity) - Number(line.credited_quantity);
    const amountLeft = Number(line.amount) - Number(line.credited_amount);
    if (quantity === null && amount === null) {
      errors[lineField(index, 'quantity')] = ['Enter the quantity returned or the amount credited.'];
      return;
    }
    if (quantity !== null && quantity > quantityLeft) {
      errors[lineField(index, 'quantity')] = [`Only ${fromThousandths(quantityLeft)} left to credit on this line.`];
      return;
    }
    if (quantity === null && amount !== null && (amount > amountLeft || amount === 0)) {
      errors[lineField(index, 'amount')] = [
        amount === 0
          ? 'The amount must be more than zero.'
          : `Only ${formatPesos(amountLeft)} left to credit on this line.`,
      ];
      return;
    }
    const figures = creditedFigures(line, quantity, amount);
    const tracked = items.get(line.item_id)?.is_inventory_tracked ?? false;
    lines.push({
      invoice_line_id: line.id,
      item_id: line.item_id,
      quantity: quantity ?? 0,
      amount: figures.amount,
      vat_amount: figures.vat,
      tax_class: line.tax_class,
      restock: quantity !== null && tracked && (entry.restock ?? input.reason !== 'defective'),
      unit_cost: Number(line.unit_cost),
    });
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  checkRefundMethod('invoices', input);
  const settlement = input.settlement ?? null;
  const location = { branch_id: invoice.branch_id, warehouse_id: null };
  // A refund paid out in cash leaves the refunder's drawer (docs/domain/cash.md, Cash sessions).
  const refundMethod = settlement === 'refund' ? (input.refund_method ?? null) : null;
  const cashSessionId =
    refundMethod === null ? null : await drawerForPayment(context, invoice.branch_id, refundMethod, 'refund_method');
  const breakdown = memoBreakdown(lines);
  const terminal = await resolveTerminal(context, invoice.branch_id, input.terminal_id);
  const headerId = await enterDocument(
    context,
    'credit_memos',
    {
      number: await assignDocumentNumber(context, 'credit-memo', location, input.memo_date, terminal.series_key),
      reference_number: await assignReferenceNumber(
        context,
        'document-memorandum',
        invoice.contact_id,
        input.memo_date,
      ),
      invoice_id: invoice.id,
      contact_id: invoice.contact_id,
      branch_id: invoice.branch_id,
      terminal_id: terminal.id,
      memo_date: input.memo_date,
      reason: input.reason,
      notes: input.notes ?? null,
      ...breakdown,
      applied_amount: 0,
      excess_amount: 0,
      settlement,
      refund_method: refundMethod,
      cash_session_id: cashSessionId,
      refund_reference: settlement === 'refund' ? (input.refund_reference ?? null) : null,
    },
    {
      table: 'credit_memo_lines',
      parent: 'credit_memo_id',
      rows: lines.map((line, position) => ({
        position,
        invoice_line_id: line.invoice_line_id,
        item_id: line.item_id,
        quantity: line.quantity,
        amount: line.amount,
        tax_class: line.tax_class,
        vat_amount: line.vat_amount,
        restock: line.restock ? 1 : 0,
        unit_cost: line.unit_cost,
      })),
    },
  );
  await postCreditMemo(context, headerId, 1);
  return headerId;
}

// The memo's VAT breakdown is the sum of its lines', so it adds up to its total to the centavo.
function memoBreakdown(lines: readonly Pick<MemoLine, 'amount' | 'vat_amount' | 'tax_class'>[]) {
  const totals = { total: 0, vatable_sales: 0, vat_amount: 0, vat_exempt_sales: 0, zero_rated_sales: 0 };
  for (const line of lines) {
    totals.total += line.amount;
    if (line.tax_class === 'vatable') {
      totals.vatable_sales += line.amount - line.vat_amount;
      totals.vat_amount += line.vat_amount;
    } else if (line.tax_class === 'vat_exempt') totals.vat_exempt_sales += line.amount;
    else totals.zero_rated_sales += line.amount;
  }
  return totals;
}

type StoredMemoLine = {
  id: number;
  position: number;
  invoice_line_id: number;
  item_id: number;
  quantity: number;
  amount: number;
  vat_amount: number;
  restock: number;
  unit_cost: number;
};

// Posting (1) takes the lines off what is left on the invoice lines, lowers the invoice's balance, settles the excess
// and puts restocked goods back; reversing (-1) undoes each of these, and is refused (409) when the customer has
// spent the store credit or the restocked goods have left again.
export const postCreditMemo: Posting = async (context, id, direction) => {
  const memo = await ownById(context, 'credit_memos', id).selectAll().executeTakeFirstOrThrow();
  await queueOnBalance(context, 'invoices', memo.invoice_id);
  const lines: StoredMemoLine[] = (
    await linesOf(context.trx, 'credit_memo_lines', context.businessId, id)
      .read()
      .select([
        'id',
        'position',
        'invoice_line_id',
        'item_id',
        'quantity',
        'amount',
        'vat_amount',
        'restock',
        'unit_cost',
      ])
      .orderBy('position')
      .execute()
  ).map((line) => ({
    ...line,
    quantity: Number(line.quantity),
    amount: Number(line.amount),
    vat_amount: Number(line.vat_amount),
    unit_cost: Number(line.unit_cost),
  }));
  await moveInvoiceLines(context, lines, direction);
  await settleMemo(context, 'invoices', { ...memo, document_id: memo.invoice_id }, direction);
  await moveStock(context, { id, number: memo.number, branch_id: memo.branch_id }, lines, direction);
  await followEInvoice(context, 'credit_memo', id, direction);
};

// The guard is in the UPDATE: of two memos racing for the last unit, the second finds nothing left and fails here.
async function moveInvoiceLines(
  context: PostingContext,
  lines: readonly StoredMemoLine[],
  direction: PostingDirection,
): Promise<void> {
  for (const line of lines) {
    const quantity = direction * line.quantity;
    const amount = direction * line.amount;
    const vat = direction * line.vat_amount;
    const result = await context.trx
      .updateTable('invoice_lines')
      .set({
        credited_quantity: sql`credited_quantity + ${quantity}`,
        credited_amount: sql`credited_amount + ${amount}`,
        credited_vat: sql`credited_vat + ${vat}`,
      })
      .where('id', '=', line.invoice_line_id)
      .where('business_id', '=', context.businessId)
      .where(sql<boolean>`credited_quantity + ${quantity} <= quantity`)
      .where(sql<boolean>`credited_amount + ${amount} <= amount`)
      .where(sql<boolean>`credited_quantity + ${quantity} >= 0`)
      .where(sql<boolean>`credited_amount + ${amount} >= 0`)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const field = line.quantity > 0 ? 'quantity' : 'amount';
      throw unprocessable({ [lineField(line.position, field)]: ['Earlier memos have already credited this line.'] });
    }
  }
}

// A restocked line comes back into the lots its invoice line took, less what earlier memos already brought back into
// each, at the cost the goods left at; reversing takes out exactly what the posting put in.
async function moveStock(
  context: PostingContext,
  memo: { id: number; number: string; branch_id: number },
  lines: readonly StoredMemoLine[],
  direction: PostingDirection,
): Promise<void> {
  const restocked = lines.filter((line) => line.restock === 1 && line.quantity > 0);
  if (restocked.length === 0) return;
  const items = await requireLineItems(
    context,
    restocked.map((line) => line.item_id),
  );
  const location = { branch_id: memo.branch_id, warehouse_id: null };
  const changeOf = (line: StoredMemoLine): StockChange => ({
    ...lineArrival(line, line.position, location, direction),
    lot: null,
  });
  const changes: StockChange[] = [];
  const lotted = restocked.filter((line) => items.get(line.item_id)?.is_lot_tracked);
  for (const line of restocked.filter((candidate) => !items.get(candidate.item_id)?.is_lot_tracked)) {
    changes.push(changeOf(line));
  }
  if (lotted.length > 0) {
    if (direction === -1) {
      const posted = await postedLots(context, creditMemoDocumentType, memo.id);
      for (const line of lotted) changes.push(...reverseLots(changeOf(line), posted.get(line.id) ?? []));
    } else {
      const left = await lotsLeftToReturn(
        context,
        lotted.map((line) => line.invoice_line_id),
      );
      for (const line of lotted) {
        const takes: { lotNumber: string; expiresOn: string; quantity: Thousandths }[] = [];
        let wanted = line.quantity;
        for (const lot of left.get(line.invoice_line_id) ?? []) {
          if (wanted === 0) break;
          const quantity = Math.min(wanted, lot.quantity);
          if (quantity <= 0) continue;
          takes.push({ lotNumber: lot.lotNumber, expiresOn: lot.expiresOn, quantity });
          lot.quantity -= quantity;
          wanted -= quantity;
        }
        if (wanted > 0) changes.push(changeOf({ ...line, quantity: wanted }));
        if (takes.length > 0)
          changes.push(...splitByLots(changeOf({ ...line, quantity: line.quantity - wanted }), takes));
      }
    }
  }
  try {
    await applyStockChanges(context, { type: creditMemoDocumentType, id: memo.id, number: memo.number }, changes);
  } catch (error) {
    if (direction === -1 && error instanceof Refusal && error.kind === 'invalid') {
      const message = Object.values(error.errors ?? {})[0]?.[0] ?? '';
      throw conflict(`Voiding this memo would take the restocked goods below zero. ${message}`.trim());
    }
    throw error;
  }
}

// Per invoice line, the lots its goods left from less what standing memos already brought back into each, latest
// expiry first: a return most likely comes from the last goods sold.
async function lotsLeftToReturn(
  context: PostingContext,
  invoiceLineIds: readonly number[],
): Promise<Map<number, { lotNumber: string; expiresOn: string; quantity: Thousandths }[]>> {
  const rows = await sql<{ line_id: number; lot_number: string; expires_on: string; quantity: string }>`
    SELECT line_id, lot_number, expires_on, SUM(quantity) AS quantity FROM (
      SELECT m.document_line_id AS line_id, m.lot_number, m.expires_on, -m.quantity_delta AS quantity
      FROM stock_movements m
      WHERE m.business_id = ${context.businessId} AND m.document_type = 'invoice' AND m.balance = 'on_hand'
        AND m.stock_lot_id IS NOT NULL AND m.document_line_id IN (${sql.join([...invoiceLineIds, 0])})
      UNION ALL
      SELECT l.invoice_line_id, m.lot_number, m.expires_on, -m.quantity_delta
      FROM credit_memo_lines l
      JOIN stock_movements m ON m.business_id = l.business_id AND m.document_type = ${creditMemoDocumentType}
        AND m.document_line_id = l.id AND m.balance = 'on_hand' AND m.stock_lot_id IS NOT NULL
      WHERE l.business_id = ${context.businessId} AND l.invoice_line_id IN (${sql.join([...invoiceLineIds, 0])})
    ) moved
    GROUP BY line_id, lot_number, expires_on`.execute(context.trx);
  const byLine = new Map<number, { lotNumber: string; expiresOn: string; quantity: Thousandths }[]>();
  for (const row of rows.rows) {
    const quantity = Number(row.quantity);
    if (quantity <= 0) continue;
    const lots = byLine.get(Number(row.line_id)) ?? [];
    lots.push({ lotNumber: row.lot_number, expiresOn: row.expires_on, quantity });
    byLine.set(Number(row.line_id), lots);
  }
  for (const lots of byLine.values())
    lots.sort((a, b) => (a.expiresOn < b.expiresOn ? 1 : a.expiresOn > b.expiresOn ? -1 : 0));
  return byLine;
}
