import * as contract from '../../../generated/zod/e-invoices/e-invoices.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import type { ListCondition, Resource, Row } from '../../engine/resource.ts';

const dayInMs = 24 * 60 * 60 * 1000;
// The EIS expects each document within three days of its date (docs/domain/management.md, E-invoices).
export const lateAfterDays = 3;

// The last document date that is late on the given day: one not yet accepted and dated before it is flagged.
export function lateBefore(now: Date): string {
  return businessDate(new Date(now.getTime() - lateAfterDays * dayInMs));
}

const stillOpen = ['incomplete', 'pending', 'sent', 'rejected'] as const;

const late: ListCondition = (rows, value, ctx) => {
  const before = lateBefore(new Date(ctx.now));
  return Number(value) === 1
    ? rows.where('status', 'in', [...stillOpen]).where('document_date', '<', before)
    : rows.where((eb) => eb.or([eb('status', 'not in', [...stillOpen]), eb('document_date', '>=', before)]));
};

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function presentEInvoice(row: Row<'e_invoices'>, now: Date) {
  return {
    ...auditColumns(row),
    ...storedFields(row, [
      'business_id',
      'document_type',
      'document_id',
      'document_number',
      'document_date',
      'eis_unique_id',
      'status',
      'next_attempt_at',
      'sent_at',
      'answered_at',
      'last_error',
    ]),
    late: (stillOpen as readonly string[]).includes(row.status) && row.document_date < lateBefore(now),
    attempts: Number(row.attempts),
    payload: parsed(row.payload),
    answer: parsed(row.answer),
  };
}

// Read-only (server/registry/resources.ts): rows are written by the postings of invoices and credit memos and moved
// by the sender (e-invoice-sender.ts); a retry is its own call (e-invoice-routes.ts).
export const eInvoicesResource: Resource<'e_invoices'> = {
  prefix: 'e-invoices',
  singular: 'e-invoice',
  table: 'e_invoices',
  scope: 'business',
  schemas: contractSchemas(contract, 'EInvoice', 'EInvoices'),
  searchColumns: ['document_number'],
  conditions: { late },
  async present(ctx, rows) {
    return rows.map((row) => presentEInvoice(row, new Date(ctx.now)));
  },
};
