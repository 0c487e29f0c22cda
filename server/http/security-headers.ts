import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The browser's defences, on every answer (pages, files, the API, /api/docs, errors). Scripts come only from
// the app's own files, never inline; styles may be inline because Chakra (emotion) writes <style> tags at run
// time. Nothing may frame the app. No `upgrade-insecure-requests`: a shop may serve it over plain HTTP on its
// own network, where upgrading would break every request.
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  // HSTS only means something on an answer that came over TLS (directly, or through the proxy's
  // X-Forwarded-Proto when TRUST_PROXY=1); over plain HTTP it would only mislead.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') reply.removeHeader('strict-transport-security');
  });
});
