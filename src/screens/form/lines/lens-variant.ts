import { isAxiosError } from 'axios';
import { getItemVariantForPower, listItems } from '../../../../generated/hooks/items/items.ts';
import { getPrescription } from '../../../../generated/hooks/prescriptions/prescriptions.ts';
import type { Item } from '../../../../generated/model/index.ts';

// What picking a lens family for an eye comes to: the variant of that eye's power, or why there is none.
export type LensPick = { item: Item } | { refusal: string };

export const notStocked = 'That power is not stocked.';
export const prescriptionFirst = 'Choose the prescription first: the lens is picked by its power.';

// The family's variant for the eye's sphere, cylinder and add in the chosen prescription (the server transposes a
// plus cylinder and answers 404 when the family has no such power). A lens without variants is itself the lens.
export async function variantForEye(family: Item, eye: 'od' | 'os', prescriptionId: unknown): Promise<LensPick> {
  const variants = await listItems({ variant_of_item_id: family.id, per_page: 15 });
  if (variants.meta.total === 0) return { item: family };
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
