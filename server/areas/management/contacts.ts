import { sql } from 'kysely';
import * as contract from '../../../generated/zod/contacts/contacts.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { conflict } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { seesCosts } from '../../engine/costs.ts';
import { auditColumns, dynamic, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { insertRecord, updateColumns } from '../../engine/mutations.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';
import { creditedColumn } from '../../ledger/payments.ts';
import { withTin } from './businesses.ts';
import { consentCsvColumns, presentTexting, withTextingColumns } from './contact-texting.ts';

export type ContactSide = 'receivable' | 'payable';

// A supplier's money is what the shop owes it; every other contact's is what it owes the shop
// (docs/domain/management.md, Contacts).
export function ownSide(contactTypeName: string | null): ContactSide {
  return contactTypeName?.toLowerCase() === 'supplier' ? 'payable' : 'receivable';
}

// A payer withholds 1% unless told otherwise: creditable withholding on goods (docs/domain/sales.md, HMO and
// PhilHealth benefits).
function payerDefaults(columns: Record<string, unknown>): Record<string, unknown> {
  return columns.payer_kind && columns.withholding_percent === undefined
    ? { ...columns, withholding_percent: 1 }
    : columns;
}

// Suppliers and customers; the contact type says which.
export const contactsResource: Resource<'contacts'> = {
  prefix: 'contacts',
  singular: 'contact',
  table: 'contacts',
  scope: 'business',
  schemas: contractSchemas(contract, 'Contact', 'Contacts'),
  searchColumns: ['name', 'company_name', 'email', 'phone', 'tin'],
  dialledColumns: ['phone', 'mobile'],
  references: { contact_type_id: 'contact_types' },
  // The consents nest a level deeper than an export spreads: a column each, which the import reads back.
  csvColumns: consentCsvColumns,
  toColumns: (input, ctx) => {
    const { allow_duplicate: _confirmed, ...fields } = input as Record<string, unknown>;
    return withTextingColumns(payerDefaults(withTin(fields)), ctx);
  },
  // A likely second record of the same person is refused until the user says it is another (below).
  async create(ctx, input) {
    const columns = contactsResource.toColumns?.(input, ctx) ?? {};
    if (!(input as { allow_duplicate?: boolean }).allow_duplicate) await refuseLikelyDuplicate(ctx, columns);
    return insertRecord(ctx, contactsResource, columns);
  },
  // Texting: a consent sent as it already stood keeps its first record (contact-texting.ts).
  async update(ctx, existing, input) {
    await updateColumns(ctx, 'contacts', existing.id, withTextingColumns(payerDefaults(withTin(input)), ctx, existing));
  },
  conditions: {
    // Customers and suppliers are the seeded contact types of those names (docs/domain/management.md, Contacts),
    // whatever their id.
    role: (rows, value, ctx) =>
      rows.where(
        'contact_type_id',
        'in',
        dynamic(ctx.db)
          .selectFrom('contact_types')
          .select('id')
          .where('business_id', '=', ctx.businessId)
          .where(sql<string>`lower(name)`, '=', String(value)),
      ),
  },
  async present(ctx, rows) {
    const types = await namesById(
      ctx.db,
      'contact_types',
      rows.map((row) => row.contact_type_id),
    );
    const sides = new Map(rows.map((row) => [row.id, ownSide(types.get(row.contact_type_id) ?? null)]));
    const ofSide = (side: ContactSide) => rows.filter((row) => sides.get(row.id) === side).map((row) => row.id);
    const seesReceivables = holdsAny(ctx.identity, ['view-invoices']);
    // What a supplier owes us, or we owe it, is a purchase figure: seen with the bills and the costs
    // (docs/domain/purchasing.md).
    const seesPayables = holdsAny(ctx.identity, ['view-bills']) && seesCosts(ctx);
    // A payer's balance is what it owes on the shares of the invoices it covers, as its statement and Payer Aging say.
    const payers = rows.filter((row) => row.payer_kind !== null).map((row) => row.id);
    const owed = new Map([
      ...(seesReceivables ? await balancesOwed(ctx, 'invoices', ofSide('receivable')) : []),
      ...(seesPayables ? await balancesOwed(ctx, 'bills', ofSide('payable')) : []),
      ...(seesReceivables ? await payerSharesOwed(ctx, payers) : []),
    ]);
    const seesBalance = { receivable: seesReceivables, payable: seesPayables };
    return rows.map((row) => ({
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'contact_type_id',
        'name',
        'company_name',
        'email',
        'phone',
        'address',
        'tin',
        'notes',
        // docs/domain/sales.md, HMO and PhilHealth benefits: a payer's terms and a patient's birth date.
        'payer_kind',
        'claim_terms_days',
        'birth_date',
      ]),
      withholding_percent: row.withholding_percent === null ? null : Number(row.withholding_percent),
      contact_type_name: nameOf(types, row.contact_type_id),
      balance: seesBalance[sides.get(row.id) ?? 'receivable'] ? centavosToPesos(owed.get(row.id) ?? 0) : null,
      balance_side: sides.get(row.id) ?? 'receivable',
      store_credit_balance: !seesReceivables ? null : centavosToPesos(Number(row.store_credit)),
      supplier_credit_balance: seesPayables ? centavosToPesos(Number(row.supplier_credit)) : null,
      ...presentTexting(row),
      remake_warranty_days: Number(row.remake_warranty_days),
    }));
  },
};

// What is owed on each contact's standing invoices (or bills), in centavos: a document credited (debited) beyond what
// was left owes nothing (docs/domain/sales.md, Credit memos; docs/domain/purchasing.md, Debit memos). The same sum as
// the Overview's and the agings'.
async function balancesOwed(
  ctx: ResourceContext,
  table: 'invoices' | 'bills',
  ids: readonly number[],
): Promise<[number, number][]> {
  if (ids.length === 0) return [];
  const owed = sql`${sql.ref('total')} - ${sql.ref(creditedColumn[table])} - ${sql.ref('amount_paid')}`;
  const rows = await ctx.db
    .selectFrom(table)
    .select(['contact_id', sql<string | number>`SUM(CASE WHEN ${owed} > 0 THEN ${owed} ELSE 0 END)`.as('owed')])
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('deleted_at', 'is', null)
    .where('contact_id', 'in', ids)
    .groupBy('contact_id')
    .execute();
  return rows.map((row) => [row.contact_id, Number(row.owed)]);
}

// What each payer owes on the payer shares of standing invoices: the share less what it paid on its claims (tax
// withheld included) and what was written off; the same figure as Payer Aging's total today.
async function payerSharesOwed(ctx: ResourceContext, ids: readonly number[]): Promise<[number, number][]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ contact_id: number; owed: string | number }>`
    SELECT payer_id AS contact_id, SUM(CASE WHEN owed > 0 THEN owed ELSE 0 END) AS owed FROM (
      SELECT d.payer_id, d.payer_share - COALESCE((
        SELECT SUM(l.paid + CASE WHEN l.disallowed_to = 'written_off' THEN l.disallowed ELSE 0 END)
        FROM payer_claim_payment_lines l
        JOIN payer_claim_payments p ON p.id = l.payer_claim_payment_id
        JOIN payer_claims pc ON pc.id = p.payer_claim_id
        WHERE l.business_id = d.business_id AND l.invoice_id = d.id AND p.deleted_at IS NULL
          AND pc.deleted_at IS NULL), 0) AS owed
      FROM invoices d
      WHERE d.business_id = ${ctx.businessId ?? 0} AND d.deleted_at IS NULL AND d.payer_id IN (${sql.join(ids)})
    ) shares
    GROUP BY payer_id`.execute(ctx.db);
  return rows.map((row) => [Number(row.contact_id), Number(row.owed)]);
}

// A number as its last ten digits, so that "0917 555 0101", "+63 917 555 0101" and "+639175550101" read alike.
function dialled(number: unknown): string | null {
  if (typeof number !== 'string') return null;
  const digits = number.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

/**
 * docs/domain/management.md, Contacts: a new contact with the name and a phone (or mobile) of one already on file is
 * most likely the same person typed twice (a second "Teodora Lim" at the counter), so the create is refused with a
 * sentence saying so until it is sent again with `allow_duplicate`.
 */
async function refuseLikelyDuplicate(ctx: ResourceContext, columns: Record<string, unknown>): Promise<void> {
  const name = typeof columns.name === 'string' ? columns.name.trim().replace(/\s+/g, ' ').toLowerCase() : '';
  const numbers = new Set([dialled(columns.phone), dialled(columns.mobile)].filter((number) => number !== null));
  if (name === '' || numbers.size === 0) return;
  const namesakes = await dynamic(ctx.db)
    .selectFrom('contacts')
    .select(['name', 'phone', 'mobile'])
    .where('business_id', '=', ctx.businessId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(trim(name))`, '=', name)
    .execute();
  const twin = namesakes.find((row) =>
    [dialled(row.phone), dialled(row.mobile)].some((n) => n !== null && numbers.has(n)),
  );
  if (twin) {
    throw conflict(
      `${String(twin.name)} with the same phone number is already a contact. If this is another person, save anyway.`,
    );
  }
}
