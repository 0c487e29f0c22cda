import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// In mock mode the msw service worker is served straight from the installed msw, so it always matches the library
// version and never lands in public/ or in a production build.
function mockServiceWorker(): Plugin {
  return {
    name: 'spectacle-mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', async (_request, response) => {
        const source = await readFile(require.resolve('msw/mockServiceWorker.js'), 'utf8');
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source);
      });
    },
  };
}

// `npm run dev` proxies the API to a running `npm start`; `npm run dev:mock` serves the generated msw mocks instead.
export default defineConfig(({ mode }) => ({
  plugins: mode === 'mock' ? [react(), mockServiceWorker()] : [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/login': 'http://127.0.0.1:8080',
      '/logout': 'http://127.0.0.1:8080',
    },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
