import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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

const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
} as const;

type Headers = Readonly<Record<string, string>>;

// Helmet's headers do not depend on the request, so they are read off it once: running it on every request
// parsed the policy anew each time, a few percent of a small API call.
function helmetHeaders(): Headers {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions)({} as unknown as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const overTls = helmetHeaders();
  // HSTS only means something on an answer that came over TLS (directly, or through the proxy's
  // X-Forwarded-Proto when TRUST_PROXY=1); over plain HTTP it would only mislead.
  const { 'strict-transport-security': _hsts, ...overPlainHttp } = overTls;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overTls : overPlainHttp);
    done();
  });
});
