import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAny } from '../auth/identity.ts';
import { forbidden } from '../domain/refusal.ts';
import { businessHeader } from './business-header.ts';
import { unauthenticated } from './errors.ts';
import { permissionRefusal } from './permission-refusal.ts';

// Enforces each route's declared access (request-context.ts): 401 without a session, 403 for a business the
// user is not in or a missing permission. Routes without a declaration need a signed-in user.
// Not async: it decides at once, and a hook that answers a promise costs one on every request.
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    checkAccess(request);
    done();
  });
});

function checkAccess(request: FastifyRequest): void {
  if (request.is404) return;
  const access = request.routeOptions.config.access ?? { kind: 'user' };
  if (access.kind === 'public') return;
  const identity = request.identity;
  if (identity === null) throw unauthenticated();
  if (access.kind === 'business') request.businessId = selectedBusiness(request);
  else request.businessId = usableBusinessHeader(request);
  if (access.permissions && !holdsAny(identity, access.permissions))
    throw forbidden(permissionRefusal(access.permissions));
}

function selectedBusiness(request: FastifyRequest): number {
  const identity = request.identity;
  const id = businessHeader(request);
  if (identity === null || id === null) throw forbidden('Select a business first.');
  if (!identity.fullAccess && !identity.businessIds.includes(id))
    throw forbidden('You do not belong to this business.');
  if (identity.existingBusinessId !== id) throw forbidden('You do not belong to this business.');
  return id;
}

// Global routes do not need a business, but a create there (a new user) may default to the one selected.
function usableBusinessHeader(request: FastifyRequest): number | null {
  const id = businessHeader(request);
  if (id === null || request.identity === null) return null;
  return request.identity.fullAccess || request.identity.businessIds.includes(id) ? id : null;
}
