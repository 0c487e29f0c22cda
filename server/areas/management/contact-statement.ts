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
import { documentKindOf, registry } from '../../registry/resources.ts';
import { type ContactSide, contactsResource, ownSide } from './contacts.ts';

export type StatementSide = ContactSide;
export type StatementPeriod = { dateFrom: string | null; dateTo: string };

type PartyDocument = Extract<(typeof registry)[number], { party: string; document: object }>;
type PartyDocumentKey = PartyDocument['key'];
type StatementPart = 'charge' | 'payment' | 'memo';

// What each document that names a party (its registry entry's `party`) does to what the party owes: it charges, pays a
// charge, or credits one as a memo; an order, a quotation or a deposit does neither. Typed by every such document, so
// that a new one does not compile until it says, and the statement takes its tables from here.
export const statementParts: Readonly<Record<PartyDocumentKey, StatementPart | null>> = {
  'purchase-orders': null,
  'receive-orders': null,
  bills: 'charge',
  'bill-payments': 'payment',
  'debit-memos': 'memo',
  invoices: 'charge',
  'invoice-payments': 'payment',
  'credit-memos': 'memo',
  'acknowledgment-receipts': null,
  quotations: null,
  'job-orders': null,
  'warranty-claims': null,
};

// A customer's statement is what it owes the shop; a supplier's, what the shop owes it.
export const partySides = { customer: 'receivable', supplier: 'payable' } as const satisfies Record<
  PartyDocument['party'],
  StatementSide
>;

// The registry document of a side that plays a part on its statement.
export function statementDocument(side: StatementSide, part: StatementPart): PartyDocumentKey {
  const found = registry.filter(
    (entry): entry is PartyDocument =>
      'party' in entry && 'document' in entry && partySides[entry.party] === side && statementParts[entry.key] === part,
  );
  if (found.length !== 1) throw new Error(`The ${side} statement needs one ${part}, not ${found.length}`);
  return (found[0] as PartyDocument).key;
}

// A document's table, and its kind as the ledger and the statement's entries name it (`credit_memo`).
const tableOf = (key: PartyDocumentKey) => key.replaceAll('-', '_');
const kindOf = (key: PartyDocumentKey) => documentKindOf(key).replaceAll('-', '_');

// The credit a memo keeps for the contact, and what a payment in it is called.
const credits = { receivable: 'store_credit', payable: 'supplier_credit' } as const;

function sideOf(side: StatementSide) {
  const charge = statementDocument(side, 'charge');
  const payment = statementDocument(side, 'payment');
  const memo = statementDocument(side, 'memo');
  return {
    table: tableOf(charge),
    date: `${kindOf(charge)}_date`,
    payments: tableOf(payment),
    link: `${kindOf(charge)}_id`,
    document: kindOf(charge),
    payment: kindOf(payment),
    memos: tableOf(memo),
    memo: kindOf(memo),
    credit: credits[side],
    permission: `view-${charge}`,
  };
}

const sides = { receivable: sideOf('receivable'), payable: sideOf('payable') };

type StatementEntry = {
  date: string;
  kind: string;
  document_id: number;
  number: string;
  applies_to: string | null;
  description: string;
  charge: number;
  payment: number;
  balance: number;
};

type Movement = {
  date: string;
  // 0: a document, 1: a memo, 2: a payment; on one day in that order, so that the credit a memo keeps comes before
  // the payment that spends it.
  is_payment: number | string;
  id: number;
  number: string;
  applies_to: string | null;
  amount: number | string;
  // A payment's method; a memo's reason.
  detail: string | null;
  // A memo's part its document's balance did not take, and what became of it.
  excess: number | string;
  settlement: string | null;
};

// Who owes whom, in the statement's words (docs/domain/management.md, Statement of account).
const words = {
  receivable: {
    document: (number: string) => `Invoice ${number}`,
    payment: (number: string) => `Payment ${number}`,
    creditSpent: (number: string) => `Store credit applied ${number}`,
    memo: (number: string, reason: string) =>
      `Credit memo ${number} (${{ returned: 'returned by the customer', defective: 'defective, returned by the customer', price_adjustment: 'price adjustment', other: 'credit' }[reason] ?? 'credit'})`,
    refund: (number: string) => `Refunded to the customer from ${number}`,
    credit: (number: string) => `Kept as store credit from ${number}`,
  },
  payable: {
    document: (number: string) => `Bill ${number}`,
    payment: (number: string) => `Payment ${number}`,
    creditSpent: (number: string) => `Supplier credit applied ${number}`,
    memo: (number: string, reason: string) =>
      `Debit memo ${number} (${{ returned: 'returned to supplier', defective: 'defective, returned to supplier', price_adjustment: 'price correction', other: 'debit' }[reason] ?? 'debit'})`,
    refund: (number: string) => `Refunded by the supplier from ${number}`,
    credit: (number: string) => `Kept as supplier credit from ${number}`,
  },
} as const;

/**
 * docs/domain/management.md, Statement of account: the contact's standing documents (charges), the standing payments
 * on them and every standing memo, oldest first with a running balance in centavos of what is owed on the documents;
 * on one day a document comes first, then the memos, then the payments. A memo credits its whole total; the part its document's balance
 * did not take is charged back as refunded or kept as the contact's credit, which the statement carries apart
 * (`credit_balance`) and a payment in that credit spends. What stood before `dateFrom` is brought forward as one
 * opening balance.
 */
export async function contactStatement(
  db: Kysely<Database>,
  businessId: number,
  contact: { id: number; name: string },
  side: StatementSide,
  period: StatementPeriod,
  payer = false,
) {
  const { table, date, payments, link, document, payment, memos, memo, credit } = sides[side];
  // A member owes an invoice less what an HMO or PhilHealth pays of it (docs/domain/sales.md, HMO and PhilHealth
  // benefits): the payer's share is on the payer's own statement, not the member's.
  const charged = side === 'receivable' ? sql`d.total - d.payer_share` : sql`d.total`;
  const { rows } = payer
    ? await payerMovements(db, businessId, contact.id, period.dateTo)
    : await sql<Movement>`
    SELECT d.${sql.ref(date)} AS date, 0 AS is_payment, d.id, d.number, NULL AS applies_to, ${charged} AS amount,
      NULL AS detail, 0 AS excess, NULL AS settlement
    FROM ${sql.table(table)} d
    WHERE d.business_id = ${businessId} AND d.contact_id = ${contact.id} AND d.deleted_at IS NULL
      AND d.${sql.ref(date)} <= ${period.dateTo}
    UNION ALL
    SELECT p.payment_date AS date, 2 AS is_payment, p.id, p.number, d.number AS applies_to, p.amount,
      p.payment_method AS detail, 0 AS excess, NULL AS settlement
    FROM ${sql.table(payments)} p
    JOIN ${sql.table(table)} d ON d.id = p.${sql.ref(link)}
    WHERE p.business_id = ${businessId} AND d.contact_id = ${contact.id} AND p.deleted_at IS NULL
      AND d.deleted_at IS NULL AND p.payment_date <= ${period.dateTo}
    UNION ALL
    SELECT m.memo_date AS date, 1 AS is_payment, m.id, m.number, d.number AS applies_to, m.total AS amount,
      m.reason AS detail, m.excess_amount AS excess, m.settlement
    FROM ${sql.table(memos)} m
    LEFT JOIN ${sql.table(table)} d ON d.id = m.${sql.ref(link)}
    WHERE m.business_id = ${businessId} AND m.contact_id = ${contact.id} AND m.deleted_at IS NULL
      AND m.memo_date <= ${period.dateTo}
    ORDER BY date, is_payment, id`.execute(db);

  const said = payer ? payerWords : words[side];
  let opening = 0;
  let balance = 0;
  let creditHeld = 0;
  let charges = 0;
  let paid = 0;
  const entries: StatementEntry[] = [];
  const enter = (row: Movement, kind: StatementEntry['kind'], description: string, charge: number, credit: number) => {
    balance += charge - credit;
    if (period.dateFrom !== null && row.date < period.dateFrom) {
      opening = balance;
      return;
    }
    charges += charge;
    paid += credit;
    entries.push({
      date: row.date,
      kind,
      document_id: row.id,
      number: row.number,
      applies_to: row.applies_to,
      description,
      charge: centavosToPesos(charge),
      payment: centavosToPesos(credit),
      balance: centavosToPesos(balance),
    });
  };
  for (const row of rows) {
    const amount = Number(row.amount);
    const kind = Number(row.is_payment);
    if (kind === 0) {
      enter(row, document, said.document(row.number), amount, 0);
    } else if (kind === 2) {
      const spendsCredit = row.detail === credit;
      if (spendsCredit) creditHeld -= amount;
      enter(row, payment, spendsCredit ? said.creditSpent(row.number) : said.payment(row.number), 0, amount);
    } else {
      enter(row, memo, said.memo(row.number, row.detail ?? ''), 0, amount);
      const excess = Number(row.excess);
      if (excess > 0) {
        const kept = row.settlement === credit;
        if (kept) creditHeld += excess;
        enter(
          row,
          kept ? credit : refundKind[side],
          kept ? said.credit(row.number) : said.refund(row.number),
          excess,
          0,
        );
      }
    }
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
    credit_balance: centavosToPesos(creditHeld),
  };
}

const refundKind = { receivable: 'customer_refund', payable: 'supplier_refund' } as const;

const payerWords = {
  ...words.receivable,
  document: (number: string) => `Payer share of Invoice ${number}`,
  payment: (number: string) => `Paid on claim ${number} (tax withheld included)`,
  memo: (number: string, to: string) =>
    `Disallowed on claim ${number}, ${to === 'written_off' ? 'written off' : 'billed to the member'}`,
};

// A payer's side of the invoices it covers (docs/domain/sales.md, Payer claims): each share as first billed (what
// was later disallowed to the member included), the payer's payments on its claims with the tax it withheld, and
// each disallowance, so that the closing balance is what Payer Aging shows for the payer.
function payerMovements(db: Kysely<Database>, businessId: number, payerId: number, dateTo: string) {
  const settled = sql`
    FROM payer_claim_payment_lines l
    JOIN payer_claim_payments p ON p.id = l.payer_claim_payment_id
    JOIN payer_claims pc ON pc.id = p.payer_claim_id
    WHERE l.business_id = ${businessId} AND pc.payer_id = ${payerId} AND p.deleted_at IS NULL
      AND pc.deleted_at IS NULL AND p.payment_date <= ${dateTo}`;
  return sql<Movement>`
    SELECT d.invoice_date AS date, 0 AS is_payment, d.id, d.number, NULL AS applies_to,
      d.payer_share + COALESCE((SELECT SUM(m.disallowed) FROM payer_claim_payment_lines m
        JOIN payer_claim_payments mp ON mp.id = m.payer_claim_payment_id
        JOIN payer_claims mc ON mc.id = mp.payer_claim_id
        WHERE m.business_id = d.business_id AND m.invoice_id = d.id AND m.disallowed_to = 'member'
          AND mp.deleted_at IS NULL AND mc.deleted_at IS NULL), 0) AS amount,
      NULL AS detail, 0 AS excess, NULL AS settlement
    FROM invoices d
    WHERE d.business_id = ${businessId} AND d.payer_id = ${payerId} AND d.deleted_at IS NULL
      AND d.invoice_date <= ${dateTo}
    UNION ALL
    SELECT p.payment_date AS date, 2 AS is_payment, p.id, pc.number, pc.number AS applies_to, SUM(l.paid) AS amount,
      p.payment_method AS detail, 0 AS excess, NULL AS settlement
    ${settled} AND l.paid > 0
    GROUP BY p.payment_date, p.id, pc.number, p.payment_method
    UNION ALL
    SELECT p.payment_date AS date, 1 AS is_payment, p.id, pc.number, pc.number AS applies_to,
      SUM(l.disallowed) AS amount, l.disallowed_to AS detail, 0 AS excess, NULL AS settlement
    ${settled} AND l.disallowed > 0
    GROUP BY p.payment_date, p.id, pc.number, l.disallowed_to
    ORDER BY date, is_payment, id`.execute(db);
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
      // Another business's contact, or none, answers 404 as the contact's own view does.
      await findRecord(contactsResource, ctx, id);
      const contact = await ctx.db
        .selectFrom('contacts')
        .leftJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
        .select(['contacts.id', 'contacts.name', 'contacts.payer_kind', 'contact_types.name as type_name'])
        .where('contacts.id', '=', id)
        .executeTakeFirstOrThrow();
      const side = query.side ?? ownSide(contact.type_name);
      if (!holdsAny(ctx.identity, [sides[side].permission])) {
        throw forbidden(`You do not have permission to view ${sides[side].table}.`);
      }
      const today = businessDate(options.now());
      const dateTo = query.date_to ?? today;
      if (dateTo > today) throw fieldError('date_to', 'The date cannot be after today.');
      const dateFrom = query.date_from ?? null;
      if (dateFrom !== null && dateFrom > dateTo) {
        throw fieldError('date_from', 'The date from must be on or before the date to.');
      }
      const payer = contact.payer_kind !== null && side === 'receivable';
      return contactStatement(ctx.db, ctx.businessId ?? 0, contact, side, { dateFrom, dateTo }, payer);
    },
  );
}
