import type { FastifyInstance } from 'fastify';
import * as contract from '../../../generated/zod/payer-claims/payer-claims.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { parseInput } from '../../http/validation.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import {
  createPayerClaim,
  leftOn,
  postPayerClaim,
  recordForm2307,
  recordPayerClaimPayment,
  submitPayerClaim,
} from './payer-claims-posting.ts';

type ClaimLine = {
  amount: number;
  paid: number;
  disallowed: number;
  disallowed_to: 'member' | 'written_off' | null;
};

function lineStatus(line: ClaimLine): 'open' | 'paid' | 'disallowed' | 'written_off' {
  if (leftOn(line) > 0) return 'open';
  if (Number(line.disallowed) === 0) return 'paid';
  return line.disallowed_to === 'written_off' ? 'written_off' : 'disallowed';
}

// Payer claims (docs/domain/sales.md, Payer claims).
export const payerClaimsResource = documentResource({
  table: 'payer_claims',
  schemas: contractSchemas(contract, 'PayerClaim', 'PayerClaims'),
  searchColumns: ['number', 'notes'],
  figures: { money: [], quantities: [] },
  create: createPayerClaim,
  post: postPayerClaim,
  async present(ctx, rows) {
    const ids = [...rows.map((row) => row.id), 0];
    const businessId = ctx.businessId ?? 0;
    const lines = await ctx.db
      .selectFrom('payer_claim_lines')
      .innerJoin('invoices', 'invoices.id', 'payer_claim_lines.invoice_id')
      .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
      .select([
        'payer_claim_lines.id',
        'payer_claim_lines.payer_claim_id',
        'payer_claim_lines.position',
        'payer_claim_lines.invoice_id',
        'payer_claim_lines.amount',
        'payer_claim_lines.paid',
        'payer_claim_lines.disallowed',
        'payer_claim_lines.reason',
        'payer_claim_lines.disallowed_to',
        'invoices.number as invoice_number',
        'invoices.invoice_date',
        'invoices.contact_id',
        'contacts.name as contact_name',
      ])
      .where('payer_claim_lines.business_id', '=', businessId)
      .where('payer_claim_lines.payer_claim_id', 'in', ids)
      .orderBy('payer_claim_lines.position')
      .execute();
    const payments = await ctx.db
      .selectFrom('payer_claim_payments')
      .select([
        'id',
        'payer_claim_id',
        'payment_date',
        'payment_method',
        'amount_received',
        'tax_withheld',
        'form_2307_number',
      ])
      .where('business_id', '=', businessId)
      .where('payer_claim_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const payers = await ctx.db
      .selectFrom('contacts')
      .select(['id', 'name'])
      .where('id', 'in', [...rows.map((row) => row.payer_id), 0])
      .execute();
    const pesos = (value: number) => centavosToPesos(Number(value));
    return rows.map((row) => {
      const own = lines.filter((line) => line.payer_claim_id === row.id);
      const paid = own.reduce((sum, line) => sum + Number(line.paid), 0);
      const disallowed = own.reduce((sum, line) => sum + Number(line.disallowed), 0);
      return {
        ...auditColumns(row),
        ...storedFields(row, [
          'business_id',
          'number',
          'payer_id',
          'branch_id',
          'claim_date',
          'period_from',
          'period_to',
          'submitted_at',
          'notes',
        ]),
        payer_name: payers.find((payer) => payer.id === row.payer_id)?.name ?? null,
        status: row.status,
        total: pesos(row.total),
        paid: pesos(paid),
        disallowed: pesos(disallowed),
        outstanding: pesos(Number(row.total) - paid - disallowed),
        lines: own.map((line) => ({
          id: line.id,
          invoice_id: line.invoice_id,
          invoice_number: line.invoice_number,
          invoice_date: line.invoice_date,
          contact_id: line.contact_id,
          contact_name: line.contact_name,
          amount: pesos(line.amount),
          paid: pesos(line.paid),
          disallowed: pesos(line.disallowed),
          reason: line.reason,
          status: lineStatus(line),
        })),
        payments: payments
          .filter((payment) => payment.payer_claim_id === row.id)
          .map((payment) => ({
            id: payment.id,
            payment_date: payment.payment_date,
            amount_received: pesos(payment.amount_received),
            tax_withheld: pesos(payment.tax_withheld),
            form_2307_number: payment.form_2307_number,
            payment_method: payment.payment_method,
          })),
      };
    });
  },
});

// POST /api/payer-claims/{id}/submit and /payments, PATCH /payments/{payment_id}: each one move of the claim, in one transaction, answering it.
export function registerPayerClaimRoutes(app: FastifyInstance, options: EngineOptions): void {
  const access = { config: { access: { kind: 'business' as const, permissions: ['create-payer-claims'] } } };
  app.post('/api/payer-claims/:id/submit', access, async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    return retryTransaction(() =>
      ctx.db.transaction().execute(async (db) => {
        const trx = { ...ctx, db };
        await findRecord(payerClaimsResource, trx, id);
        await submitPayerClaim(postingContextOf(trx), id);
        return presentOne(payerClaimsResource, trx, id);
      }),
    );
  });
  app.post('/api/payer-claims/:id/payments', access, async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const body = parseInput(contract.RecordPayerClaimPaymentBody, request.body);
    return retryTransaction(() =>
      ctx.db.transaction().execute(async (db) => {
        const trx = { ...ctx, db };
        await findRecord(payerClaimsResource, trx, id);
        await recordPayerClaimPayment(postingContextOf(trx), id, body);
        return presentOne(payerClaimsResource, trx, id);
      }),
    );
  });
  app.patch('/api/payer-claims/:id/payments/:payment_id', access, async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const paymentId = Number((request.params as { payment_id?: string }).payment_id);
    const body = parseInput(contract.UpdatePayerClaimPaymentBody, request.body);
    return retryTransaction(() =>
      ctx.db.transaction().execute(async (db) => {
        const trx = { ...ctx, db };
        await findRecord(payerClaimsResource, trx, id);
        await recordForm2307(
          postingContextOf(trx),
          id,
          Number.isInteger(paymentId) ? paymentId : 0,
          body.form_2307_number,
        );
        return presentOne(payerClaimsResource, trx, id);
      }),
    );
  });
}
