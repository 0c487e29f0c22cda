import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../domain/refusal.ts';
import { xsrfCookie } from './cookies.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function sameToken(header: string, cookie: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Every state-changing request, sign-in included: no foreign Origin, the X-Requested-With header (a simple
// cross-site form cannot send it) and an X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie (double submit).
// Not async: it decides at once, and a hook that answers a promise costs one on every request.
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    checkOrigin(request);
    done();
  });
});

function checkOrigin(request: FastifyRequest): void {
  if (!stateChanging.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request)) throw forbidden('Cross-origin request refused.');
  const header = request.headers['x-xsrf-token'];
  const cookie = request.cookies[xsrfCookie];
  const valid =
    request.headers['x-requested-with'] === 'XMLHttpRequest' &&
    typeof header === 'string' &&
    typeof cookie === 'string' &&
    cookie.length > 0 &&
    sameToken(header, cookie);
  if (!valid) throw forbidden('CSRF token mismatch.');
}
