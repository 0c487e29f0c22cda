import type { ResourceContext, Row } from '../../engine/resource.ts';
import { readLabCredits } from './lab-credits.ts';

// What a job order reads of its remakes (docs/domain/eye-care.md, Remakes): the order it remakes and why, the standing
// remake made of it, and the lab credit it raised; linked both ways.
export async function remakeFieldsOf(ctx: ResourceContext, rows: readonly Row<'job_orders'>[]) {
  const ids = [...rows.map((row) => row.id), 0];
  const linked = await ctx.db
    .selectFrom('job_orders')
    .select(['id', 'number', 'remake_of_id'])
    .where('business_id', '=', ctx.businessId ?? 0)
    .where((eb) =>
      eb.or([
        eb('id', 'in', [...rows.map((row) => row.remake_of_id ?? 0), 0]),
        eb.and([eb('remake_of_id', 'in', ids), eb('deleted_at', 'is', null)]),
      ]),
    )
    .execute();
  const numberOf = new Map(linked.map((order) => [order.id, order.number]));
  const remadeAs = new Map(linked.filter((order) => order.remake_of_id !== null).map((o) => [o.remake_of_id, o]));
  const remakes = rows.filter((row) => row.remake_of_id !== null);
  const credits =
    remakes.length === 0 || ctx.businessId === null
      ? []
      : await readLabCredits(ctx.db, ctx.businessId, { jobOrderIds: remakes.map((row) => row.id) });
  const creditOf = new Map(credits.map((credit) => [credit.job_order_id, credit]));
  return (row: Row<'job_orders'>) => {
    const remake = remadeAs.get(row.id);
    return {
      remake_of_id: row.remake_of_id,
      remake_of_number: row.remake_of_id === null ? null : (numberOf.get(row.remake_of_id) ?? null),
      remake_reason: row.remake_reason,
      accountable: row.accountable,
      remade_as_id: remake?.id ?? null,
      remade_as_number: remake?.number ?? null,
      lab_credit: creditOf.get(row.id) ?? null,
    };
  };
}
