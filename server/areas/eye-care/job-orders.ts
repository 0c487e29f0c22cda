import * as contract from '../../../generated/zod/job-orders/job-orders.zod.ts';
import { containsText, dialectOf } from '../../db/dialect.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns, storedFields } from '../../engine/dynamic.ts';
import { nameOf, namesById, namesIn } from '../../engine/lookups.ts';
import { updateColumns } from '../../engine/mutations.ts';
import type { ResourceContext, Row } from '../../engine/resource.ts';
import { pricedTotals } from '../../ledger/document-presenting.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { storedSaleLine } from '../../ledger/priced-lines.ts';
import { presentVat } from '../../ledger/vat-presenting.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { depositBalance } from './job-order-deposits.ts';
import { requireDeletableRemake } from './job-order-remake.ts';
import { remakeFieldsOf } from './job-order-remake-fields.ts';
import { createJobOrder, requireUnlinked, updateJobOrder } from './job-orders-posting.ts';
import { presentPrescriptions } from './prescriptions.ts';

const schemas = contractSchemas(contract, 'JobOrder', 'JobOrders');

async function matchingText(text: unknown, ctx: ResourceContext): Promise<readonly number[]> {
  const dialect = dialectOf(ctx.db);
  const rows = await ctx.db
    .selectFrom('job_orders')
    .innerJoin('contacts', 'contacts.id', 'job_orders.contact_id')
    .select('job_orders.id')
    .where('job_orders.business_id', '=', ctx.businessId)
    .where((eb) =>
      eb.or(
        ['job_orders.number', 'contacts.name', 'job_orders.notes'].map((column) =>
          containsText(dialect, column, String(text)),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

const millimetres = (value: number | null) => (value === null ? null : Number(value) / 100);

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

// What is still owed on the order's invoice: its credit memos lower it as payments do (docs/domain/sales.md).
const invoiceBalance = (invoice: { total: number; amount_paid: number; credited_total: number }) =>
  Math.max(0, Number(invoice.total) - Number(invoice.credited_total) - Number(invoice.amount_paid));

async function presentJobOrders(ctx: ResourceContext, rows: Row<'job_orders'>[]) {
  const ids = [...rows.map((row) => row.id), 0];
  const contacts = await namesById(
    ctx.db,
    'contacts',
    rows.flatMap((row) => [row.contact_id, row.lab_contact_id]),
  );
  const branches = await namesById(
    ctx.db,
    'branches',
    rows.map((row) => row.branch_id),
  );
  const lines = await ctx.db
    .selectFrom('job_order_lines')
    .leftJoin('items', 'items.id', 'job_order_lines.item_id')
    .leftJoin('item_types', 'item_types.id', 'items.item_type_id')
    .selectAll('job_order_lines')
    .select(['items.code as item_code', 'items.name as item_name', 'item_types.name as item_type_name'])
    .where('job_order_lines.business_id', '=', ctx.businessId ?? 0)
    .where('job_order_lines.job_order_id', 'in', ids)
    .orderBy('job_order_lines.position')
    .execute();
  const linesOf = groupBy(lines, (line) => line.job_order_id);
  const changes = await ctx.db
    .selectFrom('job_order_status_changes')
    .leftJoin('users', 'users.id', 'job_order_status_changes.user_id')
    .select([
      'job_order_status_changes.job_order_id',
      'job_order_status_changes.status',
      'job_order_status_changes.at',
      'job_order_status_changes.user_id',
      'users.name as user_name',
    ])
    .where('job_order_status_changes.job_order_id', 'in', ids)
    .orderBy('job_order_status_changes.id')
    .execute();
  const historyOf = groupBy(changes, (change) => change.job_order_id);
  const invoices = await ctx.db
    .selectFrom('invoices')
    .select(['id', 'number', 'total', 'amount_paid', 'credited_total', 'job_order_id'])
    .where('job_order_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const invoiceOf = new Map(invoices.map((invoice) => [Number(invoice.job_order_id), invoice]));
  const prescriptionRows = await ctx.db
    .selectFrom('prescriptions')
    .selectAll()
    .where('id', 'in', [...rows.map((row) => row.prescription_id ?? 0), 0])
    .execute();
  const prescriptions = await presentPrescriptions(ctx, prescriptionRows);
  const prescriptionOf = new Map(prescriptions.map((prescription) => [prescription.id, prescription]));
  const vatOf = await presentVat(ctx.db, rows);
  const userIds = rows.flatMap((row) => [row.sent_to_lab_by, row.ready_by]);
  const { users } = await namesIn(ctx.db, { users: { table: 'users', ids: userIds } });
  const deposits = await ctx.db
    .selectFrom('acknowledgment_receipts')
    .select([
      'id',
      'number',
      'job_order_id',
      'receipt_date',
      'amount',
      'applied_amount',
      'refunded_amount',
      'forfeited_amount',
    ])
    .where('business_id', '=', ctx.businessId ?? 0)
    .where('job_order_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const depositsOf = groupBy(deposits, (deposit) => Number(deposit.job_order_id));
  const business = await ctx.db
    .selectFrom('businesses')
    .select('job_invoicing')
    .where('id', '=', ctx.businessId ?? 0)
    .executeTakeFirst();
  const remakeOf = await remakeFieldsOf(ctx, rows);
  return rows.map((row) => {
    const invoice = invoiceOf.get(row.id);
    return {
      ...auditColumns(row),
      ...storedFields(row, [
        'business_id',
        'number',
        'contact_id',
        'branch_id',
        'prescription_id',
        'order_date',
        'promised_date',
        'lab',
        'lab_contact_id',
      ]),
      frame_a: millimetres(row.frame_a),
      frame_b: millimetres(row.frame_b),
      frame_dbl: millimetres(row.frame_dbl),
      frame_ed: millimetres(row.frame_ed),
      fitting_notes: row.fitting_notes,
      customer_frame: Number(row.customer_frame) === 1,
      notes: row.notes,
      contact_name: nameOf(contacts, row.contact_id),
      branch_name: nameOf(branches, row.branch_id),
      lab_contact_name: nameOf(contacts, row.lab_contact_id),
      prescription: row.prescription_id === null ? null : (prescriptionOf.get(row.prescription_id) ?? null),
      ...pricedTotals(row),
      ...vatOf(row),
      status: row.status,
      status_history: (historyOf.get(row.id) ?? []).map((change) => ({
        status: change.status,
        at: change.at,
        user_id: change.user_id,
        user_name: change.user_name,
      })),
      invoice_id: invoice?.id ?? null,
      invoice_number: invoice?.number ?? null,
      invoice_total: invoice ? centavosToPesos(Number(invoice.total)) : null,
      invoice_balance: invoice ? centavosToPesos(invoiceBalance(invoice)) : null,
      sent_to_lab_at: row.sent_to_lab_at,
      sent_to_lab_by_name: nameOf(users, row.sent_to_lab_by),
      ready_at: row.ready_at,
      ready_by_name: nameOf(users, row.ready_by),
      forfeited_at: row.forfeited_at,
      acknowledgment_receipts: (depositsOf.get(row.id) ?? []).map((deposit) => ({
        id: deposit.id,
        number: deposit.number,
        receipt_date: deposit.receipt_date,
        amount: centavosToPesos(Number(deposit.amount)),
        balance: centavosToPesos(depositBalance(deposit)),
      })),
      job_invoicing: business?.job_invoicing ?? 'at_release',
      lines: (linesOf.get(row.id) ?? []).map((line) => ({
        id: line.id,
        role: line.role,
        ...storedSaleLine(line),
        item_code: line.item_code,
        item_name: line.item_name,
        item_type_name: line.item_type_name,
        amount: centavosToPesos(Number(line.amount)),
        tax_class: line.tax_class,
        special_discount_amount: centavosToPesos(Number(line.special_discount_amount)),
        power_note: line.power_note,
      })),
      ...remakeOf(row),
    };
  });
}

export const jobOrdersResource: ContractResource<'job_orders', typeof schemas> = {
  prefix: 'job-orders',
  singular: 'job order',
  table: 'job_orders',
  scope: 'business',
  schemas,
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'order_date', label: 'order date' },
  workPlaces: atOwnLocation,
  filters: { search: matchingText },
  toColumns: () => ({}),
  async create(ctx, input) {
    return createJobOrder(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updateJobOrder(postingContextOf(ctx), existing.id, input);
  },
  async softDelete(ctx, existing) {
    await requireDeletableRemake(postingContextOf(ctx), existing);
    await requireUnlinked(postingContextOf(ctx), existing.id);
    await updateColumns(ctx, 'job_orders', existing.id, { deleted_at: ctx.now });
  },
  present: presentJobOrders,
};
