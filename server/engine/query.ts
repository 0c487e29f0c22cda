import { sql } from 'kysely';
import { runReused } from '../db/reused-query.ts';
import { notFound } from '../domain/refusal.ts';
import { dynamic } from './dynamic.ts';
import type { AnyResource, RecordTableName, ResourceContext, Row, Scoped } from './resource.ts';

// The resource's rows the caller may see: its business's rows, or what `visibleIds` allows. Others do not exist.
export async function scopedRows(resource: AnyResource, ctx: ResourceContext): Promise<Scoped> {
  let query: Scoped = dynamic(ctx.db).selectFrom(resource.table).selectAll();
  if (resource.scope === 'business') query = query.where('business_id', '=', ctx.businessId);
  const visible = resource.visibleIds ? await resource.visibleIds(ctx) : null;
  if (visible !== null)
    query = visible.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('id', 'in', visible);
  return query;
}

export async function findRecord(
  resource: AnyResource,
  ctx: ResourceContext,
  id: number,
): Promise<Row<RecordTableName>> {
  const row =
    resource.scope === 'business' && !resource.visibleIds
      ? (
          await runReused(ctx.db, `record of ${resource.table}`, [ctx.businessId, id], ([business, record]) =>
            dynamic(ctx.db)
              .selectFrom(resource.table)
              .selectAll()
              .where('business_id', '=', business)
              .where('id', '=', record),
          )
        )[0]
      : await (await scopedRows(resource, ctx)).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No ${resource.singular} with id ${id}.`);
  return row as unknown as Row<RecordTableName>;
}

export async function presentOne(resource: AnyResource, ctx: ResourceContext, id: number): Promise<unknown> {
  const row = await findRecord(resource, ctx, id);
  const [record] = await resource.present(ctx, [row]);
  return record;
}
