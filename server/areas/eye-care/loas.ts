import type { z } from 'zod';
import * as contract from '../../../generated/zod/loas/loas.zod.ts';
import { centavosToPesos, pesosToCentavos } from '../../domain/money.ts';
import { unprocessable } from '../../domain/refusal.ts';
import { contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import type { Resource } from '../../engine/resource.ts';
import { benefitsWithNames } from './benefit-use.ts';

type Create = z.output<typeof contract.CreateLoaBody>;
type Update = z.output<typeof contract.UpdateLoaBody>;

function loaColumns(input: Create | Update): Record<string, unknown> {
  const { approved_amount, ...columns } = input;
  return approved_amount === undefined ? columns : { ...columns, approved_amount: pesosToCentavos(approved_amount) };
}

// A letter of authorization (docs/domain/eye-care.md, LOAs): approved for one invoice of its benefit's member; the
// invoice that uses it marks it used, and its void gives it back.
export const loasResource: Resource<'loas', Create, Update> = {
  prefix: 'loas',
  singular: 'LOA',
  table: 'loas',
  scope: 'business',
  schemas: contractSchemas(contract, 'Loa', 'Loas'),
  searchColumns: ['number', 'control_number'],
  unique: ['number'],
  references: { benefit_id: 'benefits' },
  toColumns: loaColumns,
  async check(_ctx, merged, existing) {
    if (existing && existing.status !== 'approved' && merged.status !== existing.status) {
      throw unprocessable({ status: [`This LOA is ${existing.status}; only an approved LOA changes its status.`] });
    }
    if (existing?.status === 'used') {
      throw unprocessable({ approved_amount: ['A used LOA is kept as its invoice used it.'] });
    }
  },
  async present(ctx, rows) {
    const benefits =
      rows.length === 0
        ? []
        : await benefitsWithNames(ctx.db)
            .select(['benefits.id', 'benefits.contact_id', 'benefits.payer_id', 'benefits.member_number'])
            .where('benefits.id', 'in', [...new Set(rows.map((row) => row.benefit_id))])
            .execute();
    const invoices = await ctx.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('id', 'in', [...rows.map((row) => row.invoice_id ?? 0), 0])
      .execute();
    return rows.map((row) => {
      const benefit = benefits.find((candidate) => candidate.id === row.benefit_id);
      return {
        ...auditColumns(row),
        ...storedFields(row, ['business_id', 'benefit_id', 'number', 'control_number', 'valid_until', 'invoice_id']),
        contact_id: benefit?.contact_id ?? 0,
        contact_name: benefit?.contact_name ?? null,
        payer_id: benefit?.payer_id ?? 0,
        payer_name: benefit?.payer_name ?? null,
        member_number: benefit?.member_number ?? '',
        approved_amount: centavosToPesos(Number(row.approved_amount)),
        status: row.status,
        invoice_number: invoices.find((invoice) => invoice.id === row.invoice_id)?.number ?? null,
      };
    });
  },
};
