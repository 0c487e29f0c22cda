import type { OpticalKind } from '../../db/tables/optical-catalogue.ts';
import { type LensPower, minusCylinderPower, powerLabel } from '../../domain/lens-power.ts';
import type { FieldErrors } from '../../domain/refusal.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';

// The server's checks on what an order holds (docs/domain/eye-care.md, The server's checks on an order): a line's role
// fits its item, and a stock lens is the power the prescription gives its eye unless the line says why not.

export type CheckedLine = { role: string; item_id: number; power_note?: string | null | undefined };

const eyeOfRole: Readonly<Record<string, { eye: 'od' | 'os'; label: string }>> = {
  lens_od: { eye: 'od', label: 'Lens OD' },
  lens_os: { eye: 'os', label: 'Lens OS' },
};

const kindWords: Record<OpticalKind, string> = {
  frame: 'a frame',
  ophthalmic_lens: 'an ophthalmic lens',
  contact_lens: 'a contact lens',
};

export function promisedDateErrors(orderDate: string, promisedDate: string | null): FieldErrors {
  return promisedDate !== null && promisedDate < orderDate
    ? { promised_date: [`The promised date cannot be before the order date (${orderDate}).`] }
    : {};
}

const hasNote = (line: CheckedLine) => typeof line.power_note === 'string' && line.power_note.trim() !== '';

export async function lineErrors(
  context: PostingContext,
  lines: readonly CheckedLine[],
  prescriptionId: number | null,
): Promise<FieldErrors> {
  const items = new Map(
    (
      await context.trx
        .selectFrom('items')
        .leftJoin('item_types', 'item_types.id', 'items.item_type_id')
        .select([
          'items.id',
          'items.name',
          'items.sphere',
          'items.cylinder',
          'items.add_power',
          'item_types.optical_kind',
        ])
        .where('items.business_id', '=', context.businessId)
        .where('items.id', 'in', [...lines.map((line) => line.item_id), 0])
        .execute()
    ).map((item) => [item.id, item]),
  );
  const rx =
    prescriptionId === null
      ? undefined
      : await ownById(context, 'prescriptions', prescriptionId)
          .select(['kind', 'od_sphere', 'od_cylinder', 'od_add', 'os_sphere', 'os_cylinder', 'os_add'])
          .executeTakeFirst();
  const errors: FieldErrors = {};
  lines.forEach((line, index) => {
    const item = items.get(line.item_id);
    if (!item) return;
    const field = `lines.${index}.item_id`;
    const kind = item.optical_kind;
    const isA = kind ? `${item.name} is ${kindWords[kind]}` : `${item.name} is not an optical item`;
    if (line.role === 'frame' && kind !== 'frame') {
      errors[field] = [`A frame line takes a frame; ${isA}.`];
      return;
    }
    const lens = eyeOfRole[line.role];
    if (!lens) return;
    if (kind !== 'ophthalmic_lens' && kind !== 'contact_lens') {
      errors[field] = [`A ${lens.label} line takes an ophthalmic or contact lens; ${isA}.`];
      return;
    }
    if (kind === 'contact_lens' && rx && rx.kind !== 'contact_lenses') {
      errors[field] = [`${item.name} is a contact lens; it needs a contact-lens prescription, not a spectacles one.`];
      return;
    }
    if (!rx || item.sphere === null || hasNote(line)) return;
    const prescribed = minusCylinderPower(Number(rx[`${lens.eye}_sphere`]), Number(rx[`${lens.eye}_cylinder`] ?? 0));
    const rxAdd = rx[`${lens.eye}_add`] === null ? null : Number(rx[`${lens.eye}_add`]);
    const stocked: LensPower = {
      sphere: Number(item.sphere),
      cylinder: Number(item.cylinder ?? 0),
      add: item.add_power === null ? null : Number(item.add_power),
    };
    const matches =
      stocked.sphere === prescribed.sphere &&
      stocked.cylinder === prescribed.cylinder &&
      (stocked.add === null || stocked.add === rxAdd);
    if (matches) return;
    const eye = lens.eye.toUpperCase();
    const rxPower = powerLabel({ ...prescribed, add: stocked.add === null ? null : rxAdd });
    errors[field] = [
      `${lens.label} is ${powerLabel(stocked)} but the prescription's ${eye} is ${rxPower}: choose the lens of that power, or say why in the line's power note.`,
    ];
  });
  return errors;
}
