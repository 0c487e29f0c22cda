import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { GetContactStatementQueryParams } from '../../../generated/zod/contacts/contacts.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import type { Database } from '../../db/database.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fieldError, forbidden } from '../../domain/refusal.ts';
import { findRecord } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { parseInput } from '../../http/validation.ts';
import { contactsResource } from './contacts.ts';

export type StatementSide = 'receivable' | 'payable';
export type StatementPeriod = { dateFrom: string | null; dateTo: string };

const sides = {
  receivable: {
    table: 'invoices',
    date: 'invoice_date',
    payments: 'invoice_payments',
    link: 'invoice_id',
    document: 'invoice',
    payment: 'invoice_payment',
    memos: 'credit_memos',
    memo: 'credit_memo',
    permission: 'view-invoices',
  },
  payable: {
    table: 'bills',
    date: 'bill_date',
    payments: 'bill_payments',
    link: 'bill_id',
    document: 'bill',
    payment: 'bill_payment',
    memos: 'debit_memos',
    memo: 'debit_memo',
    permission: 'view-bills',
  },
} as const;

type Movement = {
  date: string;
  is_payment: number | string;
  id: number;
  number: string;
  applies_to: string | null;
  amount: number | string;
};

/**
 * docs/domain/management.md, Statement of account: the contact's standing documents (charges) and the standing
 * payments and memos on them, oldest first with a running balance in centavos; a document comes before a payment of the same
 * day. What stood before `dateFrom` is brought forward as one opening balance.
 */
export async function contactStatement(
  db: Kysely<Database>,
  businessId: number,
  contact: { id: number; name: string },
  side: StatementSide,
  period: StatementPeriod,
) {
  const { table, date, payments, link, document, payment, memos, memo } = sides[side];
  const { rows } = await sql<Movement>`
    SELECT d.${sql.ref(date)} AS date, 0 AS is_payment, d.id, d.number, NULL AS applies_to, d.total AS amount
    FROM ${sql.table(table)} d
    WHERE d.business_id = ${businessId} AND d.contact_id = ${contact.id} AND d.deleted_at IS NULL
      AND d.${sql.ref(date)} <= ${period.dateTo}
    UNION ALL
    SELECT p.payment_date AS date, 1 AS is_payment, p.id, p.number, d.number AS applies_to, p.amount
    FROM ${sql.table(payments)} p
    JOIN ${sql.table(table)} d ON d.id = p.${sql.ref(link)}
    WHERE p.business_id = ${businessId} AND d.contact_id = ${contact.id} AND p.deleted_at IS NULL
      AND d.deleted_at IS NULL AND p.payment_date <= ${period.dateTo}
    UNION ALL
    SELECT m.memo_date AS date, 2 AS is_payment, m.id, m.number, d.number AS applies_to, m.applied_amount AS amount
    FROM ${sql.table(memos)} m
    JOIN ${sql.table(table)} d ON d.id = m.${sql.ref(link)}
    WHERE m.business_id = ${businessId} AND m.contact_id = ${contact.id} AND m.deleted_at IS NULL
      AND d.deleted_at IS NULL AND m.applied_amount > 0 AND m.memo_date <= ${period.dateTo}
    ORDER BY date, is_payment, id`.execute(db);

  let opening = 0;
  let balance = 0;
  let charges = 0;
  let paid = 0;
  const entries = [];
  for (const row of rows) {
    const amount = Number(row.amount);
    // 1: a payment, 2: the part of a credit (debit) memo its invoice (bill) took; both lower what is owed.
    const isPayment = Number(row.is_payment) >= 1;
    balance += isPayment ? -amount : amount;
    if (period.dateFrom !== null && row.date < period.dateFrom) {
      opening = balance;
      continue;
    }
    if (isPayment) paid += amount;
    else charges += amount;
    entries.push({
      date: row.date,
      kind: Number(row.is_payment) === 2 ? memo : isPayment ? payment : document,
      document_id: row.id,
      number: row.number,
      applies_to: row.applies_to,
      charge: isPayment ? 0 : centavosToPesos(amount),
      payment: isPayment ? centavosToPesos(amount) : 0,
      balance: centavosToPesos(balance),
    });
  }
  return {
    contact_id: contact.id,
    contact_name: contact.name,
    side,
    date_from: period.dateFrom,
    date_to: period.dateTo,
    opening_balance: centavosToPesos(opening),
    entries,
    total_charges: centavosToPesos(charges),
    total_payments: centavosToPesos(paid),
    closing_balance: centavosToPesos(balance),
  };
}

// GET /api/contacts/{id}/statement: the statement of a contact of the selected business.
export function registerContactStatementRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.get(
    '/api/contacts/:id/statement',
    { config: { access: { kind: 'business' as const, permissions: ['view-contacts'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const query = parseInput(GetContactStatementQueryParams, request.query);
      const side = query.side ?? 'receivable';
      if (!holdsAny(ctx.identity, [sides[side].permission])) {
        throw forbidden(`You do not have permission to view ${side === 'receivable' ? 'invoices' : 'bills'}.`);
      }
      const today = businessDate(options.now());
      const dateTo = query.date_to ?? today;
      if (dateTo > today) throw fieldError('date_to', 'The date cannot be after today.');
      const dateFrom = query.date_from ?? null;
      if (dateFrom !== null && dateFrom > dateTo) {
        throw fieldError('date_from', 'The date from must be on or before the date to.');
      }
      // Another business's contact, or none, answers 404 as the contact's own view does.
      await findRecord(contactsResource, ctx, id);
      const contact = await ctx.db
        .selectFrom('contacts')
        .select(['id', 'name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return contactStatement(ctx.db, ctx.businessId ?? 0, contact, side, { dateFrom, dateTo });
    },
  );
}
