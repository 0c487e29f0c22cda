import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { holdsAny } from '../auth/identity.ts';
import type { Database } from '../db/database.ts';
import { forbidden, unauthenticated } from './errors.ts';

// Enforces each route's declared access (request-context.ts): 401 without a session, 403 for a business the
// user is not in or a missing permission. Routes without a declaration need a signed-in user.
export const accessPlugin = fp(async (app: FastifyInstance, options: { db: Kysely<Database> }) => {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? { kind: 'user' };
    if (access.kind === 'public') return;
    const identity = request.identity;
    if (identity === null) throw unauthenticated();
    if (access.kind === 'business') request.businessId = await selectedBusiness(options.db, request);
    else request.businessId = usableBusinessHeader(request);
    if (access.permissions && !holdsAny(identity, access.permissions)) throw forbidden();
  });
});

async function selectedBusiness(db: Kysely<Database>, request: FastifyRequest): Promise<number> {
  const identity = request.identity;
  const raw = request.headers['business-id'];
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (identity === null || id === null) throw forbidden('Select a business first.');
  if (!identity.fullAccess && !identity.businessIds.includes(id))
    throw forbidden('You do not belong to this business.');
  const business = await db
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!business) throw forbidden('You do not belong to this business.');
  return id;
}

// Global routes do not need a business, but a create there (a new user) may default to the one selected.
function usableBusinessHeader(request: FastifyRequest): number | null {
  const raw = request.headers['business-id'];
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (id === null || request.identity === null) return null;
  return request.identity.fullAccess || request.identity.businessIds.includes(id) ? id : null;
}
