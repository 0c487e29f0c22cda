import type { z } from 'zod';
import type {
  CreatePrescriptionBody,
  UpdatePrescriptionBody,
} from '../../../generated/zod/prescriptions/prescriptions.zod.ts';
import type { PrescriptionTable } from '../../db/tables/eye-care.ts';
import {
  defaultExpiry,
  type FigureField,
  measurementFields,
  type PrescriptionFigures,
  prescriptionErrors,
  toMinusCylinder,
} from '../../domain/prescription.ts';
import { conflict, fieldError, notFound, unprocessable } from '../../domain/refusal.ts';
import { enterDocument } from '../../ledger/document-entry.ts';
import { type PostingContext, timestampOf } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';
import { requireContactOfType } from './contact-roles.ts';

export type PrescriptionInput = z.output<typeof CreatePrescriptionBody>;
export type PrescriptionChanges = z.output<typeof UpdatePrescriptionBody>;

// The stored figures: integer hundredths of a dioptre or millimetre; the axis in whole degrees.
export const hundredthColumns = [
  'od_sphere',
  'od_cylinder',
  'od_add',
  'od_prism',
  'od_base_curve',
  'od_diameter',
  'os_sphere',
  'os_cylinder',
  'os_add',
  'os_prism',
  'os_base_curve',
  'os_diameter',
  ...measurementFields,
] as const satisfies readonly FigureField[];

const plainColumns = [
  'contact_id',
  'kind',
  'examined_on',
  'expires_on',
  'prescriber',
  'prescriber_license',
  'notes',
  'od_axis',
  'od_prism_base',
  'od_visual_acuity',
  'os_axis',
  'os_prism_base',
  'os_visual_acuity',
] as const;

type Stored = Omit<
  PrescriptionTable,
  'id' | 'business_id' | 'created_at' | 'updated_at' | 'deleted_at' | 'created_by' | 'updated_by'
>;
type Figures = PrescriptionInput;

// Stored columns back to the API's dioptres and millimetres.
export function figuresOf(row: Stored): Figures {
  const figures: Record<string, unknown> = {};
  for (const column of plainColumns) figures[column] = row[column];
  for (const column of hundredthColumns) {
    const value = row[column];
    figures[column] = value === null ? null : Number(value) / 100;
  }
  return figures as Figures;
}

function columnsOf(figures: Figures): Stored {
  const columns: Record<string, unknown> = {};
  for (const column of plainColumns) columns[column] = figures[column] ?? null;
  for (const column of hundredthColumns) {
    const value = figures[column];
    columns[column] = typeof value === 'number' ? Math.round(value * 100) : null;
  }
  return columns as Stored;
}

// Validates the whole prescription and brings it to minus-cylinder form; the transposed sphere must still fit.
function checkedFigures(figures: Figures): Figures {
  const withExpiry = { ...figures, expires_on: figures.expires_on ?? defaultExpiry(figures.examined_on) };
  const errors = prescriptionErrors(withExpiry as PrescriptionFigures);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const transposed = toMinusCylinder(withExpiry as PrescriptionFigures) as Figures;
  const after = prescriptionErrors(transposed as PrescriptionFigures);
  for (const eye of ['od', 'os'] as const) {
    if (after[`${eye}_sphere`]) {
      throw fieldError(`${eye}_sphere`, 'In minus-cylinder form the sphere would pass ±30.00.');
    }
  }
  return transposed;
}

export async function createPrescription(context: PostingContext, input: PrescriptionInput): Promise<number> {
  await requireContactOfType(context, input.contact_id, 'contact_id', 'customer');
  const columns = columnsOf(checkedFigures(input));
  return enterDocument(context, 'prescriptions', {
    ...columns,
  });
}

// What was dispensed must stay traceable to what was prescribed: a used prescription is corrected by a new one.
export async function updatePrescription(
  context: PostingContext,
  id: number,
  changes: PrescriptionChanges,
): Promise<void> {
  const existing = await ownById(context, 'prescriptions', id).selectAll().executeTakeFirst();
  if (!existing) throw notFound();
  const user = await context.trx
    .selectFrom('job_orders')
    .select('number')
    .where('prescription_id', '=', id)
    .where('business_id', '=', context.businessId)
    .orderBy('id')
    .executeTakeFirst();
  if (user) {
    throw conflict(
      `Job order ${user.number} was made from this prescription, so it cannot be edited; record the correction as a new prescription.`,
    );
  }
  if (changes.contact_id !== undefined) {
    await requireContactOfType(context, changes.contact_id, 'contact_id', 'customer');
  }
  const merged = { ...figuresOf(existing), ...changes };
  await context.trx
    .updateTable('prescriptions')
    .set({ ...columnsOf(checkedFigures(merged)), updated_at: timestampOf(context), updated_by: context.userId })
    .where('id', '=', id)
    .execute();
}
