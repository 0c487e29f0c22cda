import type { z } from 'zod';
import type {
  CreateInvoicePaymentBody,
  UpdateInvoicePaymentBody,
} from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import type { PaymentMethod } from '../../db/tables/documents.ts';
import { pesosToCentavos } from '../../domain/money.ts';
import { fieldError } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { reviseDocument } from '../../ledger/document-entry.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { paymentColumns } from '../../ledger/payments.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { findDocument, requireDocument } from '../../ledger/references.ts';
import { settlePayment } from '../../ledger/settlement.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import { drawerForPayment } from '../cash/cash-sessions-posting.ts';
import { applyDeposit } from './acknowledgment-receipts-posting.ts';

export type InvoicePaymentInput = z.output<typeof CreateInvoicePaymentBody>;
export type InvoicePaymentChanges = z.output<typeof UpdateInvoicePaymentBody>;

// A deposit payment names the receipt it spends, and only a deposit payment names one (docs/domain/sales.md, Deposits).
function requireDepositReceipt(method: PaymentMethod, receiptId: number | null): void {
  if (method === 'deposit' && receiptId === null) {
    throw fieldError('acknowledgment_receipt_id', 'Choose the acknowledgment receipt whose deposit pays.');
  }
  if (method !== 'deposit' && receiptId !== null) {
    throw fieldError('acknowledgment_receipt_id', 'Only a payment by deposit names an acknowledgment receipt.');
  }
}

export async function createInvoicePayment(context: PostingContext, input: InvoicePaymentInput): Promise<number> {
  const invoice = await requireDocument(context, 'invoices', input.invoice_id, 'invoice_id');
  const receiptId = input.acknowledgment_receipt_id ?? null;
  requireDepositReceipt(input.payment_method, receiptId);
  const cashSessionId = await drawerForPayment(context, invoice.branch_id, input.payment_method);
  const terminal = await resolveTerminal(context, invoice.branch_id, input.terminal_id);
  const header = await context.trx
    .insertInto('invoice_payments')
    .values({
      ...paymentColumns(context, input),
      cash_session_id: cashSessionId,
      terminal_id: terminal.id,
      acknowledgment_receipt_id: receiptId,
      number: await assignDocumentNumber(
        context,
        'invoice-payment',
        { branch_id: invoice.branch_id, warehouse_id: null },
        input.payment_date,
        terminal.series_key,
      ),
      invoice_id: invoice.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postInvoicePayment(context, header.id, 1);
  return header.id;
}

// A payment in store credit spends the invoice's customer's credit, never below zero (docs/domain/sales.md, Credit
// memos), one by deposit its receipt's balance (Deposits); its void gives them back.
export const postInvoicePayment: Posting = async (context, id, direction) => {
  const payment = await context.trx
    .selectFrom('invoice_payments')
    .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
    .select([
      'invoice_payments.invoice_id',
      'invoice_payments.amount',
      'invoice_payments.payment_method',
      'invoice_payments.acknowledgment_receipt_id',
      'invoices.contact_id',
    ])
    .where('invoice_payments.id', '=', id)
    .where('invoice_payments.business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  await settlePayment(
    context,
    'invoices',
    { ...payment, document_id: payment.invoice_id, amount: Number(payment.amount) },
    direction,
  );
  if (payment.acknowledgment_receipt_id !== null) {
    await applyDeposit(
      context,
      payment.acknowledgment_receipt_id,
      payment.contact_id,
      direction * Number(payment.amount),
    );
  }
};

// The old amount comes off its invoice and the new one goes on, so the balance rule holds after the edit.
export async function updateInvoicePayment(
  context: PostingContext,
  id: number,
  changes: InvoicePaymentChanges,
): Promise<void> {
  const payment = await findDocument(context, 'invoice_payments', id);
  const invoice = await requireDocument(context, 'invoices', changes.invoice_id ?? payment.invoice_id, 'invoice_id');
  const method = changes.payment_method ?? payment.payment_method;
  requireDepositReceipt(method, payment.acknowledgment_receipt_id);
  // A payment that becomes cash goes into a drawer as a new one would (docs/domain/cash.md).
  const cashSessionId =
    payment.cash_session_id ?? (method === 'cash' ? await drawerForPayment(context, invoice.branch_id, method) : null);
  await postInvoicePayment(context, id, -1);
  await reviseDocument(context, 'invoice_payments', id, {
    invoice_id: changes.invoice_id ?? payment.invoice_id,
    payment_date: changes.payment_date ?? payment.payment_date,
    amount: changes.amount === undefined ? payment.amount : pesosToCentavos(changes.amount),
    payment_method: method,
    cash_session_id: cashSessionId,
    reference: changes.reference === undefined ? payment.reference : changes.reference,
    notes: changes.notes === undefined ? payment.notes : changes.notes,
  });
  await postInvoicePayment(context, id, 1);
}
