import { sql } from 'kysely';
import * as contract from '../../../generated/zod/contacts/contacts.zod.ts';
import { holdsAny } from '../../auth/identity.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { seesCosts } from '../../engine/costs.ts';
import { auditColumns, dynamic, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource, ResourceContext } from '../../engine/resource.ts';
import { withTin } from './businesses.ts';

// Suppliers and customers; the contact type says which.
export const contactsResource: Resource<'contacts'> = {
  prefix: 'contacts',
  singular: 'contact',
  table: 'contacts',
  scope: 'business',
  schemas: contractSchemas(contract, 'Contact', 'Contacts'),
  searchColumns: ['name', 'company_name', 'email', 'phone', 'tin'],
  references: { contact_type_id: 'contact_types' },
  toColumns: (input) => withTin(input as Record<string, unknown>),
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
    const owed = holdsAny(ctx.identity, ['view-invoices'])
      ? await balancesOwed(
          ctx,
          rows.map((row) => row.id),
        )
      : null;
    // What a supplier owes us is a purchase figure: seen with the bills and the costs (docs/domain/purchasing.md).
    const seesPayables = holdsAny(ctx.identity, ['view-bills']) && seesCosts(ctx);
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
      ]),
      contact_type_name: nameOf(types, row.contact_type_id),
      balance: owed === null ? null : centavosToPesos(owed.get(row.id) ?? 0),
      store_credit_balance: owed === null ? null : centavosToPesos(Number(row.store_credit)),
      supplier_credit_balance: seesPayables ? centavosToPesos(Number(row.supplier_credit)) : null,
    }));
  },
};

// What each contact owes on its standing invoices, in centavos: an invoice credited beyond what was left owes nothing
// (docs/domain/sales.md, Credit memos).
async function balancesOwed(ctx: ResourceContext, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await ctx.db
    .selectFrom('invoices')
    .select([
      'contact_id',
      sql<
        string | number
      >`SUM(CASE WHEN total - credited_total - amount_paid > 0 THEN total - credited_total - amount_paid ELSE 0 END)`.as(
        'owed',
      ),
    ])
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('deleted_at', 'is', null)
    .where('contact_id', 'in', [...ids, 0])
    .groupBy('contact_id')
    .execute();
  return new Map(rows.map((row) => [row.contact_id, Number(row.owed)]));
}
