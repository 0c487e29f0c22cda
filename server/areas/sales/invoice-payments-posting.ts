import type { z } from 'zod';
import type {
  CreateInvoicePaymentBody,
  UpdateInvoicePaymentBody,
} from '../../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import { formatPesos, pesosToCentavos } from '../../domain/money.ts';
import { fieldError, notFound } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import type { Posting } from '../../ledger/document-lifecycle.ts';
import { moveContactCredit, movePayment, paymentColumns } from '../../ledger/payments.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { drawerForPayment } from '../cash/cash-sessions-posting.ts';

export type InvoicePaymentInput = z.output<typeof CreateInvoicePaymentBody>;
export type InvoicePaymentChanges = z.output<typeof UpdateInvoicePaymentBody>;

async function requireInvoice(context: PostingContext, invoiceId: number): Promise<{ id: number; branch_id: number }> {
  const invoice = await context.trx
    .selectFrom('invoices')
    .select(['id', 'branch_id'])
    .where('id', '=', invoiceId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!invoice) throw fieldError('invoice_id', 'The selected invoice_id is invalid.');
  return invoice;
}

export async function createInvoicePayment(context: PostingContext, input: InvoicePaymentInput): Promise<number> {
  const invoice = await requireInvoice(context, input.invoice_id);
  const cashSessionId = await drawerForPayment(context, invoice.branch_id, input.payment_method);
  const header = await context.trx
    .insertInto('invoice_payments')
    .values({
      ...paymentColumns(context, input),
      cash_session_id: cashSessionId,
      number: await assignDocumentNumber(context, 'invoice-payment', {
        branch_id: invoice.branch_id,
        warehouse_id: null,
      }),
      invoice_id: invoice.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await postInvoicePayment(context, header.id, 1);
  return header.id;
}

// A payment in store credit spends the invoice's customer's credit, never below zero (docs/domain/sales.md, Credit
// memos); its void gives the credit back.
export const postInvoicePayment: Posting = async (context, id, direction) => {
  const payment = await context.trx
    .selectFrom('invoice_payments')
    .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
    .select([
      'invoice_payments.invoice_id',
      'invoice_payments.amount',
      'invoice_payments.payment_method',
      'invoices.contact_id',
    ])
    .where('invoice_payments.id', '=', id)
    .where('invoice_payments.business_id', '=', context.businessId)
    .executeTakeFirstOrThrow();
  await movePayment(context, 'invoices', payment.invoice_id, direction * Number(payment.amount), 'amount');
  if (payment.payment_method === 'supplier_credit') {
    throw fieldError('payment_method', "A supplier's credit pays bills, not invoices.");
  }
  if (payment.payment_method === 'store_credit') {
    const spent = await moveContactCredit(
      context,
      'store_credit',
      payment.contact_id,
      -direction * Number(payment.amount),
    );
    if (!spent.moved) {
      throw fieldError('amount', `The customer has only ${formatPesos(spent.left)} of store credit.`);
    }
  }
};

// The old amount comes off its invoice and the new one goes on, so the balance rule holds after the edit.
export async function updateInvoicePayment(
  context: PostingContext,
  id: number,
  changes: InvoicePaymentChanges,
): Promise<void> {
  const payment = await context.trx
    .selectFrom('invoice_payments')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', context.businessId)
    .executeTakeFirst();
  if (!payment) throw notFound();
  const invoice = await requireInvoice(context, changes.invoice_id ?? payment.invoice_id);
  const method = changes.payment_method ?? payment.payment_method;
  // A payment that becomes cash goes into a drawer as a new one would (docs/domain/cash.md).
  const cashSessionId =
    payment.cash_session_id ?? (method === 'cash' ? await drawerForPayment(context, invoice.branch_id, method) : null);
  await postInvoicePayment(context, id, -1);
  await context.trx
    .updateTable('invoice_payments')
    .set({
      invoice_id: changes.invoice_id ?? payment.invoice_id,
      payment_date: changes.payment_date ?? payment.payment_date,
      amount: changes.amount === undefined ? payment.amount : pesosToCentavos(changes.amount),
      payment_method: method,
      cash_session_id: cashSessionId,
      reference: changes.reference === undefined ? payment.reference : changes.reference,
      notes: changes.notes === undefined ? payment.notes : changes.notes,
      updated_at: timestampOf(context),
      updated_by: context.userId,
    })
    .where('id', '=', id)
    .execute();
  await postInvoicePayment(context, id, 1);
}
