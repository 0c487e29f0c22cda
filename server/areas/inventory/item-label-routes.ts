import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { notFound } from '../../domain/refusal.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { pricesInEffect } from '../../ledger/default-prices.ts';

// What an item's price label prints (docs/domain/catalogue.md, Labels), under view-items alone: the clerk who
// labels a delivery reads the price the label carries without the price lists (view-sale-item-prices) behind it.
// Another business's item answers 404.
export function registerItemLabelRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.get(
    '/api/items/:id/label',
    { config: { access: { kind: 'business' as const, permissions: ['view-items'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const id = recordId(request);
      const businessId = ctx.businessId ?? 0;
      const item = await ctx.db
        .selectFrom('items')
        .select(['id', 'code', 'name', 'barcode'])
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!item) throw notFound();
      // The every-branch price in effect today: a label goes on a shelf of any branch.
      const price = await pricesInEffect(ctx.db, 'sale_item_prices', businessId, id, businessDate(new Date(ctx.now)))
        .select('unit_price')
        .where('branch_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return {
        item_id: item.id,
        code: item.code,
        name: item.name,
        barcode: item.barcode,
        unit_price: price ? centavosToPesos(Number(price.unit_price)) : null,
      };
    },
  );
}
