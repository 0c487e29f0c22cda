import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as contract from '../../../generated/zod/acknowledgment-receipts/acknowledgment-receipts.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fieldError, Refusal } from '../../domain/refusal.ts';
import { checkOpenDay } from '../../engine/closed-day.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { findRecord, presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { checkWorkPlace } from '../../engine/work-location.ts';
import { parseInput } from '../../http/validation.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { checkFigures, postingContextOf } from '../../ledger/document-support.ts';
import { terminalOfOwnBranch } from '../../ledger/terminals.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { journalEntry } from '../cash/e-journal.ts';
import { depositBalance } from '../eye-care/job-order-deposits.ts';
import {
  createAcknowledgmentReceipt,
  postAcknowledgmentReceipt,
  refundAcknowledgmentReceipt,
} from './acknowledgment-receipts-posting.ts';

// Acknowledgment receipts: the deposits of docs/domain/sales.md, Deposits.
export const acknowledgmentReceiptsResource = documentResource({
  table: 'acknowledgment_receipts',
  schemas: contractSchemas(contract, 'AcknowledgmentReceipt', 'AcknowledgmentReceipts'),
  searchColumns: ['number', 'reference', 'notes'],
  documentDate: { field: 'receipt_date', label: 'receipt date', sales: true },
  workPlaces: atOwnLocation,
  // A Z closes its terminal's day only (docs/domain/cash.md, Terminals): the receipt's is the one it was issued at.
  terminal: terminalOfOwnBranch,
  create: createAcknowledgmentReceipt,
  post: postAcknowledgmentReceipt,
  journal: (ctx, record, event) => journalEntry(ctx, 'acknowledgment_receipt', record, event),
  async present(ctx, rows) {
    const ids = [...rows.map((row) => row.id), 0];
    const { contacts, branches, orders } = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
      branches: { table: 'branches', ids: rows.map((row) => row.branch_id) },
      orders: { table: 'job_orders', ids: rows.map((row) => row.job_order_id), column: 'number' },
    });
    const refunds = await ctx.db
      .selectFrom('acknowledgment_receipt_refunds')
      .leftJoin('users', 'users.id', 'acknowledgment_receipt_refunds.created_by')
      .selectAll('acknowledgment_receipt_refunds')
      .select('users.name as created_by_name')
      .where('acknowledgment_receipt_refunds.business_id', '=', ctx.businessId ?? 0)
      .where('acknowledgment_receipt_refunds.acknowledgment_receipt_id', 'in', ids)
      .orderBy('acknowledgment_receipt_refunds.id')
      .execute();
    const pesos = (value: number) => centavosToPesos(Number(value));
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, ['business_id', 'number', 'contact_id', 'branch_id', 'receipt_date', 'payment_method']),
      contact_name: nameOf(contacts, row.contact_id),
      branch_name: nameOf(branches, row.branch_id),
      amount: pesos(row.amount),
      job_order_id: row.job_order_id,
      job_order_number: nameOf(orders, row.job_order_id),
      reference: row.reference,
      notes: row.notes,
      terminal_id: row.terminal_id,
      applied_amount: pesos(row.applied_amount),
      refunded_amount: pesos(row.refunded_amount),
      forfeited_amount: pesos(row.forfeited_amount),
      balance: centavosToPesos(depositBalance(row)),
      refunds: refunds
        .filter((refund) => refund.acknowledgment_receipt_id === row.id)
        .map((refund) => ({
          id: refund.id,
          amount: pesos(refund.amount),
          payment_method: refund.payment_method,
          refund_date: refund.refund_date,
          reason: refund.reason,
          created_at: refund.created_at,
          created_by: refund.created_by,
          created_by_name: refund.created_by_name ?? null,
        })),
    }));
  },
});

// POST /api/acknowledgment-receipts/{id}/refund: a deposit paid back, in one transaction with its drawer's cash.
export function registerAcknowledgmentReceiptRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.post(
    '/api/acknowledgment-receipts/:id/refund',
    { config: { access: { kind: 'business' as const, permissions: ['create-acknowledgment-receipts'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const body = parseInput(contract.RefundAcknowledgmentReceiptBody, request.body);
      checkFigures(body, ['amount'], []);
      return retryTransaction(() =>
        ctx.db.transaction().execute(async (db) => {
          const trx = { ...ctx, db };
          const receipt = await findRecord(acknowledgmentReceiptsResource, trx, id);
          await checkWorkPlace(acknowledgmentReceiptsResource, trx, receipt);
          await checkRefundDay(trx, receipt, body.refund_date);
          await refundAcknowledgmentReceipt(postingContextOf(trx), id, body);
          return presentOne(acknowledgmentReceiptsResource, trx, id);
        }),
      );
    },
  );
}

// A refund is counted on its own day's Z, at the receipt's terminal: a day that Z closed takes no refund
// (docs/domain/cash.md, The closed day), refused on the refund's own date.
async function checkRefundDay(
  ctx: Parameters<typeof checkOpenDay>[1],
  receipt: Record<string, unknown>,
  refundDate: string,
): Promise<void> {
  try {
    await checkOpenDay(acknowledgmentReceiptsResource, ctx, { ...receipt, receipt_date: refundDate });
    // On PostgreSQL the check goes out with the next statement (db/pipelined-transaction.ts): sent here, so that its
    // refusal is caught here and named after the refund's date.
    await sql`SELECT 1`.execute(ctx.db);
  } catch (error) {
    const message = error instanceof Refusal ? error.errors?.receipt_date?.[0] : undefined;
    throw message === undefined ? error : fieldError('refund_date', message);
  }
}
