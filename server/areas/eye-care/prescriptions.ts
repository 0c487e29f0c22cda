import * as contract from '../../../generated/zod/prescriptions/prescriptions.zod.ts';
import { containsText, dialectOf } from '../../db/dialect.ts';
import { businessDate } from '../../domain/business-date.ts';
import { isExpiredOn } from '../../domain/prescription.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { ResourceContext, Row } from '../../engine/resource.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { createPrescription, figuresOf, updatePrescription } from './prescriptions-posting.ts';

const schemas = contractSchemas(contract, 'Prescription', 'Prescriptions');

function today(ctx: ResourceContext): string {
  return businessDate(new Date(ctx.now));
}

// The patient's name, the prescriber and the licence number are what a clerk types to find a prescription.
async function matchingText(text: unknown, ctx: ResourceContext): Promise<readonly number[]> {
  const dialect = dialectOf(ctx.db);
  const rows = await ctx.db
    .selectFrom('prescriptions')
    .innerJoin('contacts', 'contacts.id', 'prescriptions.contact_id')
    .select('prescriptions.id')
    .where('prescriptions.business_id', '=', ctx.businessId)
    .where((eb) =>
      eb.or(
        ['contacts.name', 'prescriptions.prescriber', 'prescriptions.prescriber_license'].map((column) =>
          containsText(dialect, column, String(text)),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

async function withStatus(value: unknown, ctx: ResourceContext): Promise<readonly number[]> {
  const rows = await ctx.db
    .selectFrom('prescriptions')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('expires_on', value === 'expired' ? '<' : '>=', today(ctx))
    .execute();
  return rows.map((row) => row.id);
}

export async function presentPrescriptions(ctx: ResourceContext, rows: Row<'prescriptions'>[]) {
  const patients = await namesById(
    ctx.db,
    'contacts',
    rows.map((row) => row.contact_id),
  );
  const ids = rows.map((row) => row.id);
  const used = new Set(
    (
      await ctx.db
        .selectFrom('job_orders')
        .select('prescription_id')
        .where('prescription_id', 'in', [...ids, 0])
        .execute()
    ).map((row) => row.prescription_id),
  );
  const onDate = today(ctx);
  return rows.map((row) => ({
    ...auditColumns(row),
    business_id: row.business_id,
    contact_name: nameOf(patients, row.contact_id),
    ...figuresOf(row),
    expires_on: row.expires_on,
    status: isExpiredOn(row.expires_on, onDate) ? ('expired' as const) : ('valid' as const),
    is_used: used.has(row.id),
  }));
}

export const prescriptionsResource: ContractResource<'prescriptions', typeof schemas> = {
  prefix: 'prescriptions',
  singular: 'prescription',
  table: 'prescriptions',
  scope: 'business',
  schemas,
  searchColumns: ['prescriber', 'prescriber_license', 'notes'],
  documentDate: { field: 'examined_on', label: 'examination date' },
  filters: { search: matchingText, status: withStatus },
  toColumns: () => ({}),
  async create(ctx, input) {
    return createPrescription(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updatePrescription(postingContextOf(ctx), existing.id, input);
  },
  present: presentPrescriptions,
};
