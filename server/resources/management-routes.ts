import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ScryptCost } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { presentBusinesses } from './businesses.ts';
import { resourceContext } from './engine/routes.ts';

export type ManagementRouteOptions = { db: Kysely<Database>; now: () => Date; passwordCost: ScryptCost };

// The management calls beside plain CRUD: the business pickers of SPEC.md section 7.
export function registerManagementRoutes(app: FastifyInstance, options: ManagementRouteOptions): void {
  const businessList = async (request: Parameters<typeof resourceContext>[0]) => {
    const ctx = resourceContext(request, options);
    let query = ctx.db.selectFrom('businesses').selectAll().where('deleted_at', 'is', null);
    if (!ctx.identity.fullAccess) query = query.where('id', 'in', [...ctx.identity.businessIds, 0]);
    const rows = await query.orderBy('id', 'asc').execute();
    return { businesses: await presentBusinesses(rows) };
  };
  app.get('/api/businesses/get-all-businesses', businessList);
  app.get('/api/businesses/retrieve-all-businesses', businessList);
}
