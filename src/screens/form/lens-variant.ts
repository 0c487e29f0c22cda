import { isAxiosError } from 'axios';
import { getItemVariantForPower } from '../../../generated/hooks/items/items.ts';
import { getPrescription } from '../../../generated/hooks/prescriptions/prescriptions.ts';
import type { Item } from '../../../generated/model/index.ts';

// What picking a lens family for an eye comes to: the variant of that eye's power, or why there is none.
export type LensPick = { item: Item } | { refusal: string };

export const notStocked = 'That power is not stocked.';
export const prescriptionFirst = 'Choose the prescription first: the lens is picked by its power.';

// The family's variant for the eye's sphere, cylinder and add in the chosen prescription (the server transposes a
// plus cylinder and answers 404 when the family has no such power).
export async function variantForEye(family: Item, eye: 'od' | 'os', prescriptionId: unknown): Promise<LensPick> {
  if (typeof prescriptionId !== 'number') return { refusal: prescriptionFirst };
  const rx = await getPrescription(prescriptionId);
  const cylinder = rx[`${eye}_cylinder`];
  const add = rx[`${eye}_add`];
  try {
    const item = await getItemVariantForPower(family.id, {
      sphere: rx[`${eye}_sphere`],
      ...(cylinder === null ? {} : { cylinder }),
      ...(add === null ? {} : { add }),
    });
    return { item };
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return { refusal: notStocked };
    throw error;
  }
}
