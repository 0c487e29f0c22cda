import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueXsrfToken } from './cookies.ts';

export type PageSender = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

// Serves the built client's files and answers index.html for the client-side routes (app.ts sends every GET
// outside /api that is not a file there, so that a reload keeps the route); the page also gets its XSRF-TOKEN.
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<PageSender | null> {
  if (!existsSync(join(clientDir, 'index.html'))) return null;
  await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  const sendIndex: PageSender = (request, reply) => {
    issueXsrfToken(request, reply, { renew: false });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  app.get('/', { config: { access: { kind: 'public' } } }, sendIndex);
  return sendIndex;
}
