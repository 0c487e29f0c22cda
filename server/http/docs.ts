import { readFileSync } from 'node:fs';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';

// The contract, browsable at /api/docs exactly as openapi.yaml says it (no spec generated from routes).
export async function registerContractDocs(app: FastifyInstance, contractPath: string): Promise<void> {
  const contract: unknown = parse(readFileSync(contractPath, 'utf8'));
  app.decorate('swagger', () => contract);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: { kind: 'public' } };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
