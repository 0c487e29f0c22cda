import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueXsrfToken } from './cookies.ts';

// Serves the built client. Any GET outside /api that is not a file answers index.html, so that client-side
// routes survive a reload; the page also gets its XSRF-TOKEN cookie there.
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  if (!existsSync(join(clientDir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    issueXsrfToken(request, reply, { renew: false });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  app.get('/', { config: { access: { kind: 'public' } } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage) return sendIndex(request, reply);
    return reply.status(404).send({ message: 'Not Found.' });
  });
}
