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

// An API answer is data, never a page: OWASP's set for REST answers. A browser that opens one as a document may
// run nothing in it and frame it nowhere; no cache (the browser's or a proxy's) keeps a patient's prescription or
// a sale; no other site may load it. The page-only headers (the page's policy, the opener and agent-cluster
// isolation, DNS prefetching, the old IE and Flash switches) mean nothing on JSON, and each costs every call its
// share of the answer's head (docs/PERFORMANCE.md, What moved the numbers).
const apiHeaders: Headers = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

// The API's answers, not its browsable contract, whose page and scripts need the page's headers.
function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const overTls = helmetHeaders();
  // HSTS only means something on an answer that came over TLS (directly, or through the proxy's
  // X-Forwarded-Proto when TRUST_PROXY=1); over plain HTTP it would only mislead.
  const { 'strict-transport-security': hsts, ...overPlainHttp } = overTls;
  const apiOverTls: Headers = hsts ? { ...apiHeaders, 'strict-transport-security': hsts } : apiHeaders;
  app.addHook('onRequest', (request, reply, done) => {
    const tls = request.protocol === 'https';
    if (isApiCall(request.url)) reply.headers(tls ? apiOverTls : apiHeaders);
    else reply.headers(tls ? overTls : overPlainHttp);
    done();
  });
});
