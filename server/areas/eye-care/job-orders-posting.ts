import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { CreateJobOrderBody, UpdateJobOrderBody } from '../../../generated/zod/job-orders/job-orders.zod.ts';
import type { JobOrderTable } from '../../db/tables/eye-care.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { hasAtMostDecimals, pesosToCentavos } from '../../domain/money.ts';
import { isExpiredOn } from '../../domain/prescription.ts';
import { toThousandths } from '../../domain/quantity.ts';
import { conflict, type FieldErrors, refusal, unprocessable } from '../../domain/refusal.ts';
import { assignDocumentNumber } from '../../ledger/document-counter.ts';
import { enterDocument, enterLines, reviseDocument } from '../../ledger/document-entry.ts';
import { recordDocumentHistory } from '../../ledger/document-history.ts';
import { linesOf } from '../../ledger/lines-of-document.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { priceSaleLines, storedSaleLine } from '../../ledger/priced-lines.ts';
import { findDocument, requireActive, standingById } from '../../ledger/references.ts';
import {
  applyVat,
  saleLineColumns,
  storedSpecialDiscount,
  type VatHeaderColumns,
  type VatPricedLine,
} from '../../ledger/vat-priced-lines.ts';
import { lensLinesByPower } from '../inventory/lens-variants.ts';
import { requireContactOfType } from './contact-roles.ts';
import { lineErrors, promisedDateErrors } from './job-order-checks.ts';
import { recordJobOrderStatus } from './job-order-status-history.ts';

export type JobOrderInput = z.output<typeof CreateJobOrderBody>;
export type JobOrderChanges = z.output<typeof UpdateJobOrderBody>;
type Line = JobOrderInput['lines'][number];

const measurementColumns = ['frame_a', 'frame_b', 'frame_dbl', 'frame_ed'] as const;
const lensRoles: readonly Line['role'][] = ['lens_od', 'lens_os'];

// The header as it will be stored, whether new or merged with an edit.
type Header = {
  contact_id: number;
  branch_id: number;
  prescription_id: number | null;
  order_date: string;
  lab: 'in_house' | 'outside';
  lab_contact_id: number | null;
};

// The rules that tie an order to its patient, prescription and lab (docs/domain/eye-care.md, Eyewear job orders).
async function checkHeader(
  context: PostingContext,
  header: Header,
  lines: readonly Pick<Line, 'role'>[],
  figures: Partial<Record<(typeof measurementColumns)[number], number | null>>,
): Promise<void> {
  await requireContactOfType(context, header.contact_id, 'contact_id', 'customer');
  await requireActive(context, 'branches', header.branch_id, 'branch_id');
  const errors: FieldErrors = {};
  for (const column of measurementColumns) {
    const value = figures[column];
    if (typeof value === 'number' && !hasAtMostDecimals(value, 1)) errors[column] = ['At most 1 decimal.'];
  }
  if (header.lab === 'outside' && header.lab_contact_id === null) {
    errors.lab_contact_id = ['An outside lab needs lab_contact_id.'];
  }
  if (header.lab === 'in_house' && header.lab_contact_id !== null) {
    errors.lab_contact_id = ['Only an outside lab is named.'];
  }
  const needsPrescription = lines.some((line) => lensRoles.includes(line.role));
  if (header.prescription_id === null) {
    if (needsPrescription) errors.prescription_id = ['A lens line needs the patient’s prescription.'];
  } else {
    const prescription = await standingById(context, 'prescriptions', header.prescription_id)
      .select(['contact_id', 'expires_on'])
      .executeTakeFirst();
    if (!prescription) errors.prescription_id = [unknownChoice('prescription_id')];
    else if (prescription.contact_id !== header.contact_id) {
      errors.prescription_id = ['The prescription must be the patient’s own.'];
    } else if (isExpiredOn(prescription.expires_on, header.order_date)) {
      errors.prescription_id = [`The prescription expired on ${prescription.expires_on}, before the order date.`];
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (header.lab_contact_id !== null) {
    await requireContactOfType(context, header.lab_contact_id, 'lab_contact_id', 'supplier');
  }
}

async function insertLines(
  context: PostingContext,
  jobOrderId: number,
  input: readonly Line[],
  priced: readonly VatPricedLine[],
): Promise<void> {
  await enterLines(context, jobOrderId, {
    table: 'job_order_lines',
    parent: 'job_order_id',
    rows: priced.map((line, index) => ({
      ...saleLineColumns(line),
      role: input[index]?.role ?? 'other',
      power_note: input[index]?.power_note?.trim() || null,
    })),
  });
}

const millimetres = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null);

export async function createJobOrder(context: PostingContext, given: JobOrderInput): Promise<number> {
  const input = { ...given, lines: await lensLinesByPower(context, given.lines, given.prescription_id ?? null) };
  const header: Header = {
    contact_id: input.contact_id,
    branch_id: input.branch_id,
    prescription_id: input.prescription_id ?? null,
    order_date: input.order_date,
    lab: input.lab ?? 'in_house',
    lab_contact_id: input.lab_contact_id ?? null,
  };
  await checkHeader(context, header, input.lines, input);
  await checkContents(context, header, input.promised_date ?? null, input.lines);
  const { lines, header: totals } = await applyVat(
    context,
    (await priceSaleLines(context, input.lines, input.branch_id, input.order_date)).priced,
    input.special_discount,
  );
  const jobOrderId = await enterDocument(context, 'job_orders', {
    number: await assignDocumentNumber(
      context,
      'job-order',
      { branch_id: input.branch_id, warehouse_id: null },
      input.order_date,
    ),
    ...header,
    promised_date: input.promised_date ?? null,
    frame_a: millimetres(input.frame_a),
    frame_b: millimetres(input.frame_b),
    frame_dbl: millimetres(input.frame_dbl),
    frame_ed: millimetres(input.frame_ed),
    fitting_notes: input.fitting_notes ?? null,
    customer_frame: input.customer_frame ? 1 : 0,
    notes: input.notes ?? null,
    status: 'open',
    ...totals,
  });
  await insertLines(context, jobOrderId, input.lines, lines);
  await recordJobOrderStatus(context, jobOrderId, 'open');
  return jobOrderId;
}

// The stored lines as input again, to be priced anew when only the special discount changes.
async function storedJobOrderLines(context: PostingContext, id: number): Promise<Line[]> {
  const rows = await linesOf(context.trx, 'job_order_lines', context.businessId, id)
    .read()
    .select(['role', 'item_id', 'quantity', 'unit_price', 'discount_percent', 'power_note'])
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ role: row.role, ...storedSaleLine(row), power_note: row.power_note }));
}

// docs/domain/eye-care.md, The server's checks on an order: both the header's promise and the lines, in one 422.
async function checkContents(
  context: PostingContext,
  header: Pick<Header, 'order_date' | 'prescription_id'>,
  promisedDate: string | null,
  lines: readonly Line[] | null,
): Promise<void> {
  const errors: FieldErrors = {
    ...promisedDateErrors(header.order_date, promisedDate),
    ...(lines === null ? {} : await lineErrors(context, lines, header.prescription_id)),
  };
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

// The order stays true to its invoice (docs/domain/eye-care.md, Eyewear job orders): once one is made, what it bills
// (the patient, branch, prescription, lines and special discount) is what the order holds. A form sends them all
// back unchanged with an edit of its notes, so only a real change is refused.
async function refuseInvoicedChanges(
  context: PostingContext,
  existing: Pick<Selectable<JobOrderTable>, 'number' | 'contact_id' | 'branch_id' | 'prescription_id'> &
    Parameters<typeof storedSpecialDiscount>[0] & { id: number },
  changes: JobOrderChanges,
): Promise<JobOrderChanges> {
  const invoice = await standingInvoiceOf(context, existing.id);
  if (!invoice) return changes;
  const differs: string[] = [];
  const compare = (field: 'contact_id' | 'branch_id' | 'prescription_id') => {
    if (changes[field] !== undefined && changes[field] !== existing[field]) differs.push(field);
  };
  compare('contact_id');
  compare('branch_id');
  compare('prescription_id');
  if (
    changes.special_discount !== undefined &&
    !sameSpecialDiscount(changes.special_discount, storedSpecialDiscount(existing))
  ) {
    differs.push('special_discount');
  }
  if (changes.lines !== undefined && !sameLines(changes.lines, await storedJobOrderLines(context, existing.id))) {
    differs.push('lines');
  }
  if (differs.length > 0) {
    const message = `Job order ${existing.number} is invoiced on ${invoice.number}, so what it bills is fixed. To change it, cancel and credit the order (or make a credit memo for the invoice) and make a new one.`;
    throw unprocessable(Object.fromEntries(differs.map((field) => [field, [message]])), message);
  }
  const { lines: _lines, special_discount: _special, ...rest } = changes;
  return rest;
}

type SpecialDiscount = JobOrderChanges['special_discount'];

function sameSpecialDiscount(given: SpecialDiscount, stored: SpecialDiscount): boolean {
  if (!given || !stored) return !given && !stored;
  return (
    given.program_id === stored.program_id &&
    given.holder_name.trim() === stored.holder_name &&
    given.holder_id_number.trim() === stored.holder_id_number
  );
}

// The same lines in the same order: an omitted price or note is the stored one.
function sameLines(given: readonly Line[], stored: readonly Line[]): boolean {
  return (
    given.length === stored.length &&
    given.every((line, index) => {
      const kept = stored[index];
      return (
        kept !== undefined &&
        line.role === kept.role &&
        line.item_id === kept.item_id &&
        toThousandths(line.quantity) === toThousandths(kept.quantity) &&
        (line.unit_price === undefined || pesosToCentavos(line.unit_price) === pesosToCentavos(kept.unit_price ?? 0)) &&
        (line.discount_percent ?? null) === (kept.discount_percent ?? null) &&
        (line.power_note === undefined || (line.power_note?.trim() || null) === (kept.power_note ?? null))
      );
    })
  );
}

export async function standingInvoiceOf(
  context: PostingContext,
  jobOrderId: number,
): Promise<{ id: number; number: string; invoice_date: string } | undefined> {
  return context.trx
    .selectFrom('invoices')
    .select(['id', 'number', 'invoice_date'])
    .where('job_order_id', '=', jobOrderId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// Only an open order changes: once it is at the lab, the lab works from what it was sent.
export async function updateJobOrder(context: PostingContext, id: number, asked: JobOrderChanges): Promise<void> {
  const existing = await findDocument(context, 'job_orders', id);
  if (existing.status !== 'open') throw conflict('Only an open job order can be edited.');
  const prescriptionId = asked.prescription_id === undefined ? existing.prescription_id : asked.prescription_id;
  const resolved =
    asked.lines === undefined
      ? asked
      : { ...asked, lines: await lensLinesByPower(context, asked.lines, prescriptionId) };
  const changes = await refuseInvoicedChanges(context, existing, resolved);
  const header: Header = {
    contact_id: changes.contact_id ?? existing.contact_id,
    branch_id: changes.branch_id ?? existing.branch_id,
    prescription_id: changes.prescription_id === undefined ? existing.prescription_id : changes.prescription_id,
    order_date: changes.order_date ?? existing.order_date,
    lab: changes.lab ?? existing.lab,
    lab_contact_id: changes.lab_contact_id === undefined ? existing.lab_contact_id : changes.lab_contact_id,
  };
  const roles =
    changes.lines ??
    (await linesOf(context.trx, 'job_order_lines', context.businessId, id).read().select('role').execute());
  await checkHeader(context, header, roles, changes);
  const promisedDate = changes.promised_date === undefined ? existing.promised_date : changes.promised_date;
  const linesToCheck =
    changes.lines ?? (changes.prescription_id === undefined ? null : await storedJobOrderLines(context, id));
  if (changes.promised_date !== undefined || changes.order_date !== undefined || linesToCheck !== null) {
    await checkContents(context, header, promisedDate, linesToCheck);
  }
  let totals: Partial<VatHeaderColumns> = {};
  if (changes.lines !== undefined || changes.special_discount !== undefined) {
    const special = changes.special_discount === undefined ? storedSpecialDiscount(existing) : changes.special_discount;
    const lineInput = changes.lines ?? (await storedJobOrderLines(context, id));
    const { lines, header: vatHeader } = await applyVat(
      context,
      (await priceSaleLines(context, lineInput, header.branch_id, header.order_date)).priced,
      special,
    );
    totals = vatHeader;
    await linesOf(context.trx, 'job_order_lines', context.businessId, id).delete().execute();
    await insertLines(context, id, lineInput, lines);
  }
  const keep = <K extends keyof JobOrderTable>(key: K, value: JobOrderTable[K] | undefined) =>
    value === undefined ? existing[key] : value;
  await reviseDocument(context, 'job_orders', id, {
    ...header,
    promised_date: keep('promised_date', changes.promised_date),
    frame_a: changes.frame_a === undefined ? existing.frame_a : millimetres(changes.frame_a),
    frame_b: changes.frame_b === undefined ? existing.frame_b : millimetres(changes.frame_b),
    frame_dbl: changes.frame_dbl === undefined ? existing.frame_dbl : millimetres(changes.frame_dbl),
    frame_ed: changes.frame_ed === undefined ? existing.frame_ed : millimetres(changes.frame_ed),
    fitting_notes: keep('fitting_notes', changes.fitting_notes),
    customer_frame: changes.customer_frame === undefined ? existing.customer_frame : changes.customer_frame ? 1 : 0,
    notes: keep('notes', changes.notes),
    ...totals,
  });
}

// A job order that an active invoice or purchase order was made for stays while they do.
export async function requireUnlinked(context: PostingContext, id: number): Promise<void> {
  for (const table of ['invoices', 'purchase_orders'] as const) {
    const linked = await context.trx
      .selectFrom(table)
      .select('number')
      .where('job_order_id', '=', id)
      .where('business_id', '=', context.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (linked) throw refusal(`${linked.number} was made for this job order; void it first.`);
  }
}

export type JobOrderLink = 'invoice' | 'purchase-order';

// An invoice is for the order's own patient, one active invoice per order; a purchase order to the lab may be
// one of several (a lens remade).
export async function requireLinkableJobOrder(
  context: PostingContext,
  jobOrderId: number | null | undefined,
  link: JobOrderLink,
  contactId: number,
): Promise<void> {
  if (jobOrderId == null) return;
  const order = await standingById(context, 'job_orders', jobOrderId)
    .select(['contact_id', 'status'])
    .executeTakeFirst();
  const invalid = (message: string) => unprocessable({ job_order_id: [message] });
  if (!order) throw invalid(unknownChoice('job_order_id'));
  if (order.status === 'cancelled') throw invalid('The job order is cancelled.');
  if (link === 'purchase-order') return;
  if (order.contact_id !== contactId) throw invalid('The invoice must be for the job order’s patient.');
  await refuseIfInvoiced(context, jobOrderId, invalid);
}

// A job order is invoiced once: a second invoice, made from it or linked to it, is refused with the first's number.
async function refuseIfInvoiced(context: PostingContext, jobOrderId: number, invalid: (message: string) => Error) {
  const existing = await context.trx
    .selectFrom('invoices')
    .select('number')
    .where('job_order_id', '=', jobOrderId)
    .where('business_id', '=', context.businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) throw invalid(`The job order is already invoiced on ${existing.number}.`);
}

// An invoice made before its eyewear order (docs/domain/eye-care.md, Eyewear job orders): the patient paid at the counter first, and the
// order is written afterwards. Linked, the order is released on that invoice as on one made from it. Every refusal
// names invoice_id, the one field of the request.
export async function linkJobOrderInvoice(context: PostingContext, id: number, invoiceId: number): Promise<void> {
  const order = await findDocument(context, 'job_orders', id);
  if (order.deleted_at !== null) throw conflict('Restore the job order before linking an invoice to it.');
  const invalid = (message: string) => unprocessable({ invoice_id: [message] });
  if (order.status === 'cancelled') throw invalid('The job order is cancelled.');
  const invoice = await standingById(context, 'invoices', invoiceId)
    .select(['id', 'number', 'contact_id', 'branch_id', 'job_order_id'])
    .executeTakeFirst();
  if (!invoice) throw invalid(unknownChoice('invoice_id'));
  if (invoice.job_order_id === id) return;
  if (invoice.job_order_id !== null) {
    const other = await context.trx
      .selectFrom('job_orders')
      .select('number')
      .where('id', '=', invoice.job_order_id)
      .executeTakeFirst();
    throw invalid(`Invoice ${invoice.number} is already linked to job order ${other?.number ?? invoice.job_order_id}.`);
  }
  if (invoice.contact_id !== order.contact_id) throw invalid('The invoice must be for the job order’s patient.');
  if (invoice.branch_id !== order.branch_id) throw invalid('The invoice must be from the job order’s branch.');
  await refuseIfInvoiced(context, id, invalid);
  await context.trx
    .updateTable('invoices')
    .set({ job_order_id: id, updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', invoice.id)
    .execute();
  await recordDocumentHistory(context, 'invoices', invoice.id, 'updated', { job_order_id: [null, id] });
  await recordDocumentHistory(context, 'job_orders', id, 'updated', { invoice_number: [null, invoice.number] });
}
