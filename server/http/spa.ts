import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, compress, type Encoding } from './compression.ts';
import { issueXsrfToken } from './cookies.ts';

const extensionOf: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
// Written by the build beside index.html (scripts/route-preloads.ts).
const routePreloadsFile = 'route-preloads.json';

export type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

// Serves the built client's files and answers index.html for the client-side routes (app.ts sends every GET
// outside /api that is not a file there, so that a reload keeps the route); the page also gets its XSRF-TOKEN.
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<PageSender | null> {
  if (!existsSync(join(clientDir, 'index.html'))) return null;
  // Read per request rather than through the static plugin's reply decorator, which lives only inside the
  // plugin's own scope and so is missing in the app's not-found handler.
  // The build leaves index.html.br and index.html.gz beside it (precompress.ts); a client that takes neither, or a
  // build without them, gets the page as it is.
  const hintedPage = await hintedPages(clientDir);
  const sendIndex: PageSender = async (request, reply) => {
    issueXsrfToken(request, reply, { renew: false });
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const hinted = hintedPage(request.url, encoding);
    if (hinted) {
      const body = await hinted;
      return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
    }
    const packed = encoding
      ? await readFile(join(clientDir, `index.html${extensionOf[encoding]}`)).catch(() => null)
      : null;
    if (encoding && packed) return reply.header('content-encoding', encoding).send(packed);
    return reply.send(await readFile(join(clientDir, 'index.html')));
  };
  await app.register(async (client) => {
    // The page and its files are what a signed-out visitor needs to reach the sign-in screen: every route
    // registered here (one per built file) is public.
    client.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { kind: 'public' } };
    });
    // Vite names each file under assets/ by its content's hash, so a browser may keep it for good: a reload at the
    // counter then asks for the page alone, not again for each of the scripts it loads (revalidating each one cost
    // a round trip apiece).
    const hashedFiles = join(clientDir, 'assets') + sep;
    // Each file goes as the build compressed it (brotli, else gzip, else as it is), with `Vary: Accept-Encoding`.
    await client.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.startsWith(hashedFiles)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    client.get('/', sendIndex);
  });
  return sendIndex;
}

// The page of an address whose first screen the build named (route-preloads.json: the counter's invoice form), with
// a modulepreload link for each of that screen's files, so that a phone fetches them beside the entry rather than
// after it has run. Each address's page is made and compressed once, on its first request.
async function hintedPages(
  clientDir: string,
): Promise<(url: string, encoding: Encoding | null) => Promise<Buffer> | null> {
  const listed = await readFile(join(clientDir, routePreloadsFile), 'utf8').catch(() => null);
  if (listed === null) return () => null;
  const preloads = JSON.parse(listed) as Record<string, string[]>;
  const page = await readFile(join(clientDir, 'index.html'), 'utf8');
  const made = new Map<string, Promise<Buffer>>();
  return (url, encoding) => {
    const path = url.split('?')[0]?.replace(/(.)\/$/, '$1') ?? '';
    const files = preloads[path];
    if (!files) return null;
    const key = `${path} ${encoding ?? 'identity'}`;
    let body = made.get(key);
    if (!body) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      const html = Buffer.from(page.replace('</head>', `${links}</head>`));
      body = encoding ? compress(html, encoding) : Promise.resolve(html);
      made.set(key, body);
    }
    return body;
  };
}
