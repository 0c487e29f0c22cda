import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Hundredths, minusCylinderPower } from '../../domain/lens-power.ts';
import { unprocessable } from '../../domain/refusal.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';
import { ownById } from '../../ledger/references.ts';

// A stock lens is one item per power, a variant of its lens family (docs/domain/eye-care.md, Lenses by power). An eye's
// lens is the family's variant of that eye's prescribed power; a family itself is never dispensed.

export const notStockedMessage = 'That power is not stocked.';

// The family's active variant of a power (hundredths; a plus cylinder read in minus form), or null.
export async function variantOfPower(
  db: Kysely<Database>,
  businessId: number,
  familyId: number,
  power: { sphere: Hundredths; cylinder: Hundredths | null; add: Hundredths | null },
): Promise<number | null> {
  const { sphere, cylinder } = minusCylinderPower(power.sphere, power.cylinder ?? 0);
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('business_id', '=', businessId)
    .where('variant_of_item_id', '=', familyId)
    .where('sphere', '=', sphere)
    .where(sql<number>`coalesce(cylinder, 0)`, '=', cylinder)
    .where('deleted_at', 'is', null)
    .$if(power.add === null, (narrowed) => narrowed.where('add_power', 'is', null))
    .$if(power.add !== null, (narrowed) => narrowed.where('add_power', '=', power.add))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

type EyeLine = { role: string; item_id: number };
const eyeOfRole: Record<string, 'od' | 'os'> = { lens_od: 'od', lens_os: 'os' };

// A job order's lens line that names a lens family takes the family's variant of that eye's power in the order's
// prescription; a power the family lacks is a 422 on the line. Other lines are left as they are.
export async function lensLinesByPower<L extends EyeLine>(
  context: PostingContext,
  lines: readonly L[],
  prescriptionId: number | null,
): Promise<L[]> {
  const familyIds = lines.filter((line) => eyeOfRole[line.role]).map((line) => line.item_id);
  if (familyIds.length === 0 || prescriptionId === null) return [...lines];
  const families = new Set(
    (
      await context.trx
        .selectFrom('items')
        .select('variant_of_item_id')
        .distinct()
        .where('business_id', '=', context.businessId)
        .where('variant_of_item_id', 'in', familyIds)
        .where('deleted_at', 'is', null)
        .execute()
    ).map((row) => row.variant_of_item_id),
  );
  if (families.size === 0) return [...lines];
  const rx = await ownById(context, 'prescriptions', prescriptionId).selectAll().executeTakeFirst();
  if (!rx) return [...lines];
  const errors: Record<string, string[]> = {};
  const resolved: L[] = [];
  for (const [index, line] of lines.entries()) {
    const eye = eyeOfRole[line.role];
    if (!eye || !families.has(line.item_id)) {
      resolved.push(line);
      continue;
    }
    const variantId = await variantOfPower(context.trx, context.businessId, line.item_id, {
      sphere: Number(rx[`${eye}_sphere`]),
      cylinder: rx[`${eye}_cylinder`] === null ? null : Number(rx[`${eye}_cylinder`]),
      add: rx[`${eye}_add`] === null ? null : Number(rx[`${eye}_add`]),
    });
    if (variantId === null) errors[`lines.${index}.item_id`] = [notStockedMessage];
    resolved.push({ ...line, item_id: variantId ?? line.item_id });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return resolved;
}
