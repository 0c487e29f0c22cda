import { defineConfig } from 'orval';

// Two outputs from the one contract: typed TanStack Query hooks (with msw mocks) for the client, and zod
// schemas that both the client forms and the server's request validation use.
export default defineConfig({
  client: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: './generated/hooks',
      schemas: './generated/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      mock: { generators: [{ type: 'msw', delay: false }], indexMockFiles: true },
      override: {
        mutator: { path: './src/api/http-client.ts', name: 'httpClient' },
        query: { signal: true },
      },
    },
  },
  zod: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: './generated/zod',
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
      override: {
        zod: {
          strict: { param: true, query: true, header: true, body: true, response: true },
          coerce: { param: true, query: true },
        },
      },
    },
  },
});
