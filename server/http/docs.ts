import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadContractDocument } from './contract-document.ts';

// The contract, browsable at /api/docs exactly as openapi.yaml says it. swagger-ui reads the document through
// the `swagger()` decorator of @fastify/swagger; this stands in for it, so no spec is generated from routes.
export async function registerContractDocs(app: FastifyInstance, contractPath: string): Promise<void> {
  const contract = loadContractDocument(contractPath);
  const contractSource = fp(
    async (instance: FastifyInstance) => {
      instance.decorate('swagger', () => contract);
    },
    { name: '@fastify/swagger' },
  );
  await app.register(contractSource);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: { kind: 'public' } };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
