import { readdirSync } from 'node:fs';
import { defineConfig } from 'orval';

// openapi.yaml is the root; each resource's paths and schemas live in their own file under openapi/<area>/, and its
// standard operations in openapi/generated/ (written by scripts/contract/generate.ts just before orval runs).
const externalRefs = {
  allow: readdirSync('openapi', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => `./openapi/${file}`),
};

// Two outputs from the one contract: typed TanStack Query hooks (with msw mocks) for the client, and zod
// schemas that both the client forms and the server's request validation use.
export default defineConfig({
  client: {
    input: { target: './openapi.yaml', parserOptions: { externalRefs } },
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
        contentType: { exclude: ['text/csv'] },
        query: { signal: true },
      },
    },
  },
  zod: {
    input: { target: './openapi.yaml', parserOptions: { externalRefs } },
    output: {
      mode: 'tags-split',
      target: './generated/zod',
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
      override: {
        contentType: { exclude: ['text/csv'] },
        zod: {
          strict: { param: true, query: true, header: true, body: true, response: true },
          coerce: { param: true, query: true },
        },
      },
    },
  },
});
