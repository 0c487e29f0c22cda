import type { FastifyInstance } from 'fastify';
import {
  GenerateItemPowersBody,
  GetItemPowerGridQueryParams,
  GetItemVariantForPowerQueryParams,
} from '../../../generated/zod/items/items.zod.ts';
import { retryTransaction } from '../../db/transaction-retry.ts';
import { presentOne } from '../../engine/query.ts';
import { type EngineOptions, recordId, resourceContext } from '../../engine/routes.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { itemsResource } from './items.ts';
import { generatePowers, powerGrid, variantForPower } from './lens-families.ts';

// The calls on a lens family: generate its powers (update-items), its power grid and the variant for a power
// (view-items). Another business's family answers 404 like any item.
export function registerLensFamilyRoutes(app: FastifyInstance, options: EngineOptions): void {
  const access = (permission: string) => ({
    config: { access: { kind: 'business' as const, permissions: [permission] } },
  });
  app.post('/api/items/:id/generate-powers', access('update-items'), async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const body = parseInput(GenerateItemPowersBody, request.body);
    return retryTransaction(() => ctx.db.transaction().execute((db) => generatePowers({ ...ctx, db }, id, body)));
  });
  app.get('/api/items/:id/power-grid', access('view-items'), async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const query = parseInput(GetItemPowerGridQueryParams, queryNumbers(request.query));
    return powerGrid(ctx, id, query);
  });
  app.get('/api/items/:id/variant-for-power', access('view-items'), async (request) => {
    const ctx = resourceContext(request, options);
    const id = recordId(request);
    const query = parseInput(GetItemVariantForPowerQueryParams, queryNumbers(request.query));
    const variantId = await variantForPower(ctx, id, query);
    return presentOne(itemsResource, ctx, variantId);
  });
}
