import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const capacity = 500;

type Cookies = Readonly<Record<string, string | undefined>>;

/**
 * `request.cookies`, parsed by @fastify/cookie's own parser but once per distinct Cookie header: a signed-in
 * client sends the same header on every call, and parsing it again (with a new container and a map for the
 * reply's cookies) was a measurable part of a small read (docs/PERFORMANCE.md). The parsed cookies are shared
 * between the requests that sent the same header, so they are frozen: nothing in the server writes to them.
 * Setting a cookie still works as the plugin makes it (it parses the header itself when first asked to).
 */
export const requestCookiesPlugin = fp(async (app: FastifyInstance) => {
  const parsed = new Map<string, Cookies>();
  const noCookies: Cookies = Object.freeze({});
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.cookie;
    if (!header) {
      request.cookies = noCookies as Record<string, string | undefined>;
      return done();
    }
    let cookies = parsed.get(header);
    if (cookies === undefined) {
      cookies = Object.freeze(app.parseCookie(header));
      parsed.set(header, cookies);
      if (parsed.size > capacity) parsed.delete(parsed.keys().next().value ?? header);
    }
    request.cookies = cookies as Record<string, string | undefined>;
    done();
  });
});
