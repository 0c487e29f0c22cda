import * as contract from '../../../generated/zod/warranty-claims/warranty-claims.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesIn } from '../../engine/lookups.ts';
import { documentResource } from '../../ledger/document-resource.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createWarrantyClaim, postWarrantyClaim } from './warranty-claims-posting.ts';

// Warranty claims (docs/domain/eye-care.md, Warranties).
export const warrantyClaimsResource = documentResource({
  table: 'warranty_claims',
  schemas: contractSchemas(contract, 'WarrantyClaim', 'WarrantyClaims'),
  searchColumns: ['number', 'issue', 'notes'],
  documentDate: { field: 'claim_date', label: 'claim date' },
  costs: { fields: ['cost'], lineFields: [] },
  workPlaces: atOwnLocation,
  figures: { money: [], quantities: ['quantity'] },
  create: createWarrantyClaim,
  post: postWarrantyClaim,
  async present(ctx, rows) {
    const lines = await ctx.db
      .selectFrom('invoice_lines')
      .select(['id', 'item_id', 'warranty_until'])
      .where('business_id', '=', ctx.businessId ?? 0)
      .where('id', 'in', [...rows.map((row) => row.invoice_line_id), 0])
      .execute();
    const lineOf = new Map(lines.map((line) => [line.id, line]));
    const names = await namesIn(ctx.db, {
      contacts: { table: 'contacts', ids: rows.map((row) => row.contact_id) },
      branches: { table: 'branches', ids: rows.map((row) => row.branch_id) },
      invoices: { table: 'invoices', ids: rows.map((row) => row.invoice_id), column: 'number' },
      items: {
        table: 'items',
        ids: [...rows.map((row) => row.replacement_item_id), ...lines.map((line) => line.item_id)],
      },
    });
    return rows.map((row) => {
      const line = lineOf.get(row.invoice_line_id);
      return {
        ...auditColumns(row),
        ...storedFields(row, [
          'business_id',
          'number',
          'contact_id',
          'branch_id',
          'invoice_id',
          'invoice_line_id',
          'claim_date',
          'issue',
          'resolution',
          'replacement_item_id',
          'lot_number',
          'notes',
        ]),
        contact_name: nameOf(names.contacts, row.contact_id),
        branch_name: nameOf(names.branches, row.branch_id),
        invoice_number: nameOf(names.invoices, row.invoice_id),
        item_id: line?.item_id ?? null,
        item_name: line ? nameOf(names.items, line.item_id) : null,
        warranty_until: line?.warranty_until ?? null,
        replacement_item_name: nameOf(names.items, row.replacement_item_id),
        quantity: fromThousandths(Number(row.quantity)),
        within_warranty: Number(row.within_warranty) === 1,
        cost: centavosToPesos(Number(row.cost)),
      };
    });
  },
});
