import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ExchangeInvoiceBody } from '../../../generated/zod/invoices/invoices.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import type { PaymentMethod } from '../../db/tables/documents.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { businessDate } from '../../domain/business-date.ts';
import { type Centavos, centavosToPesos } from '../../domain/money.ts';
import { conflict, fieldError, forbidden, Refusal, unprocessable } from '../../domain/refusal.ts';
import { recordChange } from '../../engine/history.ts';
import {
  type IdempotentRequest,
  lookUpKeyAhead,
  replayedAnswer,
  replayingSubmits,
  requestHash,
  type StoredAnswer,
  storeAnswer,
} from '../../engine/idempotency.ts';
import { createWithin } from '../../engine/mutations.ts';
import { findRecord } from '../../engine/query.ts';
import { readOne } from '../../engine/read-one.ts';
import type { AnyResource, ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { permissionRefusal } from '../../http/permission-refusal.ts';
import { parseInput } from '../../http/validation.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { checkRefundMethod, settleMemo } from '../../ledger/settlement.ts';
import { drawerForPayment } from '../cash/cash-sessions-posting.ts';
import { creditMemosResource } from './credit-memos.ts';
import { invoicePaymentsResource } from './invoice-payments.ts';
import { invoicesResource } from './invoices.ts';

// An exchange at the counter (docs/domain/sales.md, Credit memos, Exchange): the returned goods, the new sale and the
// difference, posted in one transaction by the same creates the three documents have on their own, so that each
// keeps its checks, its numbering and its history.

type ExchangeInput = z.output<typeof ExchangeInvoiceBody>;

const needed = ['create-credit-memos', 'create-invoices', 'create-invoice-payments'] as const;

export function registerInvoiceExchangeRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/invoices/:id/exchange',
    { config: { access: { kind: 'business' as const, permissions: [...needed] } } },
    async (request, reply) => {
      const ctx = resourceContext(request, options);
      // The access declaration asks for any one of them; an exchange makes all three documents.
      for (const permission of needed) {
        if (!holdsAny(ctx.identity, [permission])) throw forbidden(permissionRefusal([permission]));
      }
      const id = recordId(request);
      const input = parseInput(ExchangeInvoiceBody, request.body);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0) {
        const answer = await inOneTransaction(ctx, id, input, null);
        return reply.status(answer.statusCode).send(answer.body);
      }
      const idempotent = { key, hash: requestHash(request.method, request.url, request.body) };
      try {
        const answer = await replayingSubmits(ctx, () => inOneTransaction(ctx, id, input, idempotent));
        return reply.status(answer.statusCode).send(answer.body);
      } catch (error) {
        // A concurrent submit with the same key committed first: answer what it answered.
        const winner = await replayedAnswer(ctx, key, idempotent.hash);
        if (winner) return reply.status(winner.statusCode).send(winner.body);
        throw error;
      }
    },
  );
}

function inOneTransaction(
  ctx: ResourceContext,
  id: number,
  input: ExchangeInput,
  idempotent: IdempotentRequest | null,
): Promise<StoredAnswer> {
  return retryTransaction(() =>
    ctx.db.transaction().execute(async (db) => {
      const trx = { ...ctx, db };
      if (idempotent) await lookUpKeyAhead(trx, idempotent);
      const answer = { statusCode: 201, body: await exchange(trx, id, input) };
      if (idempotent) await storeAnswer(trx, idempotent, answer);
      return answer;
    }),
  );
}

// No last steps are handed to the creates: the new invoice takes its numbers as it is written, as on SQLite, since
// its payments and the memo's settlement follow it in the same transaction.
async function exchange(trx: ResourceContext, invoiceId: number, input: ExchangeInput) {
  await findRecord(invoicesResource, trx, invoiceId);
  const businessId = trx.businessId ?? 0;
  const invoice = await trx.db
    .selectFrom('invoices')
    .select(['id', 'contact_id', 'branch_id', 'deleted_at'])
    .where('id', '=', invoiceId)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  if (invoice.deleted_at !== null) throw conflict('A voided invoice cannot be exchanged.');
  const today = businessDate(new Date(trx.now));
  const method = input.payment_method ?? null;
  const created: [AnyResource, number][] = [];
  const memoId = await asReturnLines(() =>
    createWithin(creditMemosResource, trx, {
      invoice_id: invoice.id,
      memo_date: today,
      reason: input.reason,
      notes: input.notes ?? null,
      settlement: 'store_credit',
      lines: input.return_lines.map((line) => ({
        invoice_line_id: line.invoice_line_id,
        quantity: line.quantity,
        restock: line.restock ?? null,
      })),
    }),
  );
  created.push([creditMemosResource, memoId]);
  const memo = await trx.db
    .selectFrom('credit_memos')
    .selectAll()
    .where('id', '=', memoId)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const newInvoiceId = await createWithin(invoicesResource, trx, {
    contact_id: invoice.contact_id,
    branch_id: invoice.branch_id,
    invoice_date: today,
    special_discount: input.special_discount ?? null,
    notes: `Exchange for ${memo.number}`,
    lines: input.lines,
  });
  created.push([invoicesResource, newInvoiceId]);
  const newTotal: Centavos = Number(
    (
      await trx.db
        .selectFrom('invoices')
        .select('total')
        .where('id', '=', newInvoiceId)
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).total,
  );
  const credit: Centavos = memo.settlement === 'store_credit' ? Number(memo.excess_amount) : 0;
  const pay = async (amount: Centavos, paymentMethod: PaymentMethod) => {
    const paymentId = await createWithin(invoicePaymentsResource, trx, {
      invoice_id: newInvoiceId,
      payment_date: today,
      amount: centavosToPesos(amount),
      payment_method: paymentMethod,
      reference: paymentMethod === 'store_credit' ? memo.number : (input.reference ?? null),
    });
    created.push([invoicePaymentsResource, paymentId]);
    return paymentId;
  };
  let paymentId: number | null = null;
  let refund: Centavos | null = null;
  if (credit > newTotal && method !== null) {
    // The memo's credit cannot be part kept and part paid out, so the memo refunds all of it and the new invoice is
    // paid in the same method: the drawer nets the difference the customer gets back.
    await refundMemo(trx, memo, method, input.reference ?? null);
    if (newTotal > 0) paymentId = await pay(newTotal, method);
    refund = credit - newTotal;
  } else {
    const fromCredit = Math.min(credit, newTotal);
    if (fromCredit > 0) await pay(fromCredit, 'store_credit');
    if (newTotal > fromCredit && method !== null) paymentId = await pay(newTotal - fromCredit, method);
  }
  for (const [resource, recordId] of created) {
    await recordChange(resource, trx, recordId, 'created', null, await readOne(resource, trx, recordId));
  }
  return {
    credit_memo_id: memoId,
    invoice_id: newInvoiceId,
    payment_id: paymentId,
    refund: refund === null ? null : centavosToPesos(refund),
    difference: centavosToPesos(newTotal - credit),
  };
}

// The memo settles afresh as a refund: its store credit, not spent yet, is taken back and paid out instead.
async function refundMemo(
  trx: ResourceContext,
  memo: { id: number; invoice_id: number; contact_id: number; branch_id: number; total: number; excess_amount: number },
  method: PaymentMethod,
  reference: string | null,
): Promise<void> {
  const context = postingContextOf(trx);
  try {
    checkRefundMethod('invoices', { settlement: 'refund', refund_method: method });
  } catch (error) {
    if (error instanceof Refusal) throw fieldError('payment_method', error.message);
    throw error;
  }
  const settled = { ...memo, document_id: memo.invoice_id, total: Number(memo.total) };
  await settleMemo(context, 'invoices', { ...settled, settlement: 'store_credit' }, -1);
  const cashSessionId = await drawerForPayment(context, memo.branch_id, method);
  await trx.db
    .updateTable('credit_memos')
    .set({ settlement: 'refund', refund_method: method, refund_reference: reference, cash_session_id: cashSessionId })
    .where('id', '=', memo.id)
    .execute();
  await settleMemo(context, 'invoices', { ...settled, settlement: 'refund' }, 1);
}

// The memo's own fields name its lines `lines.N`; in an exchange those are the returned lines.
async function asReturnLines<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof Refusal) || error.kind !== 'invalid' || !error.errors) throw error;
    const renamed = Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [field.replace(/^lines\./, 'return_lines.'), messages]),
    );
    throw unprocessable(renamed, error.message);
  }
}
